// `caveman-shrink recover HANDLE`: the original bytes on stdout, exactly.

import { asCavemanError } from '../../../shared/errors';
import { recover } from '../../api/recover';
import { writeAll } from '../stdio';
import type { CommandIo } from './shrink-command';

export async function runRecoverCommand(handle: string, options: { store?: string | undefined }, io: CommandIo): Promise<number> {
  let original: Uint8Array;
  try {
    original = recover(handle, options.store !== undefined ? { store: options.store } : {});
  } catch (thrown) {
    await writeAll(io.stderr, `caveman-shrink recover: ${asCavemanError(thrown).message}\n`);
    return 1;
  }
  await writeAll(io.stdout, original);
  return 0;
}
