// The store can hold secrets copied from tool descriptions, so its folder is
// private (0700) and the database file private (0600) before SQLite ever
// touches it; SQLite then gives the -wal/-shm files the database file's mode.
// This module also decides, up front, whether the file can be written at all.
import fs from 'node:fs';
import path from 'node:path';
import { CavemanError } from '../../shared/errors';

export const FOLDER_MODE = 0o700;
export const FILE_MODE = 0o600;
export const SIDECAR_SUFFIXES = ['-wal', '-shm'] as const;

export type FileAccess = 'read-write' | 'read-only';

function errnoOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'unknown error';
}

/** What file-system error codes mean for a store path, in words a person can act on. */
const CODE_WORDS: Readonly<Record<string, string>> = {
  ENOTDIR: 'part of its path is a file, not a folder',
  ELOOP: 'its path loops through symbolic links',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  ENAMETOOLONG: 'its path is too long',
};

/** "permission denied, EPERM" — or just the code when there are no better words (the code stays, for searching). */
function inWords(code: string): string {
  return CODE_WORDS[code] ? `${CODE_WORDS[code]}, ${code}` : code;
}

function unavailable(dbPath: string, reason: string, cause?: unknown): CavemanError {
  return new CavemanError('cave_store_unavailable', `the recovery store at ${dbPath} ${reason}`, { cause });
}

function statOrUndefined(target: string): fs.Stats | undefined {
  try {
    return fs.statSync(target);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return undefined;
    throw error;
  }
}

function ownedByUs(stats: fs.Stats): boolean {
  const uid = process.getuid?.();
  return uid === undefined || stats.uid === uid;
}

/**
 * Brings a file we own down to at most `mode` (0600): group and other bits go,
 * but no permission is ever added, so a file its owner made read-only (0400)
 * stays read-only. Files owned by someone else, or a failing chmod, are left
 * as they are.
 */
function tighten(target: string, mode: number): void {
  try {
    const stats = statOrUndefined(target);
    if (stats === undefined || !ownedByUs(stats)) return;
    const tightened = stats.mode & mode;
    if ((stats.mode & 0o777) !== tightened) fs.chmodSync(target, tightened);
  } catch {
    // Not ours to change (or a read-only file system): SQLite's own checks decide what happens next.
  }
}

function ensureFolder(dbPath: string, create: boolean): void {
  const folder = path.dirname(dbPath);
  const stats = statOrUndefined(folder);
  if (stats !== undefined) {
    if (!stats.isDirectory()) throw unavailable(dbPath, `cannot be used: ${folder} is not a folder`);
    return;
  }
  if (!create) throw unavailable(dbPath, `does not exist (no folder ${folder})`);
  try {
    fs.mkdirSync(folder, { recursive: true, mode: FOLDER_MODE });
    fs.chmodSync(folder, FOLDER_MODE);
  } catch (error) {
    throw unavailable(dbPath, `cannot be created: the folder ${folder} cannot be made (${inWords(errnoOf(error))})`, error);
  }
}

function createDatabaseFile(dbPath: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dbPath, 'wx', FILE_MODE);
    fs.fchmodSync(fd, FILE_MODE);
  } catch (error) {
    if (errnoOf(error) !== 'EEXIST') throw unavailable(dbPath, `cannot be created (${inWords(errnoOf(error))})`, error);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * True for an empty file or one that starts like a SQLite database. Only such
 * a file is ours to tighten: a path that leads (say, through a symbolic link)
 * to someone's notes must fail as "not a database" with its mode untouched.
 */
function mayBeStore(target: string): boolean {
  let fd: number | undefined;
  try {
    fd = fs.openSync(target, 'r');
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const read = fs.readSync(fd, head, 0, head.length, 0);
    return read === 0 || head.equals(SQLITE_HEADER);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function ensureDatabaseFile(dbPath: string, create: boolean): void {
  let stats = statOrUndefined(dbPath);
  if (stats === undefined) {
    const link = linkTarget(dbPath);
    if (link !== undefined) throw unavailable(dbPath, `is a symbolic link to ${link}, which does not exist`);
    if (!create) throw unavailable(dbPath, 'does not exist');
    createDatabaseFile(dbPath);
    stats = fs.statSync(dbPath);
  }
  if (stats.isDirectory()) throw unavailable(dbPath, 'cannot be opened: the path is a folder, not a database file');
  if (!stats.isFile()) throw unavailable(dbPath, 'cannot be opened: the path is not a regular file');
  if (mayBeStore(dbPath)) tighten(dbPath, FILE_MODE);
}

/** Where `target` points when it is a symbolic link, else undefined. */
function linkTarget(target: string): string | undefined {
  try {
    return fs.readlinkSync(target);
  } catch {
    return undefined;
  }
}

function canAccess(target: string, mode: number): boolean {
  try {
    fs.accessSync(target, mode);
    return true;
  } catch {
    return false;
  }
}

/** Gives existing -wal/-shm files we own the database file's private mode (never more). */
export function tightenSidecars(dbPath: string): void {
  for (const suffix of SIDECAR_SUFFIXES) tighten(dbPath + suffix, FILE_MODE);
}

/** Which -wal/-shm files of a store existed, and how long its -wal was, at one moment. */
export interface SidecarState {
  existing: ReadonlySet<string>;
  walBytes: number;
}

export function sidecarState(dbPath: string): SidecarState {
  const existing = new Set<string>();
  let walBytes = 0;
  for (const suffix of SIDECAR_SUFFIXES) {
    const stats = statOrUndefined(dbPath + suffix);
    if (stats === undefined) continue;
    existing.add(dbPath + suffix);
    if (suffix === '-wal') walBytes = stats.size;
  }
  return { existing, walBytes };
}

/**
 * SQLite makes the -wal/-shm files a WAL database needs even to read it, and
 * only a writer ever removes them: after a connection to a file we may not
 * write is closed, they would stay behind with that file's read-only mode
 * (0400). This removes the ones that did not exist `before` it opened,
 * unless the -wal has changed since — then a writer (one allowed to write
 * what we may not) is using them and they are its to remove.
 */
export function removeSidecarsMadeSince(dbPath: string, before: SidecarState): void {
  const now = sidecarState(dbPath);
  if (now.walBytes !== before.walBytes) return;
  for (const file of now.existing) {
    if (before.existing.has(file)) continue;
    try {
      fs.unlinkSync(file);
    } catch {
      // Already gone, or not ours to remove: the store itself is unaffected.
    }
  }
}

/**
 * Makes `dbPath` ready for SQLite: a private folder and a private database
 * file (created only when `create`), and says whether we may write to it.
 * Writing also needs the folder, where SQLite keeps the -wal/-shm files.
 * Throws cave_store_unavailable when the path cannot be a readable store.
 */
export function prepareStoreFiles(dbPath: string, options: { create: boolean }): FileAccess {
  try {
    ensureFolder(dbPath, options.create);
    ensureDatabaseFile(dbPath, options.create);
  } catch (error) {
    if (error instanceof CavemanError) throw error;
    const code = errnoOf(error);
    const verb = code === 'ENOTDIR' ? 'cannot be used' : 'cannot be opened';
    throw unavailable(dbPath, CODE_WORDS[code] ? `${verb}: ${CODE_WORDS[code]} (${code})` : `${verb} (${code})`, error);
  }
  tightenSidecars(dbPath);
  if (!canAccess(dbPath, fs.constants.R_OK)) throw unavailable(dbPath, 'cannot be read (permission denied)');
  const writable = canAccess(dbPath, fs.constants.W_OK) && canAccess(path.dirname(dbPath), fs.constants.W_OK);
  return writable ? 'read-write' : 'read-only';
}
