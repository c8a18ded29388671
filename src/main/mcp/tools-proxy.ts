// An MCP proxy that shrinks one thing: tools/list. It sits between a client
// (downstream) and the real server (upstream) and relays every JSON-RPC
// message unchanged, in both directions — initialize, tools/call, pings,
// notifications, requests the server makes of the client — except a
// tools/list request from the client. That one it answers itself: it lists
// every page upstream (under its own request ids, which never reach the
// client), hands the tools to `shrinkTools`, and answers with one page and
// no nextCursor. The listing is kept until the server sends
// notifications/tools/list_changed (which is relayed too), then fetched
// again on the next tools/list. Transports are parameters, so tests can run
// it in memory.

import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface ToolsProxyOptions {
  /** The real server (not started yet). */
  upstream: Transport;
  /** The client (not started yet). */
  downstream: Transport;
  /** The tools to answer with, given every tool upstream listed (may return them unchanged). */
  shrinkTools(tools: unknown[]): Promise<unknown[]>;
  log(line: string): void;
  /** How long one upstream tools/list page may take (default 60 s). */
  requestTimeoutMs?: number;
}

export interface ToolsProxy {
  /** Resolves when the proxy stopped, saying which side ended it. */
  readonly closed: Promise<'client' | 'server' | 'closed'>;
  /** Stops both sides. */
  close(): Promise<void>;
}

/** JSON-RPC error codes the proxy answers with itself. */
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;
const REQUEST_TIMEOUT = -32001;
const MAX_PAGES = 1000;
const ID_PREFIX = 'caveman-proxy-';

type RpcError = { code: number; message: string; data?: unknown };

class UpstreamError extends Error {
  constructor(readonly rpc: RpcError) {
    super(rpc.message);
  }
}

interface Pending {
  resolve(result: Record<string, unknown>): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

type Message = Record<string, unknown>;
const isRequest = (m: Message) => typeof m.method === 'string' && 'id' in m;
const isNotification = (m: Message) => typeof m.method === 'string' && !('id' in m);
const isResponse = (m: Message) => typeof m.method !== 'string' && 'id' in m && ('result' in m || 'error' in m);

function describeTransportError(side: 'client' | 'server', error: Error): string {
  const unreadable = error instanceof SyntaxError || error.name === 'ZodError';
  return unreadable ? `ignored a line from the ${side} that is not a JSON-RPC message (${error.message.slice(0, 120)})` : `the connection to the ${side} reported: ${error.message}`;
}

/** Starts the upstream transport, then the downstream one, and relays until either closes. */
export async function startToolsProxy(options: ToolsProxyOptions): Promise<ToolsProxy> {
  const { upstream, downstream, log } = options;
  const timeoutMs = options.requestTimeoutMs ?? 60_000;
  const pending = new Map<string, Pending>();
  let nextId = 0;
  let generation = 0;
  let listing: { generation: number; tools: Promise<unknown[]> } | undefined;
  let stopping = false;
  let finish!: (how: 'client' | 'server' | 'closed') => void;
  const closed = new Promise<'client' | 'server' | 'closed'>((resolve) => (finish = resolve));

  const toClient = (message: Message) => downstream.send(message as JSONRPCMessage).catch((error: unknown) => log(`could not write to the client: ${String(error)}`));
  const toServer = (message: Message) => upstream.send(message as JSONRPCMessage).catch((error: unknown) => log(`could not write to the server: ${String(error)}`));

  /** A request of our own to the server; its answer never reaches the client. */
  const askServer = (method: string, params: Record<string, unknown> | undefined): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => {
      const id = `${ID_PREFIX}${++nextId}`;
      const timer = setTimeout(() => {
        pending.delete(id);
        void toServer({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'timed out' } });
        reject(new UpstreamError({ code: REQUEST_TIMEOUT, message: `the server did not answer ${method} within ${Math.round(timeoutMs / 1000)} s` }));
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      void toServer({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    });

  const listAllPages = async (): Promise<unknown[]> => {
    const tools: unknown[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; ; page++) {
      if (page >= MAX_PAGES) throw new UpstreamError({ code: INTERNAL_ERROR, message: `the server handed out more than ${MAX_PAGES} pages of tools` });
      const result = await askServer('tools/list', cursor === undefined ? undefined : { cursor });
      if (!Array.isArray(result.tools)) throw new UpstreamError({ code: INTERNAL_ERROR, message: 'the server answered tools/list without a tools array' });
      tools.push(...(result.tools as unknown[]));
      const next = result.nextCursor;
      if (typeof next !== 'string') return tools;
      if (seen.has(next)) throw new UpstreamError({ code: INTERNAL_ERROR, message: "the server's tools/list pagination loops" });
      seen.add(next);
      cursor = next;
    }
  };

  const currentTools = (): Promise<unknown[]> => {
    if (listing?.generation !== generation) {
      const tools = listAllPages().then((listed) => options.shrinkTools(listed));
      const entry = { generation, tools };
      listing = entry;
      // A failed listing is not kept: the next tools/list asks the server again.
      tools.catch(() => {
        if (listing === entry) listing = undefined;
      });
    }
    return listing.tools;
  };

  const answerToolsList = async (request: Message) => {
    const params = request.params as { cursor?: unknown } | undefined;
    if (params?.cursor !== undefined) {
      // We never hand out a cursor: every tool comes in the first page.
      await toClient({ jsonrpc: '2.0', id: request.id, error: { code: INVALID_PARAMS, message: 'invalid cursor: this proxy answers tools/list in one page' } });
      return;
    }
    try {
      await toClient({ jsonrpc: '2.0', id: request.id, result: { tools: await currentTools() } });
    } catch (error) {
      const rpc = error instanceof UpstreamError ? error.rpc : { code: INTERNAL_ERROR, message: `the proxy could not list the tools: ${error instanceof Error ? error.message : String(error)}` };
      await toClient({ jsonrpc: '2.0', id: request.id, error: rpc });
    }
  };

  downstream.onmessage = (message) => {
    const m = message as unknown as Message;
    if (isRequest(m) && m.method === 'tools/list') void answerToolsList(m);
    else void toServer(m);
  };

  upstream.onmessage = (message) => {
    const m = message as unknown as Message;
    if (isResponse(m) && typeof m.id === 'string' && m.id.startsWith(ID_PREFIX)) {
      const waiting = pending.get(m.id);
      if (!waiting) return; // an answer after our timeout
      pending.delete(m.id);
      clearTimeout(waiting.timer);
      if ('error' in m) waiting.reject(new UpstreamError(m.error as RpcError));
      else waiting.resolve((m.result ?? {}) as Record<string, unknown>);
      return;
    }
    if (isNotification(m) && m.method === 'notifications/tools/list_changed') generation += 1;
    void toClient(m);
  };

  const stop = async (how: 'client' | 'server' | 'closed') => {
    if (stopping) return;
    stopping = true;
    for (const [id, waiting] of pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new UpstreamError({ code: INTERNAL_ERROR, message: 'the server went away' }));
      pending.delete(id);
    }
    await Promise.allSettled([upstream.close(), downstream.close()]);
    finish(how);
  };

  downstream.onclose = () => void stop('client');
  downstream.onerror = (error) => log(describeTransportError('client', error));
  // A server that cannot start rejects here (the caller explains why); only a started one is watched.
  await upstream.start();
  upstream.onclose = () => {
    if (!stopping) log('the server closed its connection (it exited); stopping');
    void stop('server');
  };
  upstream.onerror = (error) => log(describeTransportError('server', error));
  await downstream.start();
  return { closed, close: () => stop('closed') };
}
