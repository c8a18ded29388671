// How a job's bar moves: its steps in the order the work does them, each
// with the stage the page names and a weight (about its share of the time),
// so a step's own 0…1 becomes the whole job's 0…1. The work reports raw
// per-step fractions; only a plan knows the weights. The two plans — the
// library's shrink and the app's analysis, which runs the same shrink among
// other steps — are both here, so no weight is copied anywhere else.

import type { JobProgressEvent } from './contracts';

export interface PlanStep<Stage extends string> {
  readonly stage: Stage;
  readonly weight: number;
}

export interface ProgressPlan<Step extends string, Stage extends string> {
  /** Where `step` begins on the whole bar. */
  from(step: Step): number;
  /** Where `step` ends on the whole bar (1 for the last). */
  to(step: Step): number;
  /** The stage `step` is shown as. */
  stage(step: Step): Stage;
  /** `within` (0…1 of `step`, clamped) on the whole bar. */
  at(step: Step, within: number): number;
}

/** A plan of `steps`, in their order; the weights need not add up to anything. */
export function progressPlan<Step extends string, Stage extends string>(steps: Record<Step, PlanStep<Stage>>): ProgressPlan<Step, Stage> {
  const entries = Object.entries(steps) as [Step, PlanStep<Stage>][];
  const total = entries.reduce((sum, [, { weight }]) => sum + weight, 0);
  const spans = new Map<Step, { from: number; to: number; stage: Stage }>();
  let done = 0;
  for (const [step, { stage, weight }] of entries) {
    const from = done / total;
    done += weight;
    // done / total is exactly 1 after the last step: the bar ends at 1.
    spans.set(step, { from, to: done / total, stage });
  }
  const span = (step: Step) => spans.get(step)!;
  return {
    from: (step) => span(step).from,
    to: (step) => span(step).to,
    stage: (step) => span(step).stage,
    at(step, within) {
      const { from, to } = span(step);
      return from + (to - from) * Math.min(1, Math.max(0, within));
    },
  };
}

/** The stages of the library's shrink. */
export type ShrinkStage = 'counting' | 'transforming' | 'storing';

/**
 * shrink(): parse and transform, wait for the counts (the workers count
 * from the start; this thread helps once the output exists), commit the
 * original.
 */
export const SHRINK_PLAN = progressPlan<ShrinkStage, ShrinkStage>({
  transforming: { stage: 'transforming', weight: 10 },
  counting: { stage: 'counting', weight: 85 },
  storing: { stage: 'storing', weight: 5 },
});

export type AnalysisStage = JobProgressEvent['stage'];
export type AnalysisStep = keyof typeof ANALYSIS_STEPS;

/**
 * The app's analysis, each step's weight about its share of the time on a
 * generated 32 MiB catalog (so the bar moves at an even pace). The
 * shrink's counting runs beside the
 * checks, so its wait is short once they are done.
 */
const ANALYSIS_STEPS = {
  /** The shrink's parse and transform. */
  transform: { stage: 'transforming', weight: 14 },
  /** Parsing the output, once for the report, the guarantees and the diff. */
  parseOutput: { stage: 'checking', weight: 6 },
  /** The output's ledger (checkOutput). */
  ledger: { stage: 'checking', weight: 17 },
  /** The report's variant transforms. */
  variants: { stage: 'checking', weight: 8 },
  /** The guarantee walks. */
  guarantees: { stage: 'checking', weight: 26 },
  /** Waiting for the shrink's counts. */
  count: { stage: 'counting', weight: 1 },
  /** The shrink's commit of the original. */
  store: { stage: 'storing', weight: 2 },
  /** The side-by-side diff. */
  diff: { stage: 'diffing', weight: 21 },
  /** Waiting for the report's last counts (the variants'). */
  reportCounts: { stage: 'diffing', weight: 1 },
  /** Writing the report. */
  writeReport: { stage: 'diffing', weight: 1 },
  /** Writing the diff envelope. */
  writeDiff: { stage: 'diffing', weight: 3 },
} as const satisfies Record<string, PlanStep<AnalysisStage>>;

export const ANALYSIS_PLAN = progressPlan<AnalysisStep, AnalysisStage>(ANALYSIS_STEPS);

/** Where each of the shrink's stages falls in the analysis. */
export const ANALYSIS_STEP_OF_SHRINK: Record<ShrinkStage, AnalysisStep> = { transforming: 'transform', counting: 'count', storing: 'store' };
