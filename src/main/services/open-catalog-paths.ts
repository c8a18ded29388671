// The one way main reads catalog files a person named on this machine — picked
// in the Open dialog, passed on the command line, handed over by the OS
// ("open with", a second launch) — and starts an analysis for each. A file
// that cannot be read becomes a job that failed before it started
// (early-failures.ts), so every named file shows up in the window.

import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { JobStarted } from '../../shared/contracts';
import { asCavemanError } from '../../shared/errors';
import type { TokenizerName } from '../../shared/tokenizers';
import type { ShrinkChoice } from '../../shared/ipc/caveman-api';
import { failBeforeStart } from '../../shared/ipc/early-failures';
import { readCatalogFile } from '../library/catalog-file';
import type { CoreServices } from './core-services';
import type { CallContext } from './dispatch';

/** Starts one analysis per path, in order; unreadable or oversized files are failed jobs. */
export async function openCatalogPaths(
  core: Pick<CoreServices, 'startAnalysis'>,
  paths: readonly string[],
  options: { tokenizer: TokenizerName } & ShrinkChoice,
  context: CallContext,
): Promise<JobStarted[]> {
  const fail = failBeforeStart(randomUUID, (event) => context.emit('jobFinished', event));
  const jobs: JobStarted[] = [];
  for (const path of paths) {
    const name = basename(path);
    let bytes: Uint8Array;
    try {
      bytes = await readCatalogFile(path, name);
    } catch (error) {
      jobs.push(fail(name, asCavemanError(error).toValue()));
      continue;
    }
    jobs.push(
      core.startAnalysis(name, bytes, options.tokenizer, context, { shareSchemas: options.shareSchemas, level: options.level, budget: options.budget }),
    );
  }
  return jobs;
}
