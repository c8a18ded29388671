// One worker-pool token counter per process, created on first use. Its idle
// workers do not keep the process alive; closeSharedCounter() ends them.

import { ParallelTokenCounter } from '../engine/tokens';

let shared: ParallelTokenCounter | undefined;

export function sharedCounter(): ParallelTokenCounter {
  shared ??= new ParallelTokenCounter();
  return shared;
}

export async function closeSharedCounter(): Promise<void> {
  const counter = shared;
  shared = undefined;
  await counter?.close();
}
