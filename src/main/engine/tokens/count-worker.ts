// Worker-thread entry (built to out/main/count-worker.js) that helps count a
// large text: it claims chunks from a job's shared control buffer, exactly
// like the calling thread does, so the work is shared without either side
// waiting for the other's event loop. It never touches anything but the
// buffers it is given.

import { parentPort } from 'node:worker_threads';
import { Buffer } from 'node:buffer';
import { countTokens, loadTokenizer } from './count-tokens';
import { CHUNK_COUNT, DONE, ENDS, NEXT, STOP, type FromWorker, type ToWorker } from './count-protocol';

/** Lossy, BOM kept as U+FEFF: the same text the caller would have counted. */
const utf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

function post(message: FromWorker): void {
  parentPort?.postMessage(message);
}

function countJob(message: Extract<ToWorker, { type: 'count' }>): void {
  const control = new Int32Array(message.control);
  const chunkCount = control[CHUNK_COUNT] ?? 0;
  const text = Buffer.from(message.text, message.byteOffset, message.byteLength);
  const chunkOf = (start: number, end: number) =>
    message.encoding === 'utf8' ? utf8.decode(text.subarray(start, end)) : text.toString('utf16le', start * 2, end * 2);
  for (;;) {
    if (Atomics.load(control, STOP) !== 0) break;
    const index = Atomics.add(control, NEXT, 1);
    if (index >= chunkCount) break;
    const start = index === 0 ? 0 : (control[ENDS + index - 1] ?? 0);
    const end = control[ENDS + index] ?? 0;
    Atomics.store(control, ENDS + chunkCount + index, countTokens(chunkOf(start, end), message.tokenizer));
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
  try {
    countJob(message);
  } catch (error) {
    // Tell the others to stop: a chunk that was claimed will never be counted.
    Atomics.store(new Int32Array(message.control), STOP, 1);
    post({ type: 'failed', jobId: message.jobId, message: error instanceof Error ? error.message : String(error) });
  }
  post({ type: 'released', jobId: message.jobId });
});
