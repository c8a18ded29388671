// An MCP proxy that shrinks one thing: tools/list. It sits between a client
// (downstream) and the real server (upstream) and relays every JSON-RPC
// message in both directions — initialize, tools/call, pings,
// notifications, requests the server makes of the client — except a
// tools/list request from the client. That one it answers itself: it lists
// every page upstream, hands each tool's exact text (a slice of the
// server's own answer line) to `shrinkTools`, and answers with one page and
// no nextCursor, that answer written as text from the tools' texts. The
// listing is kept until the server sends notifications/tools/list_changed:
// then, once the client has listed, it is fetched and shrunk again at once
// (the store gets the new original, caveman_describe knows the new tools
// before the client lists again, and that tools/list is answered from it),
// and the notification is relayed. A tools/call of a tool `refuseCall` names (one the proxy
// filters out) is answered -32602 here and never reaches the server.
//
// Ids: every request the client sends goes upstream under an id of the
// proxy's own numbering and its answer goes back under the client's id, so
// the proxy's own requests can never be mistaken for a client's whatever
// ids the client picks. That map is also how a server that dies leaves no
// client request unanswered. Only well-formed messages are relayed: a
// client message with an id but no string method is answered -32600 here
// (the server would answer it under an id a real request may hold), and a
// client's answer goes upstream only for a request the server made and is
// still waiting for. Peers are parameters, so tests can run it in memory.

import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { UnreadableLine } from '../connection/json-lines';
import { listAllPages } from '../connection/list-pages';
import { pageOfAnswer, type ListingPage } from './listing-text';
import type { RpcMessage, RpcPeer } from '../connection/line-peers';
import { errorMessage } from '../../../shared/error-message';

/** A tool the proxy answers itself (e.g. caveman_describe), offered with one listing. */
export interface LocalTool {
  /** Its entry in tools/list; `name` is what tools/call names it by. */
  definition: { name: string } & Record<string, unknown>;
  /** The tools/call result for these arguments. */
  call(args: unknown): Promise<Record<string, unknown>>;
}

export interface ShrunkListing {
  /** Each tool's JSON text, as the client gets it. */
  tools: readonly string[];
  /** Answered by the proxy and listed after the server's tools. */
  local?: LocalTool | undefined;
}

export interface ToolsProxyOptions {
  /** The real server (not started yet). */
  upstream: RpcPeer;
  /** The client (not started yet). */
  downstream: RpcPeer;
  /** The tools to answer with, given each tool's exact text as upstream listed it (may return them unchanged). */
  shrinkTools(tools: readonly string[]): Promise<ShrunkListing>;
  /** One note for a person; the caller keeps it on one line. */
  log(line: string): void;
  /** Why a tools/call of the tool `name` is answered with an error and never reaches the server (a filtered tool), or undefined to relay it. */
  refuseCall?(name: string): string | undefined;
  /** How long one upstream tools/list page may take (default 60 s). */
  requestTimeoutMs?: number;
}

export interface ToolsProxy {
  /** Resolves when the proxy stopped, saying which side ended it. */
  readonly closed: Promise<'client' | 'server' | 'closed'>;
  /** Stops both sides. */
  close(): Promise<void>;
}

type RpcId = string | number;
type RpcError = { code: number; message: string; data?: unknown };

class UpstreamError extends Error {
  constructor(readonly rpc: RpcError) {
    super(rpc.message);
  }
}

/** A request in flight upstream, under the proxy's id: the client's (with its own id) or the proxy's own. */
type InFlight =
  | { from: 'client'; clientId: RpcId; method: string }
  | { from: 'proxy'; method: string; resolve(answer: ServerAnswer): void; reject(error: Error): void; timer: ReturnType<typeof setTimeout> };

/** The server's answer to a request of the proxy's own: its result, and the line's exact text when the peer has it. */
interface ServerAnswer {
  result: RpcMessage;
  text: string | undefined;
}

/** A page of tools from an answer: sliced from its text, or (a peer without text) serialised from the parsed result. */
function pageOf(answer: ServerAnswer): ListingPage {
  if (answer.text !== undefined) return pageOfAnswer(answer.text);
  const { tools, nextCursor } = answer.result;
  if (!Array.isArray(tools)) throw new UpstreamError({ code: ErrorCode.InternalError, message: 'the server answered tools/list without a tools array' });
  return { tools: tools.map((tool) => JSON.stringify(tool)), nextCursor: typeof nextCursor === 'string' ? nextCursor : undefined };
}

const isRequest = (m: RpcMessage) => typeof m.method === 'string' && 'id' in m;
const isNotification = (m: RpcMessage) => typeof m.method === 'string' && !('id' in m);
const isResponse = (m: RpcMessage) => typeof m.method !== 'string' && 'id' in m && ('result' in m || 'error' in m);
const isId = (id: unknown): id is RpcId => typeof id === 'string' || typeof id === 'number';

/**
 * Why a client message is not one the proxy may forward, or undefined when
 * it is a request, a notification or an answer (result xor error). Checked
 * before anything is relayed: a malformed message sent on would be answered
 * by the server under an id the proxy may be using for a real request.
 */
function malformed(m: RpcMessage): string | undefined {
  if ('method' in m) return typeof m.method === 'string' ? undefined : 'the method must be a string';
  const result = 'result' in m;
  const error = 'error' in m;
  if (result && error) return 'an answer has a result or an error, not both';
  if (!result && !error) return 'no method, and neither a result nor an error';
  return isId(m.id) ? undefined : "an answer's id must be a string or a number";
}
/** Keys client ids by type and value, so "1" and 1 stay apart. */
const idKey = (id: RpcId) => `${typeof id}:${id}`;

/** The error for a request the server can no longer answer. */
const serverExited = (method: string): RpcError => ({ code: ErrorCode.ConnectionClosed, message: `the server exited before it answered ${method}` });

function describeUnreadable(problem: UnreadableLine): string {
  if (problem.kind === 'too-large') return `a message of ${problem.bytes} bytes, over the limit of ${problem.limit} bytes`;
  if (problem.kind === 'not-json') return `a line that is not JSON (${problem.detail.slice(0, 120)})`;
  return 'a line that is JSON but not a JSON-RPC 2.0 message';
}

/** The error a client gets for a line it sent that the proxy could not take. */
function replyToUnreadable(problem: UnreadableLine): { id: RpcId | null; error: RpcError } {
  if (problem.kind === 'not-json') return { id: null, error: { code: ErrorCode.ParseError, message: `parse error: ${problem.detail.slice(0, 200)}` } };
  if (problem.kind === 'not-jsonrpc')
    return { id: problem.id, error: { code: ErrorCode.InvalidRequest, message: 'invalid request: not a JSON-RPC 2.0 message' } };
  return {
    id: problem.id,
    error: { code: ErrorCode.InvalidRequest, message: `the message is ${problem.bytes} bytes, over the proxy's limit of ${problem.limit} bytes` },
  };
}

/** Starts the upstream peer, then the downstream one, and relays until either closes. */
export async function startToolsProxy(options: ToolsProxyOptions): Promise<ToolsProxy> {
  const { upstream, downstream, log } = options;
  const timeoutMs = options.requestTimeoutMs ?? 60_000;
  const inFlight = new Map<number, InFlight>();
  const byClientId = new Map<string, number>();
  /** The server's own requests the client has not answered yet (by idKey of the server's id). */
  const serverAsked = new Set<string>();
  const answering = new Set<Promise<void>>();
  let nextId = 0;
  let generation = 0;
  let listing: { generation: number; answer: Promise<ShrunkListing> } | undefined;
  let offered: ShrunkListing | undefined;
  /** The listing fetched again after list_changed, until it is done: a call of the local tool waits for it. */
  let refreshing: Promise<ShrunkListing> | undefined;
  let stopping = false;
  /** Set once the server exited (or the proxy is stopping): nothing more can be asked of it. */
  let serverGone = false;
  let finish!: (how: 'client' | 'server' | 'closed') => void;
  const closed = new Promise<'client' | 'server' | 'closed'>((resolve) => (finish = resolve));

  const toClient = (message: RpcMessage) => downstream.send(message).catch((error: unknown) => log(`could not write to the client: ${String(error)}`));
  const toServer = (message: RpcMessage) => upstream.send(message).catch((error: unknown) => log(`could not write to the server: ${String(error)}`));
  const errorToClient = (id: RpcId | null, error: RpcError) => toClient({ jsonrpc: '2.0', id, error });
  /** Runs an answer the proxy gives itself, remembered so a stop waits for it. */
  const answer = (work: Promise<void>) => {
    answering.add(work);
    void work.finally(() => answering.delete(work));
  };

  /** Sends a request in flight under our id `id`; one that cannot be sent (an HTTP server down, say) is answered with why. */
  const requestUpstream = (message: RpcMessage, id: number, method: string) => {
    upstream.send(message).catch((error: unknown) => {
      const why = errorMessage(error);
      log(`could not send ${method} to the server: ${why}`);
      failInFlight(id, () => ({ code: ErrorCode.ConnectionClosed, message: `the proxy could not send ${method} to the server: ${why}` }));
    });
  };

  /** A request of our own to the server; its answer never reaches the client. */
  const askServer = (method: string, params: RpcMessage | undefined): Promise<ServerAnswer> =>
    new Promise((resolve, reject) => {
      if (serverGone) {
        reject(new UpstreamError(serverExited(method)));
        return;
      }
      const id = ++nextId;
      const timer = setTimeout(() => {
        inFlight.delete(id);
        void toServer({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'timed out' } });
        reject(new UpstreamError({ code: ErrorCode.RequestTimeout, message: `the server did not answer ${method} within ${Math.round(timeoutMs / 1000)} s` }));
      }, timeoutMs);
      inFlight.set(id, { from: 'proxy', method, resolve, reject, timer });
      requestUpstream({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }, id, method);
    });

  /** Every tool upstream lists, each as its exact text; a failure is an error the client can be answered with. */
  const listUpstream = async (): Promise<string[]> => {
    try {
      const listed = await listAllPages({
        page: async (cursor) => pageOf(await askServer('tools/list', cursor === undefined ? undefined : { cursor })),
        bytesOf: (tool) => Buffer.byteLength(tool),
      });
      return listed.tools;
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      throw new UpstreamError({ code: ErrorCode.InternalError, message: errorMessage(error) });
    }
  };

  const currentListing = (): Promise<ShrunkListing> => {
    if (listing?.generation !== generation) {
      const answer = listUpstream().then((listed) => options.shrinkTools(listed));
      const entry = { generation, answer };
      listing = entry;
      // A failed listing is not kept: the next tools/list asks the server again.
      answer.catch(() => {
        if (listing === entry) listing = undefined;
      });
    }
    return listing.answer;
  };

  const answerToolsList = async (request: RpcMessage & { id: RpcId }) => {
    const params = request.params as { cursor?: unknown } | undefined;
    if (params?.cursor !== undefined) {
      // We never hand out a cursor: every tool comes in the first page.
      await errorToClient(request.id, { code: ErrorCode.InvalidParams, message: 'invalid cursor: this proxy answers tools/list in one page' });
      return;
    }
    try {
      const shrunk = await currentListing();
      offered = shrunk;
      const tools = shrunk.local ? [...shrunk.tools, JSON.stringify(shrunk.local.definition)] : shrunk.tools;
      await downstream
        .sendLine(`{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":{"tools":[${tools.join(',')}]}}`)
        .catch((error: unknown) => log(`could not write to the client: ${String(error)}`));
    } catch (error) {
      const rpc =
        error instanceof UpstreamError ? error.rpc : { code: ErrorCode.InternalError, message: `the proxy could not list the tools: ${errorMessage(error)}` };
      await errorToClient(request.id, rpc);
    }
  };

  /** After list_changed: the listing again, shrunk, and offered (the describe tool answers from it) — the client's next tools/list is answered from it too. */
  const refreshListing = () => {
    const at = generation;
    const refresh = currentListing().then((shrunk) => {
      if (at === generation) offered = shrunk; // else a later change is being listed
      return shrunk;
    });
    refreshing = refresh;
    const done = () => {
      if (refreshing === refresh) refreshing = undefined;
    };
    answer(
      refresh.then(done, (error: unknown) => {
        done();
        log(`could not list the tools again after the server changed them: ${errorMessage(error)}; the next tools/list asks again`);
      }),
    );
  };

  const answerLocalCall = async (request: RpcMessage & { id: RpcId }, offeredLocal: LocalTool) => {
    // A re-listing in progress has the server's current tools: answer from it (from the last one if it failed or has no local tool).
    const local = (refreshing ? (await refreshing.catch(() => undefined))?.local : undefined) ?? offeredLocal;
    try {
      const result = await local.call((request.params as { arguments?: unknown } | undefined)?.arguments);
      await toClient({ jsonrpc: '2.0', id: request.id, result });
    } catch (error) {
      await errorToClient(request.id, { code: ErrorCode.InternalError, message: `${local.definition.name} failed: ${errorMessage(error)}` });
    }
  };

  /** The tool the proxy answers itself, when this request calls it. */
  const localToolFor = (request: RpcMessage): LocalTool | undefined => {
    if (request.method !== 'tools/call') return undefined;
    const local = offered?.local;
    return local !== undefined && (request.params as { name?: unknown } | undefined)?.name === local.definition.name ? local : undefined;
  };

  /** Why this request must not reach the server: a call of a tool the proxy does not list. */
  const refusal = (request: RpcMessage): string | undefined => {
    const name = (request.params as { name?: unknown } | undefined)?.name;
    return request.method === 'tools/call' && typeof name === 'string' ? options.refuseCall?.(name) : undefined;
  };

  const relayClientRequest = (request: RpcMessage & { id: RpcId }) => {
    const key = idKey(request.id);
    if (byClientId.has(key)) {
      void errorToClient(request.id, { code: ErrorCode.InvalidRequest, message: `a request with id ${JSON.stringify(request.id)} is already in flight` });
      return;
    }
    const id = ++nextId;
    inFlight.set(id, { from: 'client', clientId: request.id, method: request.method as string });
    byClientId.set(key, id);
    requestUpstream({ ...request, id }, id, request.method as string);
  };

  downstream.onmessage = (m) => {
    const problem = malformed(m);
    if (problem !== undefined) {
      log(`the client sent an invalid message (${problem}); answered with error ${ErrorCode.InvalidRequest}`);
      void errorToClient(isId(m.id) ? m.id : null, { code: ErrorCode.InvalidRequest, message: `invalid request: ${problem}` });
      return;
    }
    if (isRequest(m) && serverGone && isId(m.id)) {
      // Read after the server exited: nobody upstream will answer it, so we do, before the client's side closes.
      answer(errorToClient(m.id, serverExited(m.method as string)));
      return;
    }
    if (isRequest(m)) {
      if (!isId(m.id)) {
        void errorToClient(null, { code: ErrorCode.InvalidRequest, message: 'invalid request: the id must be a string or a number' });
        return;
      }
      const request = m as RpcMessage & { id: RpcId };
      const local = localToolFor(request);
      const refused = local === undefined ? refusal(request) : undefined;
      if (request.method === 'tools/list') answer(answerToolsList(request));
      else if (local) answer(answerLocalCall(request, local));
      else if (refused !== undefined) answer(errorToClient(request.id, { code: ErrorCode.InvalidParams, message: refused }));
      else relayClientRequest(request);
      return;
    }
    if (isNotification(m) && m.method === 'notifications/cancelled') {
      // The client names its own id; the server knows the request by ours.
      const params = m.params as { requestId?: unknown } | undefined;
      const ours = isId(params?.requestId) ? byClientId.get(idKey(params.requestId)) : undefined;
      if (ours !== undefined) void toServer({ ...m, params: { ...params, requestId: ours } });
      return;
    }
    if (isResponse(m)) {
      // An answer to the server's own request (its ids, not ours): only to one it made and is still waiting for.
      const key = idKey(m.id as RpcId);
      if (!serverAsked.delete(key)) {
        log(`dropped an answer from the client to a request the server did not make or that was answered already (id ${JSON.stringify(m.id)})`);
        return;
      }
    }
    void toServer(m); // notifications, and answers to the server's own requests
  };
  downstream.onunreadable = (problem) => {
    const reply = replyToUnreadable(problem);
    log(`the client sent ${describeUnreadable(problem)}; answered with error ${reply.error.code}`);
    void errorToClient(reply.id, reply.error);
  };

  /** Ends a request in flight under our id `id` with an error, if there is one. */
  const failInFlight = (id: unknown, error: (method: string) => RpcError) => {
    const waiting = typeof id === 'number' ? inFlight.get(id) : undefined;
    if (!waiting) return;
    inFlight.delete(id as number);
    if (waiting.from === 'client') {
      byClientId.delete(idKey(waiting.clientId));
      void errorToClient(waiting.clientId, error(waiting.method));
    } else {
      clearTimeout(waiting.timer);
      waiting.reject(new UpstreamError(error(waiting.method)));
    }
  };
  const unrelayable = (what: string) => (method: string) => ({
    code: ErrorCode.InternalError,
    message: `the server's answer to ${method} could not be relayed: it was ${what}`,
  });

  upstream.onmessage = (m, extra) => {
    const problem = malformed(m);
    if (problem !== undefined) {
      // Never relayed: the client would take it for a request or an answer of its own.
      log(`the server sent an invalid message (${problem}); ignored it`);
      failInFlight(m.id, unrelayable(`an invalid message (${problem})`));
      return;
    }
    if (!isResponse(m)) {
      if (isNotification(m) && m.method === 'notifications/tools/list_changed') {
        generation += 1;
        if (offered !== undefined && !serverGone) refreshListing();
      }
      if (isRequest(m) && isId(m.id)) serverAsked.add(idKey(m.id));
      void toClient(m); // notifications and the server's own requests go to the client as they are
      return;
    }
    const waiting = typeof m.id === 'number' ? inFlight.get(m.id) : undefined;
    if (!waiting) {
      log(`dropped an answer from the server to a request it was not asked (id ${JSON.stringify(m.id)})`);
      return;
    }
    inFlight.delete(m.id as number);
    if (waiting.from === 'client') {
      byClientId.delete(idKey(waiting.clientId));
      void toClient({ ...m, id: waiting.clientId });
      return;
    }
    clearTimeout(waiting.timer);
    if ('error' in m) waiting.reject(new UpstreamError(m.error as RpcError));
    else waiting.resolve({ result: (m.result ?? {}) as RpcMessage, text: extra?.text });
  };
  upstream.onunreadable = (problem) => {
    log(`the server sent ${describeUnreadable(problem)}; ignored it`);
    failInFlight(problem.kind === 'not-json' ? null : problem.id, unrelayable(describeUnreadable(problem)));
  };

  const stop = async (how: 'client' | 'server' | 'closed') => {
    if (stopping) return;
    stopping = true;
    serverGone = true;
    for (const waiting of inFlight.values()) {
      const error = serverExited(waiting.method);
      if (waiting.from === 'client') {
        if (how === 'server') answer(errorToClient(waiting.clientId, error));
      } else {
        clearTimeout(waiting.timer);
        waiting.reject(new UpstreamError(error));
      }
    }
    inFlight.clear();
    byClientId.clear();
    await upstream.close().catch(() => undefined);
    // The client hears about everything it asked before its side is closed,
    // requests it sent meanwhile included (they are answered at once).
    while (answering.size > 0) await Promise.allSettled([...answering]);
    await downstream.close().catch(() => undefined);
    finish(how);
  };

  downstream.onclose = () => void stop('client');
  downstream.onerror = (error) => log(`the connection to the client reported: ${error.message}`);
  // A server that cannot start rejects here (the caller explains why); only a started one is watched.
  await upstream.start();
  upstream.onclose = () => {
    if (!stopping) log('the server closed its connection (it exited); stopping');
    void stop('server');
  };
  upstream.onerror = (error) => log(`the connection to the server reported: ${error.message}`);
  await downstream.start();
  return { closed, close: () => stop('closed') };
}
