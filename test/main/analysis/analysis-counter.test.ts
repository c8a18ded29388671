import { afterAll, describe, expect, it } from 'vitest';
import { analysisCounter, ANALYSIS_MIN_PARALLEL_CHARS } from '../../../src/main/analysis/analysis-counter';
import { analyzeCatalog } from '../../../src/main/analysis/analyze-catalog';
import type { SharedCountJob } from '../../../src/main/engine/tokens/count-job';
import type { CountText } from '../../../src/main/engine/tokens';
import { lint } from '../../../src/main/library/lint';
import { shrink } from '../../../src/main/library/shrink';
import type { AnalysisSummary, LintReport } from '../../../src/shared/contracts';
import { realFixture } from '../../helpers/fixtures';

// The jobs worker's counter (one counting thread, as on a machine of two cores), watched: which texts it was given and how many
// counting threads each was handed to. Read as begin() returns: a thread that has finished its chunks releases the job, so its
// count of threads falls back to 0 by the time the analysis ends (read then, the check failed whenever the releases won the race).
const counter = analysisCounter();
const begun: { length: number; handedTo: number }[] = [];
const begin = counter.begin.bind(counter);
counter.begin = (text: CountText, ...rest) => {
  const job = begin(text, ...rest);
  begun.push({ length: text.length, handedTo: (job as SharedCountJob).workers });
  return job;
};
afterAll(() => counter.close());

describe('the jobs worker’s counter', () => {
  it('hands a small catalog’s counts to its counting thread (they run while the job’s thread checks), and counts exactly', async () => {
    const fixture = realFixture('server-github.json');
    begun.length = 0;
    const bytes = new Uint8Array(fixture.bytes);
    const product = await analyzeCatalog({ analysisId: 'a', name: fixture.name, bytes, tokenizer: 'o200k_base', store: ':memory:', counter });
    expect(product.outcome.ok).toBe(true);
    // The input, the output, the report's variants, what the model sees: every text of more than a few tools on the counting thread.
    const large = begun.filter(({ length }) => length >= ANALYSIS_MIN_PARALLEL_CHARS);
    expect(large.map(({ length }) => length)).toContain(bytes.byteLength);
    expect(large.length).toBeGreaterThanOrEqual(4);
    expect(large.filter(({ handedTo }) => handedTo === 0)).toEqual([]);
    // The same figures as the library's own counts.
    const { describe_tool: _describeTool, ...alone } = await lint(bytes);
    expect(JSON.parse(new TextDecoder().decode(product.lint)) as LintReport).toEqual(alone);
    const { output: _output, recovery_handle: _handle, ...shrunk } = (await shrink(bytes, { store: ':memory:' })).result;
    const { recovery_handle: _recovery, ...reported } = (product.outcome as AnalysisSummary).report;
    expect(reported).toEqual(shrunk);
  });
});
