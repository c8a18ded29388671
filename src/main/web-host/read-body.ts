// Reads a request body with a hard byte limit enforced while it streams in:
// a declared Content-Length over the limit is refused before a byte is read,
// and an undeclared (chunked) body is dropped the moment it passes the limit.
// Memory use is bounded by the limit, never by what a client sends.

import type { IncomingMessage } from 'node:http';

export type BodyResult =
  | { kind: 'ok'; bytes: Uint8Array }
  /** `declared` is the Content-Length when the client sent one. */
  | { kind: 'too-large'; declared?: number }
  /** The client went away or sent a malformed body: there is no one to answer. */
  | { kind: 'aborted' };

function declaredLength(req: IncomingMessage): number | undefined {
  const raw = req.headers['content-length'];
  if (raw === undefined || !/^[0-9]+$/.test(raw)) return undefined;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER;
}

/**
 * The whole body as one Uint8Array of its own (not a view into a shared
 * pool), or why not. When the result is `too-large` the rest of the body is
 * left unread: answer with `Connection: close` so the socket is not reused.
 */
export function readBoundedBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = declaredLength(req);
  if (declared !== undefined && declared > limit) {
    req.pause();
    return Promise.resolve({ kind: 'too-large', declared });
  }
  return new Promise((resolve) => {
    // With a declared length the buffer is allocated once; otherwise chunks are kept until the end.
    const whole = declared !== undefined ? new Uint8Array(declared) : undefined;
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;

    const finish = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onAbort);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit || (whole && received > whole.length)) {
        chunks.length = 0;
        req.pause();
        finish({ kind: 'too-large' });
        return;
      }
      if (whole) whole.set(chunk, received - chunk.length);
      else chunks.push(chunk);
    };
    const onEnd = () => {
      if (whole) {
        finish(received === whole.length ? { kind: 'ok', bytes: whole } : { kind: 'aborted' });
        return;
      }
      const bytes = new Uint8Array(received);
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.length;
      }
      finish({ kind: 'ok', bytes });
    };
    const onAbort = () => finish({ kind: 'aborted' });

    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onAbort);
  });
}
