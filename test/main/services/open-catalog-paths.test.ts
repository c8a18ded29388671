// Reading named catalog files: each becomes an analysis, or a failed job that says why.

import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CoreServices } from '../../../src/main/services/core-services';
import type { CallContext } from '../../../src/main/services/dispatch';
import { openCatalogPaths } from '../../../src/main/services/open-catalog-paths';
import type { JobFinishedEvent } from '../../../src/shared/contracts';
import { MAX_INPUT_BYTES, errorSentence } from '../../../src/shared/errors';

const dir = mkdtempSync(join(tmpdir(), 'caveman-open-paths-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function recordingCore() {
  const started: { name: string; text: string; tokenizer: string }[] = [];
  const core: Pick<CoreServices, 'startAnalysis'> = {
    startAnalysis(name, bytes, tokenizer) {
      started.push({ name, text: new TextDecoder().decode(bytes), tokenizer });
      return { jobId: `ok-${name}`, name };
    },
  };
  return { core, started };
}

/** A window's context that records the jobFinished events it is sent; `arrived(n)` waits for the n-th. */
function recordingContext() {
  const finished: JobFinishedEvent[] = [];
  const waiting = new Set<() => void>();
  const context: CallContext = {
    clientId: 'w',
    emit: (event, payload) => {
      if (event !== 'jobFinished') return;
      finished.push(payload as JobFinishedEvent);
      waiting.forEach((check) => check());
    },
  };
  const arrived = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => finished.length >= count && (waiting.delete(check), resolve());
      waiting.add(check);
      check();
    });
  return { context, finished, arrived };
}

describe('openCatalogPaths', () => {
  it('starts an analysis per readable file and a failed job per unreadable one, in the order named', async () => {
    const good = join(dir, 'tools.json');
    writeFileSync(good, '{"tools":[]}');
    const folder = join(dir, 'folder.json');
    mkdirSync(folder);
    const huge = join(dir, 'huge.json');
    writeFileSync(huge, '');
    truncateSync(huge, MAX_INPUT_BYTES + 1);
    const missing = join(dir, 'missing.json');

    const { core, started } = recordingCore();
    const { context, finished, arrived } = recordingContext();
    const jobs = await openCatalogPaths(core, [missing, good, folder, huge], { tokenizer: 'cl100k_base' }, context);

    expect(jobs.map((job) => job.name)).toEqual(['missing.json', 'tools.json', 'folder.json', 'huge.json']);
    expect(jobs[1]!.jobId).toBe('ok-tools.json');
    expect(started).toEqual([{ name: 'tools.json', text: '{"tools":[]}', tokenizer: 'cl100k_base' }]);
    await arrived(3);
    // Each unreadable file is a job of its own that ends with its failure, in the order named.
    expect(finished.map((event) => event.jobId)).toEqual([jobs[0]!.jobId, jobs[2]!.jobId, jobs[3]!.jobId]);
    const failed = finished.map(({ outcome }) => (outcome.ok ? null : { name: outcome.name, error: outcome.error }));
    expect(failed.map((failure) => [failure?.name, failure?.error.code])).toEqual([
      ['missing.json', 'cave_not_found'],
      ['folder.json', 'cave_bad_request'],
      ['huge.json', 'cave_input_too_large'],
    ]);
    // What each left behind travels as data; the sentence a person reads is written from it.
    expect(failed.map((failure) => failure?.error.outcome)).toEqual([
      { left: 'nothing_stored' },
      { left: 'nothing_read_or_stored' },
      { left: 'nothing_read_or_stored' },
    ]);
    expect(errorSentence(failed[0]!.error)).toBe(`cannot read missing.json (${missing}): there is no such file — nothing was stored`);
    expect(errorSentence(failed[1]!.error)).toBe(`folder.json is not a file (${folder}) — nothing was read or stored`);
    expect(errorSentence(failed[2]!.error)).toBe('huge.json is 32.0 MiB, above the 32 MiB limit — nothing was read or stored');
  });
});
