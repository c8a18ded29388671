// A peer in memory for the proxy's tests: what the proxy wrote to it (parsed,
// and as the exact text), and messages arriving from its side.

import type { RpcMessage, RpcPeer } from '../../../../src/main/mcp/connection/line-peers';
import { RpcFrame } from '../../../../src/main/mcp/connection/rpc-frame';

export class FakePeer implements RpcPeer {
  sent: RpcMessage[] = [];
  /** The messages written, each exactly as written. */
  lines: string[] = [];
  onframe?: RpcPeer['onframe'];
  onunreadable?: RpcPeer['onunreadable'];
  onclose?: RpcPeer['onclose'];
  onerror?: RpcPeer['onerror'];
  /** The messages written, each as its bytes. */
  raw: Buffer[] = [];
  /** Set by a test: this side's reader is slow; `drain()` lets it catch up. */
  backedUp = false;
  /** Whether the proxy stopped reading this side. */
  paused = false;
  private waiting: (() => void)[] = [];
  closed = false;
  async start() {}
  async write(pieces: readonly Uint8Array[]) {
    const bytes = Buffer.concat(pieces);
    this.raw.push(bytes);
    const text = new TextDecoder().decode(bytes);
    this.lines.push(text);
    this.sent.push(JSON.parse(text) as RpcMessage);
  }
  drained() {
    return this.backedUp ? new Promise<void>((resolve) => this.waiting.push(resolve)) : Promise.resolve();
  }
  drain() {
    this.backedUp = false;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
  pause() {
    this.paused = true;
  }
  resume() {
    this.paused = false;
  }
  async close() {
    this.closed = true;
    this.onclose?.();
  }
  /** A message arriving from this side as these exact bytes. */
  receiveBytes(bytes: Uint8Array) {
    if (!this.closed) this.onframe?.(RpcFrame.of(bytes));
  }
  /** A message arriving from this side (none is read once it is closed), as `text` when given, else serialised. */
  receive(message: RpcMessage, text?: string) {
    if (!this.closed) this.onframe?.(RpcFrame.of(new TextEncoder().encode(text ?? JSON.stringify(message))));
  }
}
