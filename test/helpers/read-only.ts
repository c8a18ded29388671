// Makes a file or folder read-only for the current user. Root ignores file
// modes, so as root (CI) the immutable attribute is used instead.

import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';

export function makeReadOnly(path: string): () => void {
  if (process.getuid?.() === 0) {
    execFileSync('chattr', ['+i', path]);
    return () => execFileSync('chattr', ['-i', path]);
  }
  const mode = statSync(path).mode & 0o777;
  chmodSync(path, statSync(path).isDirectory() ? 0o555 : 0o444);
  return () => chmodSync(path, mode);
}

/** True when makeReadOnly can work here (chattr available to root, or not root). */
export function canMakeReadOnly(): boolean {
  if (process.getuid?.() !== 0) return true;
  const probe = mkdtempSync(`${tmpdir()}/caveman-chattr-`);
  try {
    execFileSync('chattr', ['+i', probe], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}
