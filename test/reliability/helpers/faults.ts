// Ways to break a store on purpose, each with its undo: another process
// holding the write lock, a small file system that fills up, damaged bytes.
// Plus a fingerprint of files, to prove a failed call changed nothing.

import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, lstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { REPO } from './processes';

/**
 * Another OS process holding the store's write lock (BEGIN EXCLUSIVE) until
 * released, or until `releaseAfterMs` passed by its own clock (a library call
 * waiting for the lock blocks this process, which then cannot release it).
 */
export async function holdWriteLock(path: string, options: { releaseAfterMs?: number } = {}): Promise<{ release(): Promise<void> }> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.exec('BEGIN EXCLUSIVE');
    process.stdout.write('locked\\n');
    const release = () => { db.exec('ROLLBACK'); db.close(); process.exit(0); };
    if (process.argv[2]) setTimeout(release, Number(process.argv[2]));
    process.stdin.on('data', () => {});
    process.stdin.on('end', release);`;
  const args = ['-e', script, path, ...(options.releaseAfterMs !== undefined ? [String(options.releaseAfterMs)] : [])];
  const child = spawn(process.execPath, args, { cwd: REPO, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.on('error', () => undefined); // it may have let go (and exited) already
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((done) => child.on('close', done));
  await new Promise<void>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString('utf8').includes('locked') && done());
    void exited.then((code) => fail(new Error(`the lock holder exited ${code}: ${stderr}`)));
  });
  return {
    async release() {
      child.stdin.end();
      await exited;
    },
  };
}

/** True when this process may mount a tmpfs (root with CAP_SYS_ADMIN); the disk-full fault needs it. */
export function canMountTmpfs(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'caveman-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

/** A fresh tmpfs of `size` (e.g. "2m") at `path`; returns the unmount. */
export function mountTmpfs(path: string, size: string): () => void {
  mkdirSync(path, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', path]);
  return () => execFileSync('umount', ['-l', path]);
}

/** Writes `file` until the file system is full; returns its removal. */
export function fillDisk(file: string): () => void {
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(4096, 0x55);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return () => rmSync(file, { force: true });
}

/** Moves every committed page into the main file and removes the -wal, so the file alone holds the store. */
export function checkpoint(path: string): void {
  const db = new Database(path);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close(); // the last connection to close removes the -wal file
}

/** Overwrites every page after the first (the header page stays valid) with garbage. */
export function scrambleBTreePages(path: string): void {
  const bytes = readFileSync(path);
  const pageSize = bytes.readUInt16BE(16) === 1 ? 65536 : bytes.readUInt16BE(16);
  const fd = openSync(path, 'r+');
  try {
    for (let offset = pageSize; offset < bytes.length; offset += pageSize) writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, offset);
  } finally {
    closeSync(fd);
  }
}

/** The bytes and mode of every file among `paths` that exists (symlinks as links), to compare before and after. */
export function fingerprint(paths: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const path of paths) {
    if (!existsSync(path) && !isLink(path)) continue;
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) out[path] = 'symlink';
    else if (stats.isDirectory()) out[path] = `dir ${(stats.mode & 0o7777).toString(8)}`;
    else out[path] = `${(stats.mode & 0o7777).toString(8)} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
  }
  return out;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
