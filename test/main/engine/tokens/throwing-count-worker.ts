// A count worker that claims a chunk and then throws an uncaught error, for
// the "a worker crash rejects the job, never hangs" tests.
import { parentPort } from 'node:worker_threads';
import { NEXT, type FromWorker, type ToWorker } from '../../../../src/main/engine/tokens/count-protocol';

parentPort?.on('message', (message: ToWorker) => {
  if (message.type === 'warm') {
    // Healthy until asked to count, so the caller can warm it up first.
    parentPort?.postMessage({ type: 'ready', tokenizer: message.tokenizer } satisfies FromWorker);
    return;
  }
  if (message.type !== 'count') return;
  Atomics.add(new Int32Array(message.control), NEXT, 1);
  throw new Error('simulated worker bug');
});
