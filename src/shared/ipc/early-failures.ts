// A job that fails before it can start (a file too large, unreadable, not a
// file) ends the way every job ends: a `jobFinished` event with its failure,
// under the id its start answer gave. Main and the browser client announce
// such failures one way: held until the call that named the jobs has
// answered, then emitted on the next turn, in order — so whoever learns a job
// id from the answer and subscribes right then still hears how it ended. (A
// failure emitted at once, or on a timer started while the call still read
// other files, could come before anyone knew the id.)

import type { JobFinishedEvent, JobStarted } from '../contracts';
import type { ErrorValue } from '../errors';

/** The event that ends a job which never started. */
export function earlyFailure(jobId: string, name: string, error: ErrorValue): JobFinishedEvent {
  return { jobId, outcome: { ok: false, name, error } };
}

export interface EarlyFailures {
  /** A job that failed before it started: its start answer now, its jobFinished when announced. */
  fail(name: string, error: ErrorValue): JobStarted;
  /** Call once the answer naming these jobs is handed out: their jobFinished events follow on the next turn. */
  announce(emit: (event: JobFinishedEvent) => void): void;
}

/** Early failures of one call; `mintId` gives each its job id (UUIDs in main, `local-n` in the page). */
export function earlyFailures(mintId: () => string): EarlyFailures {
  const held: JobFinishedEvent[] = [];
  return {
    fail(name, error) {
      const event = earlyFailure(mintId(), name, error);
      held.push(event);
      return { jobId: event.jobId, name };
    },
    announce(emit) {
      const events = held.splice(0);
      if (events.length > 0) setTimeout(() => events.forEach(emit), 0);
    },
  };
}
