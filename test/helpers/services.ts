// Calls the app's services the way a window does (through the validating
// dispatcher) and records every event they emit, for tests of the services.

import type { JobFinishedEvent, JobProgressEvent } from '../../src/shared/contracts';
import type { ApiResult, EventName, EventTypes } from '../../src/shared/ipc/channels';
import type { AppServices } from '../../src/main/services/app-services';
import type { CallContext } from '../../src/main/services/dispatch';

export interface ServiceClient {
  events: { event: EventName; payload: unknown }[];
  dispatch<T>(method: string, request: unknown): Promise<ApiResult<T>>;
  /** The value of a call that must succeed; a failure throws with its code. */
  call<T>(method: string, request: unknown): Promise<T>;
  /** Waits for the services to go idle, then returns the job's outcome. */
  finished(jobId: string): Promise<JobFinishedEvent['outcome']>;
  progressOf(jobId: string): JobProgressEvent[];
  /** Resolves with the job's first progress event (past or coming) that `matches`. */
  progressed(jobId: string, matches: (progress: JobProgressEvent) => boolean): Promise<JobProgressEvent>;
}

/** `services` is read on every call, so a client can be made before they start. */
export function serviceClient(services: () => AppServices): ServiceClient {
  const events: ServiceClient['events'] = [];
  const listeners = new Set<() => void>();
  const context: CallContext = {
    clientId: 'test',
    emit: <E extends EventName>(event: E, payload: EventTypes[E]) => {
      events.push({ event, payload });
      for (const listener of [...listeners]) listener();
    },
  };
  const progressOf = (jobId: string) =>
    events.filter((e) => e.event === 'jobProgress' && (e.payload as JobProgressEvent).jobId === jobId).map((e) => e.payload as JobProgressEvent);
  const dispatch = async <T>(method: string, request: unknown) => (await services().dispatcher.dispatch(method, request, context)) as ApiResult<T>;
  return {
    events,
    dispatch,
    async call<T>(method: string, request: unknown) {
      const result = await dispatch<T>(method, request);
      if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
      return result.value;
    },
    async finished(jobId) {
      await services().idle();
      const found = events.find((e) => e.event === 'jobFinished' && (e.payload as JobFinishedEvent).jobId === jobId);
      if (!found) throw new Error('no jobFinished event');
      return (found.payload as JobFinishedEvent).outcome;
    },
    progressOf,
    progressed(jobId, matches) {
      return new Promise((resolve) => {
        const check = () => {
          const found = progressOf(jobId).find(matches);
          if (!found) return;
          listeners.delete(check);
          resolve(found);
        };
        listeners.add(check);
        check();
      });
    },
  };
}
