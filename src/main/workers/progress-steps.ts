// What a job worker sends of an operation's progress: a message whenever what
// the bar shows changes — the stage, or the whole percent — and nothing in
// between (at most about a hundred messages a job). Not by time: an update
// held back because one was sent a moment ago could not be sent later while
// the worker works on synchronously, so the bar stood still until the next
// one came (up to half a second on a 32 MiB catalog). Main passes them on
// paced (jobs/progress-pacer.ts): its thread is free to hold one back.

/** Hears an operation's stage and 0…1 within the whole operation. */
export type StageProgress<S extends string> = (stage: S, fraction: number) => void;

/** The bar's step for a fraction: the whole percent the page shows (job-list.tsx rounds the same way). */
export function progressStep(fraction: number): number {
  return Math.round(fraction * 100);
}

/** `send`, called only when the stage or the step changes. */
export function stepwise<S extends string>(send: StageProgress<S>): StageProgress<S> {
  let lastStage: S | undefined;
  let lastStep = -1;
  return (stage, fraction) => {
    const step = progressStep(fraction);
    if (stage === lastStage && step === lastStep) return;
    lastStage = stage;
    lastStep = step;
    send(stage, fraction);
  };
}
