import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecoveryStore } from '../../../../src/main/store';
import type * as LevelComparison from '../../../../src/main/library/level-comparison';
import type * as AnalyzeCatalog from '../../../../src/main/jobs/analysis/analyze-catalog';

// The comparison the page asks for first thing is run once by the warm-up: watched here, run for real.
const compared = vi.hoisted(() => ({ inputs: [] as Uint8Array[] }));
vi.mock('../../../../src/main/library/level-comparison', async (importOriginal) => {
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
const analysed = vi.hoisted(() => ({ count: 0, wide: 0 }));
vi.mock('../../../../src/main/jobs/analysis/analyze-catalog', async (importOriginal) => {
  const actual = await importOriginal<typeof AnalyzeCatalog>();
  return {
    ...actual,
    analyzeCatalog: (input: Parameters<typeof actual.analyzeCatalog>[0]) => {
      analysed.count++;
      if (/[^\u0000-\u00ff]/u.test(new TextDecoder().decode(input.bytes))) analysed.wide++;
      return actual.analyzeCatalog(input);
    },
  };
});

const { WARM_UP_ROUNDS, warmUp, warmUpCatalog } = await import('../../../../src/main/jobs/analysis/warm-up');
const { splitSentences } = await import('../../../../src/main/engine/transform/split-sentences');

describe('warm-up', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('opens the store, analyses its catalog in several rounds (so V8 optimises the code) and compares its levels once, and stores nothing', async () => {
    analysed.count = 0;
    analysed.wide = 0;
    dir = mkdtempSync(join(tmpdir(), 'caveman-warm-up-'));
    const path = join(dir, 'ccr.db');
    let opened: RecoveryStore | undefined;
    await warmUp('o200k_base', () => (opened = RecoveryStore.open(path)), undefined);
    expect(compared.inputs).toEqual([warmUpCatalog()]);
    expect(WARM_UP_ROUNDS).toBeGreaterThan(1);
    expect(analysed.count).toBe(WARM_UP_ROUNDS);
    // Every other round is two-byte text, so V8 compiles the patterns for that form of a string too.
    expect(analysed.wide).toBe(Math.floor(WARM_UP_ROUNDS / 2));
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
});
