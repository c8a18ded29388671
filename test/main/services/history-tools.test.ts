// history:tools through the real services (store worker, real store): the
// tools behind a handle, each shortened or complete, and one tool's
// original text exactly as stored; an unknown name is a typed not-found.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisSummary, HistoryTools } from '../../../src/shared/contracts';
import { describeErrors, validatorFor } from '../../../src/main/contracts/contract-validator';
import { recoverTools } from '../../../src/main/lib';
import { createAppServices, type AppServices } from '../../../src/main/services/app-services';
import { serviceClient } from '../../helpers/services';
import { realFixture } from '../../helpers/fixtures';

let dir: string;
let services: AppServices;
const { call, finished, dispatch } = serviceClient(() => services);
const HISTORY_TOOLS = 'https://schemas.caveman-shrink.dev/v1/ipc.schema.json#/$defs/HistoryTools';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'caveman-history-tools-'));
  services = await createAppServices({ storePath: join(dir, 'ccr.db'), platform: 'browser' });
});
afterAll(async () => {
  await services.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('history:tools', () => {
  it("lists a handle's tools and gives one tool's original text exactly", async () => {
    const fixture = realFixture('server-filesystem.json');
    const started = await call<{ jobId: string }>('analyzeCatalog', { name: fixture.name, tokenizer: 'o200k_base', bytes: new Uint8Array(fixture.bytes) });
    const outcome = (await finished(started.jobId)) as AnalysisSummary;
    const handle = outcome.report.recovery_handle!;
    const expected = recoverTools(handle, { store: join(dir, 'ccr.db') });

    const listed = await call<HistoryTools>('getHistoryTools', { handle });
    const validate = validatorFor(HISTORY_TOOLS);
    expect(validate(listed), describeErrors(validate.errors)).toBe(true);
    expect(listed).toEqual({ tools: expected.map(({ name, shortened }) => ({ name, shortened })) });
    expect(listed.tools.filter((tool) => tool.shortened).length).toBeGreaterThan(0);

    const one = expected.find((tool) => tool.shortened)!;
    const answer = await call<HistoryTools>('getHistoryTools', { handle, name: one.name });
    expect(answer.original).toEqual({ name: one.name, shortened: true, text: one.text });
    expect(fixture.bytes.toString('utf8')).toContain(answer.original!.text);

    expect(await dispatch('getHistoryTools', { handle, name: 'nope' })).toMatchObject({ ok: false, code: 'cave_not_found' });
  });
});
