// Which files a store's connection has open — the database, its -wal and its
// -shm, by device and inode — and whether they could still be written. SQLite
// holds them by descriptor, so a connection can outlive what is at the path:
// - deleted or replaced (a new store, or garbage, at the path): the
//   connection goes on committing into the old file, where no other process
//   will ever look, and a handle it hands out can never be recovered;
// - made immutable (`chattr +i`) or on a file system remounted read-only:
//   SQLite keeps the -shm mapped into memory (the WAL index; the database
//   itself is not mapped, see open-connection.ts), and its next write to a
//   page of that mapping is a SIGBUS that kills the whole process.
// Both are only visible from outside the connection: these checks look.
import fs from 'node:fs';

export type StoreFileRole = 'database' | 'wal' | 'shm';

const SUFFIX: Readonly<Record<StoreFileRole, string>> = { database: '', wal: '-wal', shm: '-shm' };
const ROLES = Object.keys(SUFFIX) as StoreFileRole[];

export function storeFilePath(dbPath: string, role: StoreFileRole): string {
  return dbPath + SUFFIX[role];
}

interface FileMark {
  dev: number;
  ino: number;
  /** It could not be written already when the connection opened it (so SQLite mapped nothing of it for writing). */
  frozen: boolean;
}

/** The files of one connection, as they were right after it opened them (absent: the connection had none). */
export type StoreFileMarks = Partial<Record<StoreFileRole, FileMark>>;

/** How the files at the path differ from the connection's. */
export type StoreFilesChange =
  /** A file at the path is not the one the connection has open (deleted, or something else put there). */
  | { kind: 'moved'; role: StoreFileRole }
  /** A file the connection could write can no longer be written (immutable, or a read-only file system). */
  | { kind: 'frozen'; role: StoreFileRole; code: string };

function statOrUndefined(target: string): fs.Stats | undefined {
  try {
    return fs.statSync(target);
  } catch {
    return undefined;
  }
}

/**
 * Why a file can never be written, whoever asks: EPERM (immutable or
 * append-only; root gets it too) or EROFS. Permission bits are no such
 * reason — a descriptor opened for writing keeps writing after a chmod.
 */
export function frozenCode(target: string): string | undefined {
  try {
    fs.accessSync(target, fs.constants.W_OK);
    return undefined;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return code === 'EPERM' || code === 'EROFS' ? code : undefined;
  }
}

/** The files at `dbPath` now; call right after a connection opened them. */
export function markStoreFiles(dbPath: string): StoreFileMarks {
  const marks: StoreFileMarks = {};
  for (const role of ROLES) {
    const path = storeFilePath(dbPath, role);
    const stats = statOrUndefined(path);
    if (stats) marks[role] = { dev: stats.dev, ino: stats.ino, frozen: frozenCode(path) !== undefined };
  }
  return marks;
}

/** A frozen file first (the connection must not be touched at all), else the first file that moved; undefined when all are as marked. */
export function storeFilesChange(dbPath: string, marks: StoreFileMarks): StoreFilesChange | undefined {
  let moved: StoreFilesChange | undefined;
  for (const role of ROLES) {
    const mark = marks[role];
    if (!mark) continue;
    const path = storeFilePath(dbPath, role);
    const stats = statOrUndefined(path);
    if (!stats || stats.dev !== mark.dev || stats.ino !== mark.ino) {
      moved ??= { kind: 'moved', role };
      continue;
    }
    const code = mark.frozen ? undefined : frozenCode(path);
    if (code) return { kind: 'frozen', role, code };
  }
  return moved;
}

/**
 * True when closing the connection cannot remove another store's files:
 * SQLite's last close deletes the -wal and -shm *by name*, so each must be
 * gone or still the connection's own.
 */
export function sidecarsStillOurs(dbPath: string, marks: StoreFileMarks): boolean {
  return (['wal', 'shm'] as const).every((role) => {
    const stats = statOrUndefined(storeFilePath(dbPath, role));
    const mark = marks[role];
    return !stats || (mark !== undefined && stats.dev === mark.dev && stats.ino === mark.ino);
  });
}
