// A proxy whose server could not start still answers: the client's first
// request (its initialize) gets a JSON-RPC error carrying the proxy's
// one-line reason, so the client can show why instead of "Connection closed".

import { ErrorCode } from '../connection/rpc-error-codes';
import type { RpcPeer } from '../connection/line-peers';

/** How long the client gets to send its first request. */
const WAIT_MS = 10_000;

/** Answers the client's first request with `reason` as an error, then closes its side; resolves when done (or after WAIT_MS, or when it leaves). */
export function refuseClient(client: RpcPeer, reason: string, waitMs = WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void client.close().finally(resolve);
    };
    const timer = setTimeout(finish, waitMs);
    client.onclose = finish;
    client.onunreadable = undefined;
    client.onframe = (frame) => {
      if (!frame.id || frame.method === undefined) return;
      const error = { code: ErrorCode.ConnectionClosed, message: reason };
      void client.write([new TextEncoder().encode(`{"jsonrpc":"2.0","id":${frame.id.text},"error":${JSON.stringify(error)}}`)]).finally(finish);
    };
    void client.start();
  });
}
