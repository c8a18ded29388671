import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecoveryStore } from '../../../src/main/store';
import type * as LevelComparison from '../../../src/main/library/level-comparison';
import type * as AnalyzeCatalog from '../../../src/main/analysis/analyze-catalog';

// The comparison the page asks for first thing is run once by the warm-up: watched here, run for real.
const compared = vi.hoisted(() => ({ inputs: [] as Uint8Array[] }));
vi.mock('../../../src/main/library/level-comparison', async (importOriginal) => {
  const actual = await importOriginal<typeof LevelComparison>();
  return {
    ...actual,
    compareLevels: (input: Uint8Array, options: Parameters<typeof actual.compareLevels>[1]) => {
      compared.inputs.push(input);
      return actual.compareLevels(input, options);
    },
  };
});

// The analyses it runs (each for real), counted.
const analysed = vi.hoisted(() => ({
  count: 0,
  wide: 0,
  compact: 0,
  tools: [] as number[],
  rejected: [] as string[],
  onFullSize: undefined as (() => void) | undefined,
}));
vi.mock('../../../src/main/analysis/analyze-catalog', async (importOriginal) => {
  const actual = await importOriginal<typeof AnalyzeCatalog>();
  return {
    ...actual,
    analyzeCatalog: (input: Parameters<typeof actual.analyzeCatalog>[0]) => {
      analysed.count++;
      const text = new TextDecoder().decode(input.bytes);
      if (/[^\u0000-\u00ff]/u.test(text)) analysed.wide++;
      if (!text.includes('\n')) analysed.compact++;
      const tools = (JSON.parse(text) as { tools: unknown[] }).tools.length;
      analysed.tools.push(tools);
      // A real call arriving as the first full-size round begins (see the last test).
      if (tools === FULL_SIZE_TOOLS) analysed.onFullSize?.();
      const running = actual.analyzeCatalog(input);
      running.catch((error: unknown) => analysed.rejected.push(String((error as { code?: unknown }).code)));
      return running;
    },
  };
});

const { FULL_SIZE_ROUNDS, FULL_SIZE_TOOLS, WARM_UP_ROUNDS, warmUp, warmUpCatalog, warmUpRound } = await import('../../../src/main/analysis/warm-up');
const { splitSentences } = await import('../../../src/main/engine/transform/split-sentences');

describe('warm-up', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('opens the store, analyses its catalog in several rounds (so V8 optimises the code) and compares its levels once, and stores nothing', async () => {
    Object.assign(analysed, { count: 0, wide: 0, compact: 0, tools: [], rejected: [], onFullSize: undefined });
    dir = mkdtempSync(join(tmpdir(), 'caveman-warm-up-'));
    const path = join(dir, 'ccr.db');
    let opened: RecoveryStore | undefined;
    await warmUp('o200k_base', () => (opened = RecoveryStore.open(path)), undefined);
    expect(compared.inputs).toEqual([warmUpCatalog()]);
    expect(WARM_UP_ROUNDS).toBeGreaterThan(1);
    expect(analysed.count).toBe(WARM_UP_ROUNDS);
    // Every other round is two-byte text, so V8 compiles the patterns for that form of a string too.
    expect(analysed.wide).toBe(Math.floor(WARM_UP_ROUNDS / 2));
    // Every other pair of rounds is one line with Go's escapes; the last rounds are the size of a real catalog, in both string forms.
    expect(analysed.compact).toBe(Array.from({ length: WARM_UP_ROUNDS }, (_, round) => warmUpRound(round)).filter((round) => round.compact).length);
    expect(analysed.compact).toBeGreaterThanOrEqual(2);
    expect(analysed.tools.slice(-FULL_SIZE_ROUNDS)).toEqual(Array(FULL_SIZE_ROUNDS).fill(FULL_SIZE_TOOLS));
    expect(analysed.tools.slice(0, -FULL_SIZE_ROUNDS).every((tools) => tools < FULL_SIZE_TOOLS)).toBe(true);
    expect(FULL_SIZE_ROUNDS).toBeGreaterThanOrEqual(2);
    expect(analysed.rejected).toEqual([]);
    expect(opened!.history().total).toBe(0);
    opened!.close();
  });

  it('leaves the later rounds and the comparison out once a real call has arrived (its signal aborted)', async () => {
    compared.inputs.length = 0;
    analysed.count = 0;
    const controller = new AbortController();
    controller.abort();
    await warmUp('o200k_base', () => undefined, undefined, controller.signal);
    expect(analysed.count).toBe(1);
    expect(compared.inputs).toEqual([]);
  });

  it('writes the wide catalog with a character beyond Latin-1 in every description sentence, each one a sentence the narrow catalog does not have', () => {
    const sentencesOf = (bytes: Uint8Array) => {
      const texts: string[] = [];
      JSON.parse(new TextDecoder().decode(bytes), (key, value: unknown) => {
        if (key === 'description' && typeof value === 'string') texts.push(value);
        return value;
      });
      return texts.flatMap((text) => splitSentences(text).map(({ start, end }) => text.slice(start, end)));
    };
    const narrowSentences = sentencesOf(warmUpCatalog());
    const narrow = new Set(narrowSentences);
    const wide = sentencesOf(warmUpCatalog(8, true));
    expect(wide.length).toBe(narrowSentences.length);
    for (const sentence of wide) {
      expect(sentence).toMatch(/[^\u0000-\u00ff]/u);
      expect(narrow.has(sentence)).toBe(false);
    }
    expect(new TextDecoder().decode(warmUpCatalog())).not.toMatch(/[^\u0000-\u00ff]/u);
  });

  it('stops a full-size round part-way when a real call arrives during it, and compares nothing after it', async () => {
    compared.inputs.length = 0;
    const controller = new AbortController();
    Object.assign(analysed, { count: 0, wide: 0, compact: 0, tools: [], rejected: [], onFullSize: () => controller.abort() });
    await warmUp('o200k_base', () => undefined, undefined, controller.signal);
    expect(analysed.tools).toEqual([...Array(WARM_UP_ROUNDS - FULL_SIZE_ROUNDS).fill(8), FULL_SIZE_TOOLS]);
    expect(analysed.rejected).toEqual(['cave_cancelled']);
    expect(compared.inputs).toEqual([]);
  });

  it('writes the compact catalog on one line with < > & escaped as Go writes them, and it reads as the same catalog', () => {
    const compact = new TextDecoder().decode(warmUpCatalog(8, false, true));
    expect(compact).not.toMatch(/[\n<>&]/);
    expect(compact).toMatch(/\\u003c/);
    expect(compact).toMatch(/\\n/);
    expect(JSON.parse(compact)).toEqual(JSON.parse(new TextDecoder().decode(warmUpCatalog(8))));
  });
});
