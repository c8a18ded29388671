// Writing to stdout/stderr so that large outputs are complete before exit
// and a closed pipe (`| head`) ends quietly instead of crashing.

import type { Writable } from 'node:stream';

export function writeAll(stream: Writable, data: Uint8Array | string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(data, (error) => {
      if (!error || (error as NodeJS.ErrnoException).code === 'EPIPE') resolve();
      else reject(error);
    });
  });
}

/** Ignore EPIPE on a stream whose reader went away. */
export function tolerateClosedPipe(stream: Writable): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}
