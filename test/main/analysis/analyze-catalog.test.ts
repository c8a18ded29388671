import { describe, expect, it } from 'vitest';
import { lint } from '../../../src/main/library/lint';
import { analyzeCatalog } from '../../../src/main/analysis/analyze-catalog';
import { ANALYSIS_PLAN } from '../../../src/shared/progress-plan';
import { ParallelTokenCounter, type CountJobOptions, type CountText } from '../../../src/main/engine/tokens';
import type { TokenizerName } from '../../../src/shared/tokenizers';
import type { LintReport } from '../../../src/shared/contracts';
import { realFixtures } from '../../helpers/fixtures';
import { generateCatalog } from '../../../scripts/bench/generate-catalog.mjs';
import { RecoveryStore } from '../../../src/main/store';
import { asCavemanError, outcomeWords } from '../../../src/shared/errors';

/** A counter on the calling thread that remembers every text it was asked to count. */
class RecordingCounter extends ParallelTokenCounter {
  readonly texts: string[] = [];
  constructor() {
    super({ workers: 0 });
  }
  override begin(text: CountText, tokenizer: TokenizerName, options?: CountJobOptions) {
    this.texts.push(typeof text === 'string' ? text : new TextDecoder('utf-8', { ignoreBOM: true }).decode(text));
    return super.begin(text, tokenizer, options);
  }
}

const withBom = (bytes: Uint8Array) => new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
const catalog = (description: string) =>
  new TextEncoder().encode(
    JSON.stringify(
      {
        tools: [1, 2, 3].map((i) => ({
          name: `tool_${i}`,
          description: `${description} ${i}. The limit must be at most 50.`,
          inputSchema: { type: 'object', title: 'Args', properties: { q: { type: 'string', description: 'Query text, e.g. “naïve café” 検索 🚀' } } },
        })),
      },
      null,
      2,
    ),
  );

describe('an app analysis', () => {
  it('counts the input and the output once each: the per-tool report comes from the shrink’s counts', async () => {
    const counter = new RecordingCounter();
    const bytes = withBom(catalog('Finds rows in a table — quickly, with ünïcödé and 漢字'));
    const product = await analyzeCatalog({ analysisId: 'a', name: 'a.json', bytes, tokenizer: 'o200k_base', store: ':memory:', counter });
    expect(product.outcome.ok).toBe(true);
    const repeated = counter.texts.filter((text, i) => counter.texts.indexOf(text) !== i);
    expect(repeated).toEqual([]);
  });

  it('reports per tool exactly what lint reports on its own, BOM and non-ASCII text included', async () => {
    const inputs = [withBom(catalog('Looks up ✓ entries (日本語, émoji 🎉)')), ...realFixtures().map((fixture) => new Uint8Array(fixture.bytes))];
    for (const bytes of inputs) {
      const product = await analyzeCatalog({ analysisId: 'a', name: 'a.json', bytes, tokenizer: 'o200k_base', store: ':memory:' });
      const report = JSON.parse(new TextDecoder().decode(product.lint)) as LintReport;
      // The price of the proxy's describe tool is the CLI's addition, not the app's.
      const { describe_tool: _describeTool, ...alone } = await lint(bytes);
      expect(report).toEqual(alone);
    }
  });
});

describe('a cancelled analysis', () => {
  const cancelledAt = async (cancelStage: string) => {
    const store = RecoveryStore.open(':memory:');
    const controller = new AbortController();
    const analysis = analyzeCatalog({
      analysisId: 'a',
      name: 'a.json',
      bytes: catalog('Lists rows'),
      tokenizer: 'o200k_base',
      store,
      signal: controller.signal,
      onProgress: (stage) => stage === cancelStage && controller.abort(),
    });
    const error = await analysis.then(
      () => null,
      (thrown: unknown) => asCavemanError(thrown),
    );
    const stored = store.history({ limit: 10 }).entries.map((entry) => entry.handle);
    store.close();
    return { error, stored };
  };

  it('before the original is stored says nothing was stored, and nothing is', async () => {
    const { error, stored } = await cancelledAt('checking');
    expect(error?.code).toBe('cave_cancelled');
    expect(error?.outcome).toEqual({ left: 'nothing_stored' });
    expect(outcomeWords(error!.outcome!)).toBe('nothing was stored');
    expect(stored).toEqual([]);
  });

  it('records in History what the model saw of its shrink, the figures the results show', async () => {
    const store = RecoveryStore.open(':memory:');
    try {
      const product = await analyzeCatalog({ analysisId: 'a', name: 'a.json', bytes: catalog('Finds rows'), tokenizer: 'o200k_base', store });
      if (!product.outcome.ok) throw new Error('the analysis failed');
      const [entry] = store.history({ shrinks: true }).entries;
      expect(entry?.handle).toBe(product.outcome.report.recovery_handle);
      expect(entry?.visible).toEqual(product.outcome.visible);
      expect(entry?.shrinks?.[0]?.visible).toEqual(product.outcome.visible);
    } finally {
      store.close();
    }
  });

  it('after the original is stored says where it is kept, not that nothing was stored', async () => {
    const { error, stored } = await cancelledAt('diffing');
    expect(stored).toHaveLength(1);
    expect(error).toMatchObject({
      code: 'cave_cancelled',
      message: `cancelled after its original was stored — the original is kept as ${stored[0]} (in History)`,
      outcome: { left: 'kept', handle: stored[0] },
    });
  });
});

describe('analysis progress', () => {
  it('moves forward only, through every stage to 1, tool by tool where this thread walks the tools', async () => {
    const github = realFixtures().find((f) => f.name === 'github-mcp-server.json')!;
    const seen: { stage: string; fraction: number }[] = [];
    const product = await analyzeCatalog({
      analysisId: 'a',
      name: github.name,
      bytes: new TextEncoder().encode(github.text),
      tokenizer: 'o200k_base',
      store: ':memory:',
      counter: new RecordingCounter(),
      onProgress: (stage, fraction) => seen.push({ stage, fraction }),
    });
    expect(product.outcome.ok).toBe(true);
    const fractions = seen.map((p) => p.fraction);
    expect(fractions.every((fraction, i) => fraction >= (fractions[i - 1] ?? 0))).toBe(true);
    expect(fractions.at(-1)).toBe(1);
    expect(new Set(seen.map((p) => p.stage))).toEqual(new Set(['transforming', 'checking', 'counting', 'storing', 'diffing']));
    // The transform, the checks and the diff report tool by tool (the counts run beside the checks, so their share may come at once).
    const reports = (stage: string) => seen.filter((p) => p.stage === stage).length;
    for (const stage of ['transforming', 'checking', 'diffing']) expect(reports(stage), stage).toBeGreaterThanOrEqual(117);
    // Each step's share of the bar is about its share of the time, so no report jumps far ahead (waiting for counts that were done already took 43% at once).
    const jumps = fractions.map((fraction, i) => fraction - (fractions[i - 1] ?? 0));
    expect(Math.max(...jumps)).toBeLessThanOrEqual(0.1);
  });

  it('reports while it parses the output and while it writes the diff, before the result', async () => {
    const text = generateCatalog(2.5 * 1024 * 1024);
    const seen: { stage: string; fraction: number }[] = [];
    const product = await analyzeCatalog({
      analysisId: 'a',
      name: 'big.json',
      bytes: new TextEncoder().encode(text),
      tokenizer: 'o200k_base',
      store: ':memory:',
      counter: new RecordingCounter(),
      onProgress: (stage, fraction) => seen.push({ stage, fraction }),
    });
    expect(product.outcome.ok).toBe(true);
    // The output's parse has its own share of the bar, reported about every MiB.
    const inside = (from: number, to: number) => seen.filter((p) => p.fraction > from && p.fraction < to);
    expect(inside(ANALYSIS_PLAN.from('parseOutput'), ANALYSIS_PLAN.to('parseOutput')).length).toBeGreaterThanOrEqual(1);
    expect(inside(ANALYSIS_PLAN.from('parseOutput'), ANALYSIS_PLAN.to('parseOutput')).every((p) => p.stage === 'checking')).toBe(true);
    // After the report's last counts, writing the report and the envelope still moves the bar.
    expect(inside(ANALYSIS_PLAN.to('reportCounts'), 1).length).toBeGreaterThanOrEqual(1);
  });
});
