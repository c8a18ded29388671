// A job that fails before it can start (a file too large, unreadable, not a
// file) ends the way every job ends: a `jobFinished` event with its failure,
// under the id its start answer gives. Main and the browser client make such
// failures one way, here: the event is emitted as soon as the failure is
// known, on the same channel as every job's end. Whoever receives it keeps
// it for a subscriber that comes later — the page's event hub (event-hub.ts
// `keep`) and the browser host's replay (event-replay.ts) — so a subscriber
// attached right after the call still hears how the job ended. (The
// catalogs store, where these events go, takes a job's end before its
// start.)

import type { JobFinishedEvent, JobStarted } from '../contracts';
import type { ErrorValue } from '../errors';

/** The event that ends a job which never started. */
export function earlyFailure(jobId: string, name: string, error: ErrorValue): JobFinishedEvent {
  return { jobId, outcome: { ok: false, name, error } };
}

/**
 * Fails jobs before they start: each gets an id from `mintId` (UUIDs in
 * main, `local-n` in the page), its jobFinished goes to `emit` at once, and
 * its start answer is returned for the call to hand out.
 */
export function failBeforeStart(mintId: () => string, emit: (event: JobFinishedEvent) => void): (name: string, error: ErrorValue) => JobStarted {
  return (name, error) => {
    const event = earlyFailure(mintId(), name, error);
    emit(event);
    return { jobId: event.jobId, name };
  };
}
