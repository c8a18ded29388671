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
const analysed = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../../src/main/jobs/analysis/analyze-catalog', async (importOriginal) => {
  const actual = await importOriginal<typeof AnalyzeCatalog>();
  return {
    ...actual,
    analyzeCatalog: (input: Parameters<typeof actual.analyzeCatalog>[0]) => {
      analysed.count++;
      return actual.analyzeCatalog(input);
    },
  };
});

const { WARM_UP_ROUNDS, warmUp, warmUpCatalog } = await import('../../../../src/main/jobs/analysis/warm-up');

describe('warm-up', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('opens the store, analyses its catalog in several rounds (so V8 optimises the code) and compares its levels once, and stores nothing', async () => {
    analysed.count = 0;
    dir = mkdtempSync(join(tmpdir(), 'caveman-warm-up-'));
    const path = join(dir, 'ccr.db');
    let opened: RecoveryStore | undefined;
    await warmUp('o200k_base', () => (opened = RecoveryStore.open(path)), undefined);
    expect(compared.inputs).toEqual([warmUpCatalog()]);
    expect(WARM_UP_ROUNDS).toBeGreaterThan(1);
    expect(analysed.count).toBe(WARM_UP_ROUNDS);
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
});
