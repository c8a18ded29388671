// The proxy's upstream when the server is at a URL (`proxy --url`): an
// RpcPeer over the SDK's streamable HTTP or HTTP+SSE client transport, with
// the import's redirect and header rules (url-transport.ts). Each answer
// comes with its exact text (response-texts.ts), so a tools/list over HTTP
// is sliced from the server's own bytes as it is over stdio. The proxy does
// not use the SDK's Client, so what the Client would do itself is done
// here: the negotiated protocol version goes on every later request, and
// the session is ended (DELETE) when the proxy stops.

import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { RpcMessage, RpcPeer } from './line-peers';
import { ResponseTexts, recordingFetch } from './response-texts';
import { ServerDiagnostics } from './server-diagnostics';
import type { UrlTarget } from './server-target';
import { urlTransport } from './url-transport';

export class UrlPeer implements RpcPeer {
  onmessage?: RpcPeer['onmessage'];
  onunreadable?: RpcPeer['onunreadable'];
  onclose?: RpcPeer['onclose'];
  onerror?: RpcPeer['onerror'];
  private readonly texts = new ResponseTexts();
  private readonly transport;
  private readonly diagnostics;
  /** Ids of initialize requests sent, whose answer names the protocol version. */
  private readonly initializing = new Set<unknown>();

  constructor(target: UrlTarget) {
    this.diagnostics = new ServerDiagnostics(target);
    this.transport = urlTransport(target, recordingFetch(this.texts));
  }

  /** Streamable HTTP: nothing is sent yet. HTTP+SSE: opens the event stream; rejects with why it could not. */
  async start(): Promise<void> {
    this.transport.onmessage = (message) => {
      const m = message as RpcMessage;
      if ('id' in m && this.initializing.delete(m.id)) {
        const version = (m.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
        if (typeof version === 'string') this.transport.setProtocolVersion(version);
      }
      this.onmessage?.(m, 'result' in m || 'error' in m ? this.texts.take(m.id) : undefined);
    };
    this.transport.onerror = (error) => this.onerror?.(error);
    this.transport.onclose = () => this.onclose?.();
    this.diagnostics.stage = 'connecting';
    await this.transport.start();
  }

  /** Rejects with a sentence a person can act on (the status, the refused redirect, the network failure). */
  async send(message: RpcMessage): Promise<void> {
    if (message.method === 'initialize' && 'id' in message) this.initializing.add(message.id);
    try {
      await this.transport.send(message as unknown as JSONRPCMessage);
    } catch (error) {
      this.diagnostics.stage = typeof message.method === 'string' ? message.method : 'an answer';
      throw new Error(this.diagnostics.explain(error, { timedOut: false, cancelled: false, timeoutMs: 0 }).message);
    }
  }

  sendLine(text: string): Promise<void> {
    return this.send(JSON.parse(text) as RpcMessage);
  }

  async close(): Promise<void> {
    if ('terminateSession' in this.transport && this.transport.sessionId !== undefined) await this.transport.terminateSession().catch(() => undefined);
    await this.transport.close();
  }
}
