// The proxy's upstream when the server is at a URL (`proxy --url`): an
// RpcPeer over the SDK's streamable HTTP or HTTP+SSE client transport, with
// the import's redirect and header rules (url-transport.ts). A server
// named as streamable HTTP that refuses the initialize POST with a 4xx is
// taken to be an older HTTP+SSE one, as the MCP spec's backwards
// compatibility says, and reached over HTTP+SSE at the same URL. Each answer
// comes with its exact text (response-texts.ts), so a tools/list over HTTP
// is sliced from the server's own bytes as it is over stdio. The proxy does
// not use the SDK's Client, so what the Client would do itself is done
// here: the negotiated protocol version goes on every later request, and
// the session is ended (DELETE) when the proxy stops. A request whose event
// stream ends before its answer is answered at once with an error. The SDK's
// transports serialise what they send, so only the answers keep the
// server's bytes here.

import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { RpcMessage, RpcPeer } from '../connection/line-peers';
import { RpcFrame } from '../connection/rpc-frame';
import { ResponseTexts, recordingFetch } from './response-texts';
import { ServerDiagnostics } from '../connection/server-diagnostics';
import { redactUrl } from '../../../shared/redact';
import type { UrlTarget } from '../connection/server-target';
import { urlTransport, type UrlTransport } from '../connection/url-transport';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class UrlPeer implements RpcPeer {
  onframe?: RpcPeer['onframe'];
  onunreadable?: RpcPeer['onunreadable'];
  onclose?: RpcPeer['onclose'];
  onerror?: RpcPeer['onerror'];
  private readonly texts = new ResponseTexts();
  private transport: UrlTransport;
  private readonly diagnostics;
  /** Ids of initialize requests sent, whose answer names the protocol version. */
  private readonly initializing = new Set<unknown>();
  /** Until a first message went through: a streamable HTTP target may still turn out to be an HTTP+SSE server. */
  private mayFallBack: boolean;

  /** `log`: one note for a person (the fallback to HTTP+SSE). */
  constructor(
    private readonly target: UrlTarget,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.diagnostics = new ServerDiagnostics(target);
    this.transport = urlTransport(target, this.fetcher());
    this.mayFallBack = target.transport === 'http';
  }

  /** The fetch the transport uses: it keeps each answer's text and hears of event streams that end unanswered. */
  private fetcher() {
    return recordingFetch(this.texts, fetch, (ids) => {
      const error = { code: ErrorCode.ConnectionClosed, message: 'the server closed the event stream before it answered' };
      for (const id of ids) this.onframe?.(RpcFrame.from({ jsonrpc: '2.0', id, error }));
    });
  }

  /** Streamable HTTP: nothing is sent yet. HTTP+SSE: opens the event stream; rejects with why it could not. */
  async start(): Promise<void> {
    this.diagnostics.stage = 'connecting';
    await this.attach(this.transport);
  }

  private async attach(transport: UrlTransport): Promise<void> {
    transport.onmessage = (message) => {
      const m = message as RpcMessage;
      if ('id' in m && this.initializing.delete(m.id)) {
        const version = (m.result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
        if (typeof version === 'string') transport.setProtocolVersion(version);
      }
      const text = 'result' in m || 'error' in m ? this.texts.take(m.id) : undefined;
      this.onframe?.(RpcFrame.of(encoder.encode(text ?? JSON.stringify(m))));
    };
    transport.onerror = (error) => this.onerror?.(error);
    transport.onclose = () => this.onclose?.();
    await transport.start();
  }

  /** Rejects with a sentence a person can act on (the status, the refused redirect, the network failure). */
  async send(message: RpcMessage): Promise<void> {
    if (message.method === 'initialize' && 'id' in message) this.initializing.add(message.id);
    try {
      await this.transport.send(message as unknown as JSONRPCMessage);
      this.mayFallBack = false;
    } catch (error) {
      const refused = this.mayFallBack && message.method === 'initialize' ? olderServerStatus(error) : undefined;
      this.mayFallBack = false;
      if (refused !== undefined) return this.resendOverSse(message, refused);
      throw this.explained(message.method, error);
    }
  }

  /** The streamable HTTP transport is let go (unheard, so its close is not the server's) and `message` goes over HTTP+SSE. */
  private async resendOverSse(message: RpcMessage, status: number): Promise<void> {
    const old = this.transport;
    old.onmessage = old.onerror = old.onclose = undefined;
    await old.close().catch(() => undefined);
    this.log(`${redactUrl(this.target.url)} refused the streamable HTTP initialize (HTTP ${status}): reaching it over the older HTTP+SSE transport`);
    this.transport = urlTransport({ ...this.target, transport: 'sse' }, this.fetcher());
    let stage = 'connecting';
    try {
      await this.attach(this.transport);
      stage = 'initialize';
      await this.transport.send(message as unknown as JSONRPCMessage);
    } catch (error) {
      throw new Error(`${this.explained(stage, error).message} (over HTTP+SSE; streamable HTTP answered HTTP ${status})`);
    }
  }

  private explained(stage: RpcMessage['method'], error: unknown): Error {
    this.diagnostics.stage = typeof stage === 'string' ? stage : 'an answer';
    return new Error(this.diagnostics.explain(error, { timedOut: false, cancelled: false, timeoutMs: 0 }).message);
  }

  write(pieces: readonly Uint8Array[]): Promise<void> {
    return this.send(JSON.parse(decoder.decode(Buffer.concat(pieces))) as RpcMessage);
  }

  /** Each request is its own HTTP exchange: nothing waits in a pipe here. */
  readonly backedUp = false;

  drained(): Promise<void> {
    return Promise.resolve();
  }

  pause(): void {}

  resume(): void {}

  async close(): Promise<void> {
    if ('terminateSession' in this.transport && this.transport.sessionId !== undefined) await this.transport.terminateSession().catch(() => undefined);
    await this.transport.close();
  }
}

/**
 * The status when a streamable HTTP initialize was refused the way an
 * HTTP+SSE-only server refuses it (a 4xx: 404, 405…), else undefined. 401
 * and 403 are about the credentials, not the transport: said as they are.
 */
function olderServerStatus(error: unknown): number | undefined {
  if (!(error instanceof StreamableHTTPError) || error.code === undefined) return undefined;
  return error.code >= 400 && error.code < 500 && error.code !== 401 && error.code !== 403 ? error.code : undefined;
}
