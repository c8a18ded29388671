import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ANALYSIS_PLAN, ANALYSIS_STEP_OF_SHRINK, SHRINK_PLAN, progressPlan, type AnalysisStep, type ShrinkStage } from '../../src/shared/progress-plan';
import { shrink } from '../../src/main/library/shrink';
import { analyzeCatalog } from '../../src/main/analysis/analyze-catalog';
import { ParallelTokenCounter } from '../../src/main/engine/tokens';
import { realFixtures } from '../helpers/fixtures';

const ANALYSIS_STEPS: AnalysisStep[] = [
  'transform',
  'parseOutput',
  'ledger',
  'variants',
  'guarantees',
  'count',
  'store',
  'diff',
  'reportCounts',
  'writeReport',
  'writeDiff',
];
const SHRINK_STAGES: ShrinkStage[] = ['transforming', 'counting', 'storing'];

describe('progressPlan', () => {
  it('lays the steps end to end in their order, from 0 to exactly 1, each as wide as its weight', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 12 }), (weights) => {
        const steps = Object.fromEntries(weights.map((weight, i) => [`s${i}`, { stage: 'x', weight }]));
        const plan = progressPlan(steps);
        const total = weights.reduce((a, b) => a + b, 0);
        expect(plan.from('s0')).toBe(0);
        expect(plan.to(`s${weights.length - 1}`)).toBe(1);
        weights.forEach((weight, i) => {
          if (i > 0) expect(plan.from(`s${i}`)).toBe(plan.to(`s${i - 1}`));
          expect(plan.to(`s${i}`) - plan.from(`s${i}`)).toBeCloseTo(weight / total, 12);
        });
      }),
    );
  });

  it('clamps a step’s own fraction to its span', () => {
    expect(SHRINK_PLAN.at('counting', -1)).toBe(SHRINK_PLAN.from('counting'));
    expect(SHRINK_PLAN.at('counting', 2)).toBe(SHRINK_PLAN.to('counting'));
    expect(SHRINK_PLAN.at('storing', 1)).toBe(1);
  });

  it('keeps the bars the app and the library showed: shrink 0–0.1–0.95–1, the analysis’s steps at their old marks', () => {
    expect(SHRINK_STAGES.map((stage) => SHRINK_PLAN.to(stage))).toEqual([0.1, 0.95, 1]);
    const marks = ANALYSIS_STEPS.map((step) => Math.round(ANALYSIS_PLAN.to(step) * 10000) / 10000);
    expect(marks).toEqual([0.14, 0.2, 0.37, 0.45, 0.71, 0.72, 0.74, 0.95, 0.96, 0.97, 1]);
    expect(ANALYSIS_STEPS.map((step) => ANALYSIS_PLAN.stage(step))).toEqual([
      'transforming',
      'checking',
      'checking',
      'checking',
      'checking',
      'counting',
      'storing',
      'diffing',
      'diffing',
      'diffing',
      'diffing',
    ]);
  });
});

describe('one plan for both bars', () => {
  const github = realFixtures().find((f) => f.name === 'github-mcp-server.json')!;

  it('the library’s shrink reports each stage inside that stage’s span of SHRINK_PLAN', async () => {
    const seen: { stage: ShrinkStage; fraction: number }[] = [];
    await shrink(github.bytes, { store: ':memory:', counter: new ParallelTokenCounter({ workers: 0 }), onProgress: (p) => seen.push(p) });
    expect(new Set(seen.map((p) => p.stage))).toEqual(new Set(SHRINK_STAGES));
    for (const { stage, fraction } of seen) {
      expect(fraction, stage).toBeGreaterThanOrEqual(SHRINK_PLAN.from(stage));
      expect(fraction, stage).toBeLessThanOrEqual(SHRINK_PLAN.to(stage));
    }
  });

  it('the analysis places the same shrink’s stages where ANALYSIS_PLAN puts them', async () => {
    const seen: { stage: string; fraction: number }[] = [];
    await analyzeCatalog({
      analysisId: 'a',
      name: github.name,
      bytes: github.bytes,
      tokenizer: 'o200k_base',
      store: ':memory:',
      counter: new ParallelTokenCounter({ workers: 0 }),
      onProgress: (stage, fraction) => seen.push({ stage, fraction }),
    });
    for (const stage of SHRINK_STAGES) {
      const step = ANALYSIS_STEP_OF_SHRINK[stage];
      const reports = seen.filter((p) => p.stage === stage);
      expect(reports.length, stage).toBeGreaterThan(0);
      for (const { fraction } of reports) {
        expect(fraction, stage).toBeGreaterThanOrEqual(ANALYSIS_PLAN.from(step));
        expect(fraction, stage).toBeLessThanOrEqual(ANALYSIS_PLAN.to(step));
      }
    }
  });
});
