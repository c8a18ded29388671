// Jobs' progress as the page draws it: a job's new stage at once, its percent
// within a stage once a frame, the latest of each job. A small catalog's job
// sends about a hundred changes in a few hundred milliseconds, and each was a
// render of its own that no frame showed.

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

/** The page's next animation frame; at once where there are no frames (tests in Node). */
export function nextAnimationFrame(draw: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(draw);
  else draw();
}
