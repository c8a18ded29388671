// Messages between the main process (or the browser host) and its service
// workers: tagged unions with a call id; progress and cancel use the id.

import type { JobProgressEvent } from '../../shared/contracts';
import type { ErrorValue } from '../../shared/errors';
import type { Operation } from '../analysis/operation-types';

export interface WorkerSetup {
  storePath: string;
  /** CAVEMAN_CCR_MAX_BYTES as the host read it; checked each time the store is opened, so a bad value is the store's error. */
  maxBytesSetting: string | undefined;
  /** The thread's nice value; by default below the thread that serves the UI. The proxy's client waits for its listing: 0. */
  nice?: number;
}

export type ToWorker = { type: 'call'; id: number; op: Operation; args: unknown } | { type: 'cancel'; id: number };

export type FromWorker =
  | { type: 'progress'; id: number; stage: JobProgressEvent['stage']; fraction: number }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; error: ErrorValue };
