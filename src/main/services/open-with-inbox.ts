// Files handed to the app from outside the window — on the command line, by
// the OS ("open with"), or by a second launch while the app runs — wait here
// until a window (or a page of the browser host) can show them, then start as
// analyses in it and are announced with the `jobsStarted` event.

import type { JobStarted } from '../../shared/contracts';
import type { CallContext } from './dispatch';

export type OpenPaths = (paths: readonly string[], context: CallContext) => Promise<JobStarted[]>;

export interface OpenWithInbox {
  /** Paths to open; delivered at once when a window is attached, else when one is. */
  add(paths: readonly string[]): void;
  /** The window that shows opened files (a new one replaces the old); delivers what waited. */
  attach(context: CallContext): void;
  /** That window is gone: later paths wait for the next one. */
  detach(clientId: string): void;
  /** Resolves when every delivery so far has been started and announced (tests, shutdown). */
  settled(): Promise<void>;
}

/** `onError`: a delivery failed as a whole (each file's own failure is a failed job instead). */
export function createOpenWithInbox(open: OpenPaths, onError: (error: unknown) => void): OpenWithInbox {
  let waiting: string[] = [];
  let target: CallContext | undefined;
  // Deliveries run one after another, so files open in the order they were named.
  let chain: Promise<void> = Promise.resolve();

  const deliver = () => {
    if (!target || waiting.length === 0) return;
    const context = target;
    const paths = waiting;
    waiting = [];
    chain = chain
      .then(async () => {
        const jobs = await open(paths, context);
        if (jobs.length > 0) context.emit('jobsStarted', { jobs });
      })
      .catch(onError);
  };

  return {
    add(paths) {
      if (paths.length === 0) return;
      waiting.push(...paths);
      deliver();
    },
    attach(context) {
      target = context;
      deliver();
    },
    detach(clientId) {
      if (target?.clientId === clientId) target = undefined;
    },
    settled: () => chain,
  };
}
