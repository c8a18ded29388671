// `caveman-shrink recover HANDLE [--tool NAME]`: the original bytes on
// stdout, exactly — the whole catalog, or one tool's definition sliced from it.

import { asCavemanError } from '../../../shared/errors';
import { recover } from '../../library/recover';
import { recoverTool } from '../../library/recover-tool';
import { writeAll } from '../stdio';
import type { CommandIo } from './shrink-command';

export interface RecoverCommandOptions {
  store?: string | undefined;
  tool?: string | undefined;
}

export async function runRecoverCommand(handle: string, options: RecoverCommandOptions, io: CommandIo): Promise<number> {
  const storeOptions = options.store !== undefined ? { store: options.store } : {};
  let original: Uint8Array;
  try {
    original = options.tool === undefined ? recover(handle, storeOptions) : recoverTool(handle, options.tool, storeOptions).original;
  } catch (thrown) {
    await writeAll(io.stderr, `caveman-shrink recover: ${asCavemanError(thrown).message}\n`);
    return 1;
  }
  await writeAll(io.stdout, original);
  // A tool's definition ends without a newline; on a terminal the prompt would follow it on the same line. Piped, the bytes stay exact.
  if (options.tool !== undefined && (io.stdout as { isTTY?: boolean }).isTTY === true && original.at(-1) !== 0x0a) await writeAll(io.stdout, '\n');
  return 0;
}
