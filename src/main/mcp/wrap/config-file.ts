// Reading and writing a client's config file so that nothing is ever half
// written or silently lost: a new text goes to a temporary file in the same
// folder (same mode) and is renamed over the file, only if the file still
// holds exactly the bytes that were read; the backup is created, never
// overwritten. A symbolic link is followed: the file it points to is the
// one written (a link in a dotfiles folder stays a link).

import { createHash, randomBytes } from 'node:crypto';
import { open, readFile, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { MAX_INPUT_BYTES, configTooLargeError } from '../../../shared/errors';
import type { EntryRef } from './config-document';
import { WrapRefusal } from './wrap-refusal';

export interface ConfigRead {
  /** The file itself (a link resolved). */
  path: string;
  bytes: Buffer;
  text: string;
  /** Permission bits, given to what replaces it and to its backup. */
  mode: number;
  /** Its owner, to tell whether its mode lets this process write it. */
  uid: number;
  gid: number;
}

export async function readConfig(path: string): Promise<ConfigRead> {
  let real: string;
  try {
    real = await realpath(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new WrapRefusal('missing-file', `${path} does not exist`);
    throw new WrapRefusal('unreadable', `could not read ${path}: ${(error as Error).message}`);
  }
  try {
    const info = await stat(real);
    if (!info.isFile()) throw new WrapRefusal('unreadable', `${path} is not a file`);
    if (info.size > MAX_INPUT_BYTES) throw new WrapRefusal('unreadable', configTooLargeError(basename(path), info.size).message);
    const bytes = await readFile(real);
    const text = bytes.toString('utf8');
    if (!Buffer.from(text, 'utf8').equals(bytes)) throw new WrapRefusal('unknown-format', `${path} is not UTF-8 text, as every MCP client config is`);
    return { path: real, bytes, text, mode: info.mode & 0o7777, uid: info.uid, gid: info.gid };
  } catch (error) {
    if (error instanceof WrapRefusal) throw error;
    throw new WrapRefusal('unreadable', `could not read ${path}: ${(error as Error).message}`);
  }
}

/**
 * Refuses a file whose mode says this process may not write it. Replacing
 * it by a rename would work (the folder is writable), and root may write it
 * anyway, but someone made it read-only on purpose: say so and leave it.
 */
export function assertWritable(read: ConfigRead, user = currentUser()): void {
  const bits = user === undefined || user.uid === 0 ? 0o222 : user.uid === read.uid ? 0o200 : user.gids.includes(read.gid) ? 0o020 : 0o002;
  if ((read.mode & bits) !== 0) return;
  throw new WrapRefusal(
    'read-only',
    `${read.path} is read-only (mode ${(read.mode & 0o777).toString(8).padStart(4, '0')}), so it is left as it is; make it writable ` +
      `(chmod u+w) and run it again — nothing was changed`,
  );
}

/** Who this process is, where the platform says (Windows: no owner bits, only the read-only flag). */
function currentUser(): { uid: number; gids: number[] } | undefined {
  if (typeof process.getuid !== 'function') return undefined;
  return { uid: process.getuid(), gids: [process.getgid?.() ?? -1, ...(process.getgroups?.() ?? [])] };
}

/** The backup beside the file, one per server: `<file>.caveman-shrink-<name>.bak` (a hash is added when the name needs escaping or belongs to a project). */
export function backupPathFor(configPath: string, ref: EntryRef): string {
  const safe = ref.server.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64);
  const exact = safe === ref.server && ref.project === undefined;
  const tag = exact
    ? safe
    : `${safe}-${createHash('sha256')
        .update(`${ref.project ?? ''}\0${ref.server}`)
        .digest('hex')
        .slice(0, 8)}`;
  return join(dirname(configPath), `${basename(configPath)}.caveman-shrink-${tag}.bak`);
}

/** The backup's text, or undefined when there is none. */
export async function readBackup(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new WrapRefusal('unreadable', `could not read the backup ${path}: ${(error as Error).message}`);
  }
}

export async function backupExists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Creates the backup with the file's bytes; refuses (backup-in-the-way) when one is already there. */
export async function createBackup(path: string, read: ConfigRead): Promise<void> {
  let handle;
  try {
    handle = await open(path, 'wx', read.mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw backupInTheWay(path);
    throw new WrapRefusal('unreadable', `could not write the backup ${path}: ${(error as Error).message}`);
  }
  try {
    await handle.writeFile(read.bytes);
    await handle.chmod(read.mode);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function backupInTheWay(path: string): WrapRefusal {
  return new WrapRefusal(
    'backup-in-the-way',
    `a backup from an earlier wrap of this server is in the way: ${path} (unwrap first, or move it away); nothing was changed`,
  );
}

export async function removeBackup(path: string): Promise<void> {
  await unlink(path);
}

/** Replaces the file with `text` in one rename; refuses (changed-since-read) when it no longer holds the bytes that were read. */
export async function replaceConfig(read: ConfigRead, text: string): Promise<void> {
  const temporary = join(dirname(read.path), `.${basename(read.path)}.caveman-shrink-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  let handle;
  try {
    handle = await open(temporary, 'wx', read.mode);
  } catch (error) {
    throw new WrapRefusal('unwritable', `could not write beside ${read.path}: ${(error as Error).message}; nothing was changed`);
  }
  try {
    try {
      await handle.writeFile(text, 'utf8');
      await handle.chmod(read.mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await assertUnchanged(read);
    await rename(temporary, read.path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

async function assertUnchanged(read: ConfigRead): Promise<void> {
  let now: Buffer;
  try {
    now = await readFile(read.path);
  } catch {
    now = Buffer.alloc(0);
  }
  if (!now.equals(read.bytes))
    throw new WrapRefusal(
      'changed-since-read',
      `${read.path} changed while it was being edited (another program wrote it); nothing was written — run it again`,
    );
}
