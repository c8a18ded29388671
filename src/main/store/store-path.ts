// Where the recovery store lives and how big it may grow, decided from the
// environment the same way the Go caveman tools decide it (SPEC §3).
import os from 'node:os';
import path from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/** 512 MiB of retained original bytes (SPEC §3). */
export const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;

export const STORE_FILE_NAME = 'ccr.db';

function nonBlank(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

/** `CAVEMAN_CCR_DB`, else `$CAVEMAN_HOME/ccr.db`, else `~/.caveman/ccr.db`; blank variables count as unset. */
export function resolveStorePath(env: Env = process.env, home: string = os.homedir()): string {
  const explicit = nonBlank(env.CAVEMAN_CCR_DB);
  if (explicit !== undefined) return explicit;
  const cavemanHome = nonBlank(env.CAVEMAN_HOME);
  if (cavemanHome !== undefined) return path.join(cavemanHome, STORE_FILE_NAME);
  return path.join(home, '.caveman', STORE_FILE_NAME);
}

/** `CAVEMAN_CCR_MAX_BYTES` when it is a positive decimal integer; anything else falls back to the default. */
export function resolveMaxBytes(env: Env = process.env): number {
  const raw = env.CAVEMAN_CCR_MAX_BYTES?.trim() ?? '';
  if (!/^[0-9]+$/.test(raw)) return DEFAULT_MAX_BYTES;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_MAX_BYTES;
}
