// Where the recovery store lives and how big it may grow, decided from the
// environment the same way the Go caveman tools decide it (docs/store.md).
import os from 'node:os';
import path from 'node:path';
import { invalidBudgetError } from './store-errors';

type Env = Readonly<Record<string, string | undefined>>;

/** 512 MiB of retained original bytes (docs/store.md). */
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

/**
 * `CAVEMAN_CCR_MAX_BYTES` as a positive decimal integer, or the 512 MiB
 * default when it is unset or blank. Any other value throws cave_bad_request
 * naming the variable: a typo must not silently become the default.
 */
export function resolveMaxBytes(env: Env = process.env): number {
  const raw = env.CAVEMAN_CCR_MAX_BYTES;
  const text = raw?.trim() ?? '';
  if (text === '') return DEFAULT_MAX_BYTES;
  const value = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isSafeInteger(value) && value > 0) return value;
  throw invalidBudgetError('CAVEMAN_CCR_MAX_BYTES', raw ?? '');
}
