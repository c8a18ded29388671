// The one way main reads catalog files a person named on this machine — picked
// in the Open dialog, passed on the command line, handed over by the OS
// ("open with", a second launch) — and starts an analysis for each. A file
// that cannot be read becomes a failed job that says why, so every named file
// shows up in the window.

import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { JobStarted } from '../../shared/contracts';
import { CavemanError, MAX_INPUT_BYTES, NOTHING_STORED, inputTooLargeError, unreadableReason } from '../../shared/errors';
import type { TokenizerName } from '../../shared/tokenizers';
import type { ShrinkChoice } from '../../shared/ipc/caveman-api';
import type { CoreServices } from './core-services';
import type { CallContext } from './dispatch';

/** Starts one analysis per path, in order; unreadable or oversized files are failed jobs. */
export async function openCatalogPaths(
  core: CoreServices,
  paths: readonly string[],
  options: { tokenizer: TokenizerName } & ShrinkChoice,
  context: CallContext,
): Promise<JobStarted[]> {
  const jobs: JobStarted[] = [];
  for (const path of paths) {
    const name = basename(path);
    let bytes: Uint8Array;
    try {
      const info = await stat(path);
      if (!info.isFile()) throw new CavemanError('cave_bad_request', `${name} is not a file (${path}) — nothing was read or stored`);
      if (info.size > MAX_INPUT_BYTES) throw inputTooLargeError(name, info.size, { left: 'nothing_read_or_stored' });
      bytes = new Uint8Array(await readFile(path));
    } catch (error) {
      jobs.push(core.reportFailure(name, error instanceof CavemanError ? error : unreadable(name, path, error), context));
      continue;
    }
    jobs.push(core.startAnalysis(name, bytes, options.tokenizer, context, { shareSchemas: options.shareSchemas, level: options.level }));
  }
  return jobs;
}

function unreadable(name: string, path: string, error: unknown): CavemanError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return new CavemanError(code === 'ENOENT' ? 'cave_not_found' : 'cave_bad_request', `cannot read ${name} (${path}): ${unreadableReason(error)}`, {
    cause: error,
    outcome: NOTHING_STORED,
  });
}
