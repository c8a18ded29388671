// Reading named catalog files: each becomes an analysis, or a failed job that says why.

import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CoreServices } from '../../../src/main/services/core-services';
import { openCatalogPaths } from '../../../src/main/services/open-catalog-paths';
import type { CavemanError } from '../../../src/shared/errors';
import { MAX_INPUT_BYTES } from '../../../src/shared/errors';

const dir = mkdtempSync(join(tmpdir(), 'caveman-open-paths-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function recordingCore() {
  const started: { name: string; text: string; tokenizer: string }[] = [];
  const failed: { name: string; error: CavemanError }[] = [];
  const core: Pick<CoreServices, 'startAnalysis' | 'reportFailure'> = {
    startAnalysis(name, bytes, tokenizer) {
      started.push({ name, text: new TextDecoder().decode(bytes), tokenizer });
      return { jobId: `ok-${name}`, name };
    },
    reportFailure(name, error) {
      failed.push({ name, error });
      return { jobId: `failed-${name}`, name };
    },
  };
  return { core: core as CoreServices, started, failed };
}

const context = { clientId: 'w', emit: () => undefined };

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

    const { core, started, failed } = recordingCore();
    const jobs = await openCatalogPaths(core, [missing, good, folder, huge], { tokenizer: 'cl100k_base' }, context);

    expect(jobs.map((job) => job.jobId)).toEqual(['failed-missing.json', 'ok-tools.json', 'failed-folder.json', 'failed-huge.json']);
    expect(started).toEqual([{ name: 'tools.json', text: '{"tools":[]}', tokenizer: 'cl100k_base' }]);
    expect(failed.map(({ name, error }) => [name, error.code])).toEqual([
      ['missing.json', 'cave_not_found'],
      ['folder.json', 'cave_bad_request'],
      ['huge.json', 'cave_input_too_large'],
    ]);
    expect(failed[0]!.error.message).toBe(`cannot read missing.json (${missing}): there is no such file — nothing was stored`);
    expect(failed[1]!.error.message).toMatch(/^folder\.json is not a file/);
    expect(failed[2]!.error.message).toMatch(/^huge\.json is 32\.0 MiB, above the 32 MiB limit — nothing was read or stored$/);
  });
});
