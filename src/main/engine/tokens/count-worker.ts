// Worker-thread entry (built to out/main/count-worker.js) that helps count a
// large text: it claims chunks from a job's shared control buffer, exactly
// like the calling thread does, so the work is shared without either side
// waiting for the other's event loop. It never touches anything but the
// buffers it is given.

import { parentPort } from 'node:worker_threads';
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { decodeUtf8Lenient } from '../text/decode-input';
import { countTokens, loadTokenizer } from './count-tokens';
import { CAPACITY, DONE, ENDS, NOTHING_YET, NO_MORE, SIGNAL, STOP, claimChunk, signalWaiters, type FromWorker, type ToWorker } from './count-protocol';
import { errorMessage } from '../../../shared/error-message';

/**
 * How long a worker waiting for a growing text's next chunk sleeps before
 * looking again on its own; publishing, sealing and stopping wake it at once.
 */
const WAIT_MS = 200;

/**
 * A growing text with no new chunk for this long is left to the calling
 * thread (it counts what is left once the text ends), so a writer that
 * stalls, or a caller that never ends the text, cannot hold a worker that
 * other jobs are queued behind.
 */
const GIVE_UP_MS = 2000;

function post(message: FromWorker): void {
  parentPort?.postMessage(message);
}

function countJob(message: Extract<ToWorker, { type: 'count' }>): void {
  const control = new Int32Array(message.control);
  const capacity = control[CAPACITY] ?? 0;
  const text = Buffer.from(message.text, message.byteOffset, message.byteLength);
  // Decoded as the calling thread decodes a chunk (chunkText), so either may count any chunk.
  const chunkOf = (start: number, end: number) =>
    message.encoding === 'utf8' ? decodeUtf8Lenient(text.subarray(start, end)) : text.toString('utf16le', start * 2, end * 2);
  let waitingSince: number | undefined;
  for (;;) {
    const signal = Atomics.load(control, SIGNAL);
    const index = claimChunk(control);
    if (index === NO_MORE) break;
    if (index === NOTHING_YET) {
      // The text is still being written: sleep until a chunk is published, the job sealed or stopped.
      waitingSince ??= performance.now();
      if (performance.now() - waitingSince > GIVE_UP_MS) break;
      Atomics.wait(control, SIGNAL, signal, WAIT_MS);
      continue;
    }
    waitingSince = undefined;
    const start = index === 0 ? 0 : (control[ENDS + index - 1] ?? 0);
    const end = control[ENDS + index] ?? 0;
    Atomics.store(control, ENDS + capacity + index, countTokens(chunkOf(start, end), message.tokenizer));
    Atomics.add(control, DONE, 1);
    post({ type: 'chunk', jobId: message.jobId });
  }
}

parentPort?.on('message', (message: ToWorker) => {
  if (message.type === 'warm') {
    loadTokenizer(message.tokenizer);
    post({ type: 'ready', tokenizer: message.tokenizer });
    return;
  }
  if (message.type === 'hash') {
    let hex: string | undefined;
    try {
      hex = createHash('sha256')
        .update(Buffer.from(message.bytes, message.byteOffset, message.byteLength))
        .digest('hex');
    } catch {
      // The caller hashes on its own thread instead.
    }
    post({ type: 'hashed', hashId: message.hashId, hex });
    return;
  }
  try {
    countJob(message);
  } catch (error) {
    // Tell the others to stop: a chunk that was claimed will never be counted.
    const control = new Int32Array(message.control);
    Atomics.store(control, STOP, 1);
    signalWaiters(control);
    post({ type: 'failed', jobId: message.jobId, message: errorMessage(error) });
  }
  post({ type: 'released', jobId: message.jobId });
});
