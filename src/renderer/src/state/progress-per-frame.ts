// Jobs' progress as the page draws it: a job's new stage at once, its percent
// within a stage on a later frame, the latest of each job. A small catalog's job
// sent about a hundred changes in a few hundred milliseconds (main now paces
// them, jobs/progress-pacer.ts), and each was a render of its own that no
// frame showed. The page's frames for a percent come
// at most PROGRESS_DRAW_MS apart: a person cannot read a number changing 60
// times a second, and each such frame cost a render, a layout and a raster of
// the row in every Chromium process (headless Chromium paints in software).

import type { JobProgressEvent } from '../../../shared/contracts';

export interface ProgressPerFrame {
  /** Takes one progress event: applied now when it starts a stage, else on the next frame. */
  take(event: JobProgressEvent): void;
  /** The job ended: nothing of it is applied any more. */
  forget(jobId: string): void;
  /** Drops every job (the events are disconnected). */
  clear(): void;
}

export function progressPerFrame(apply: (event: JobProgressEvent) => void, nextFrame: (draw: () => void) => void): ProgressPerFrame {
  const stages = new Map<string, JobProgressEvent['stage']>();
  const waiting = new Map<string, JobProgressEvent>();
  let drawing = false;
  const draw = () => {
    drawing = false;
    const events = [...waiting.values()];
    waiting.clear();
    for (const event of events) apply(event);
  };
  return {
    take(event) {
      if (stages.get(event.jobId) !== event.stage) {
        stages.set(event.jobId, event.stage);
        waiting.delete(event.jobId);
        apply(event);
        return;
      }
      waiting.set(event.jobId, event);
      if (drawing) return;
      drawing = true;
      nextFrame(draw);
    },
    forget(jobId) {
      waiting.delete(jobId);
      stages.delete(jobId);
    },
    clear() {
      waiting.clear();
      stages.clear();
    },
  };
}

/** How often, at most, a running job's percent is drawn: ten times a second. */
export const PROGRESS_DRAW_MS = 100;

/**
 * A scheduler that runs a draw on the first animation frame at least `interval`
 * ms after the draw it ran before; at once where there are no frames (tests in Node).
 */
export function throttledAnimationFrame(interval: number = PROGRESS_DRAW_MS): (draw: () => void) => void {
  let last = -Infinity;
  return (draw) => {
    if (typeof requestAnimationFrame !== 'function') return draw();
    const frame = (now: number) => {
      if (now - last < interval) return void requestAnimationFrame(frame);
      last = now;
      draw();
    };
    requestAnimationFrame(frame);
  };
}
