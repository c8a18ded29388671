// A job's progress as the window or page gets it: a new stage at once, and
// within a stage at most one update every PROGRESS_INTERVAL_MS — the latest,
// sent when the interval is over. The jobs worker reports every whole
// percent (about a hundred messages a job, progress-steps.ts); passed on one
// by one, each was an event to encode, send, decode and validate while the
// job itself needed the cores (docs/performance.md, "Tuning in the code"). The
// page draws a percent at most every PROGRESS_DRAW_MS anyway, and never
// a job younger than JOBS_SHOWN_AFTER_MS; no stage is ever skipped.

/** The least time between two updates of one stage of a job. */
export const PROGRESS_INTERVAL_MS = 100;

export interface ProgressPacer<S extends string> {
  /** Hears the job's stage and its 0…1: sent now when the stage is new or the interval is over, else when it is over. */
  report(stage: S, fraction: number): void;
  /** The job ended: what is still held back is dropped, and nothing more is sent. */
  stop(): void;
}

/** The clock a pacer runs on (a test gives its own). */
export interface PacerClock {
  now(): number;
  later(run: () => void, ms: number): () => void;
}

const REAL_CLOCK: PacerClock = {
  now: () => performance.now(),
  later(run, ms) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

export function pacedProgress<S extends string>(
  send: (stage: S, fraction: number) => void,
  intervalMs = PROGRESS_INTERVAL_MS,
  clock: PacerClock = REAL_CLOCK,
): ProgressPacer<S> {
  let stage: S | undefined;
  let sentAt = -Infinity;
  let held: number | undefined;
  let cancelLater: (() => void) | undefined;
  let stopped = false;

  const cancel = () => {
    cancelLater?.();
    cancelLater = undefined;
  };
  const sendHeld = () => {
    cancelLater = undefined;
    if (held === undefined || stage === undefined) return;
    const fraction = held;
    held = undefined;
    sentAt = clock.now();
    send(stage, fraction);
  };

  return {
    report(next, fraction) {
      if (stopped) return;
      held = fraction;
      if (next !== stage) {
        // A new stage supersedes whatever of the last one was held back.
        cancel();
        stage = next;
        sendHeld();
        return;
      }
      const wait = sentAt + intervalMs - clock.now();
      if (wait <= 0) {
        cancel();
        sendHeld();
      } else {
        cancelLater ??= clock.later(sendHeld, wait);
      }
    },
    stop() {
      stopped = true;
      held = undefined;
      cancel();
    },
  };
}
