// An MCP proxy that shrinks one thing: tools/list. It sits between a client
// (downstream) and the real server (upstream) and relays every JSON-RPC
// message in both directions — initialize, tools/call, pings,
// notifications, requests the server makes of the client — except a
// tools/list request from the client. That one it answers itself: it lists
// every page upstream, hands each tool's exact text (a slice of the
// server's own answer line) to `shrinkTools`, and answers with one page and
// no nextCursor, written as text from the tools' texts. A tools/call of a
// local tool (caveman_describe) is answered here; one `checkCall` refuses
// (a filtered tool) is answered -32602 here and never reaches the server.
//
// Shaped like the MCP SDK's Protocol: one handler per kind of event
// (a client message, a server message, a local tool's call, list_changed,
// shutdown); the id bookkeeping lives in request-ids.ts and the listing's
// life in listing-lifecycle.ts. Peers are parameters, so tests run it in
// memory.

import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { UnreadableLine } from '../connection/json-lines';
import { listAllPages } from '../connection/list-pages';
import type { MessageExtra, RpcMessage, RpcPeer } from '../connection/line-peers';
import { errorMessage } from '../../../shared/error-message';
import { isObject, memberOf, sourceOf } from '../../engine/json/json-node';
import { MAX_JSON_DEPTH, parseJson } from '../../engine/json/parse-json';
import { pageOfAnswer, type ListingPage } from './listing-text';
import { ListingLifecycle } from './listing-lifecycle';
import { RequestIds, type OwnRequest } from './request-ids';
import {
  UpstreamError,
  describeUnreadable,
  isId,
  isNotification,
  isRequest,
  isResponse,
  malformed,
  replyToUnreadable,
  serverExited,
  unrelayable,
  type RpcError,
  type RpcId,
} from './rpc-shapes';

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

/** Who the client said it is in `initialize`. */
export interface ClientInfo {
  name: string;
  version: string;
}

/** What the listing may depend on besides the server's tools. */
export interface ListingContext {
  /** The client's `clientInfo` from its initialize, when it sent one. */
  clientInfo: ClientInfo | undefined;
}

/** A tools/call on its way to the server. */
export interface ToolCall {
  name: string;
  /** The exact bytes of its `arguments` as the client sent them; undefined when it sent none. */
  arguments: Uint8Array | undefined;
}

export interface ToolsProxyOptions {
  /** The real server (not started yet). */
  upstream: RpcPeer;
  /** The client (not started yet). */
  downstream: RpcPeer;
  /** The tools to answer with, given each tool's exact text as upstream listed it (may return them unchanged). */
  shrinkTools(tools: readonly string[], context: ListingContext): Promise<ShrunkListing>;
  /** One note for a person; the caller keeps it on one line. */
  log(line: string): void;
  /** Why a tools/call is answered -32602 and never reaches the server (a filtered tool, invalid arguments), or undefined to relay it. */
  checkCall?(call: ToolCall): string | undefined;
  /** How long one upstream tools/list page may take (default 60 s). */
  requestTimeoutMs?: number;
}

type Ending = 'client' | 'server' | 'closed';

/** The server's answer to a request of the proxy's own: its result, and the line's exact text when the peer has it. */
interface ServerAnswer {
  result: RpcMessage;
  text: string | undefined;
}

type Request = RpcMessage & { id: RpcId; method: string };

/** A page of tools from an answer: sliced from its text, or (a peer without text) serialised from the parsed result. */
function pageOf(answer: ServerAnswer): ListingPage {
  if (answer.text !== undefined) return pageOfAnswer(answer.text);
  const { tools, nextCursor } = answer.result;
  if (!Array.isArray(tools)) throw new UpstreamError({ code: ErrorCode.InternalError, message: 'the server answered tools/list without a tools array' });
  return { tools: tools.map((tool) => JSON.stringify(tool)), nextCursor: typeof nextCursor === 'string' ? nextCursor : undefined };
}

const paramsOf = (m: RpcMessage) => m.params as Record<string, unknown> | undefined;

/** `clientInfo` of an initialize request, when it has a name and a version. */
function clientInfoOf(request: RpcMessage): ClientInfo | undefined {
  const info = paramsOf(request)?.clientInfo as { name?: unknown; version?: unknown } | undefined;
  return typeof info?.name === 'string' && typeof info.version === 'string' ? { name: info.name, version: info.version } : undefined;
}

/** The exact bytes of a tools/call's `arguments` in the line it came in (re-serialised when the peer has no text). */
function argumentBytes(request: RpcMessage, text: string | undefined): Uint8Array | undefined {
  const args = paramsOf(request)?.arguments;
  if (args === undefined) return undefined;
  if (text === undefined) return new TextEncoder().encode(JSON.stringify(args));
  const doc = parseJson(text, MAX_JSON_DEPTH);
  const params = memberOf(doc, doc.root, 'params');
  const node = isObject(doc, params) ? memberOf(doc, params, 'arguments') : undefined;
  return node === undefined ? undefined : new TextEncoder().encode(sourceOf(doc, node));
}

export class ToolsProxy {
  /** Resolves when the proxy stopped, saying which side ended it. */
  readonly closed: Promise<Ending>;
  /** Who the client said it is (from its initialize), once it said so. */
  clientInfo: ClientInfo | undefined;
  private readonly upstream: RpcPeer;
  private readonly downstream: RpcPeer;
  private readonly log: (line: string) => void;
  private readonly timeoutMs: number;
  private readonly ids = new RequestIds();
  private readonly listing: ListingLifecycle;
  /** Answers the proxy gives itself, awaited before the client's side is closed. */
  private readonly answering = new Set<Promise<void>>();
  private stopping = false;
  /** Set once the server exited (or the proxy is stopping): nothing more can be asked of it. */
  private serverGone = false;
  private finish!: (how: Ending) => void;

  constructor(private readonly options: ToolsProxyOptions) {
    this.upstream = options.upstream;
    this.downstream = options.downstream;
    this.log = options.log;
    this.timeoutMs = options.requestTimeoutMs ?? 60_000;
    this.closed = new Promise((resolve) => (this.finish = resolve));
    this.listing = new ListingLifecycle(async () => this.options.shrinkTools(await this.listUpstream(), { clientInfo: this.clientInfo }));
  }

  /** Starts the upstream peer, then the downstream one; a server that cannot start rejects here (the caller explains why). */
  async start(): Promise<void> {
    this.downstream.onmessage = (m, extra) => this.onClientMessage(m, extra);
    this.downstream.onunreadable = (problem) => this.onClientUnreadable(problem);
    this.downstream.onclose = () => void this.shutdown('client');
    this.downstream.onerror = (error) => this.log(`the connection to the client reported: ${error.message}`);
    await this.upstream.start();
    this.upstream.onmessage = (m, extra) => this.onServerMessage(m, extra);
    this.upstream.onunreadable = (problem) => this.onServerUnreadable(problem);
    this.upstream.onclose = () => {
      if (!this.stopping) this.log('the server closed its connection (it exited); stopping');
      void this.shutdown('server');
    };
    this.upstream.onerror = (error) => this.log(`the connection to the server reported: ${error.message}`);
    await this.downstream.start();
  }

  /** Stops both sides. */
  close(): Promise<void> {
    return this.shutdown('closed');
  }

  // ── the client's side ──────────────────────────────────────────────

  private onClientMessage(m: RpcMessage, extra: MessageExtra | undefined): void {
    const problem = malformed(m);
    if (problem !== undefined) {
      this.log(`the client sent an invalid message (${problem}); answered with error ${ErrorCode.InvalidRequest}`);
      void this.errorToClient(isId(m.id) ? m.id : null, { code: ErrorCode.InvalidRequest, message: `invalid request: ${problem}` });
      return;
    }
    if (isRequest(m)) this.onClientRequest(m, extra?.text);
    else if (isNotification(m) && m.method === 'notifications/cancelled') this.onClientCancel(m);
    else if (isResponse(m) && !this.ids.clientAnswers(m.id as RpcId))
      // An answer to the server's own request (its ids, not ours): only to one it made and is still waiting for.
      this.log(`dropped an answer from the client to a request the server did not make or that was answered already (id ${JSON.stringify(m.id)})`);
    else void this.toServer(m); // notifications, and answers to the server's own requests
  }

  private onClientRequest(m: RpcMessage, text: string | undefined): void {
    if (!isId(m.id)) {
      void this.errorToClient(null, { code: ErrorCode.InvalidRequest, message: 'invalid request: the id must be a string or a number' });
      return;
    }
    const request = m as Request;
    if (this.serverGone) {
      // Read after the server exited: nobody upstream will answer it, so we do, before the client's side closes.
      this.answer(this.errorToClient(request.id, serverExited(request.method)));
      return;
    }
    if (request.method === 'initialize') this.clientInfo = clientInfoOf(request);
    if (request.method === 'tools/list') return this.answer(this.answerToolsList(request));
    if (request.method === 'tools/call') {
      const local = this.listing.localTool(paramsOf(request)?.name);
      if (local) return this.answer(this.answerLocalCall(request, local));
      const refused = this.checkedCall(request, text);
      if (refused !== undefined) return this.answer(this.errorToClient(request.id, { code: ErrorCode.InvalidParams, message: refused }));
    }
    this.relayClientRequest(request);
  }

  /** Why a tools/call must not reach the server, from the caller's check. */
  private checkedCall(request: Request, text: string | undefined): string | undefined {
    const name = paramsOf(request)?.name;
    if (this.options.checkCall === undefined || typeof name !== 'string') return undefined;
    return this.options.checkCall({ name, arguments: argumentBytes(request, text) });
  }

  private relayClientRequest(request: Request): void {
    const id = this.ids.fromClient(request.id, request.method);
    if (id === undefined) {
      void this.errorToClient(request.id, { code: ErrorCode.InvalidRequest, message: `a request with id ${JSON.stringify(request.id)} is already in flight` });
      return;
    }
    this.requestUpstream({ ...request, id }, id, request.method);
  }

  /** The client names its own id; the server knows the request by ours. */
  private onClientCancel(m: RpcMessage): void {
    const params = paramsOf(m);
    const ours = isId(params?.requestId) ? this.ids.oursFor(params.requestId) : undefined;
    if (ours !== undefined) void this.toServer({ ...m, params: { ...params, requestId: ours } });
  }

  private onClientUnreadable(problem: UnreadableLine): void {
    const reply = replyToUnreadable(problem);
    this.log(`the client sent ${describeUnreadable(problem)}; answered with error ${reply.error.code}`);
    void this.errorToClient(reply.id, reply.error);
  }

  // ── the server's side ──────────────────────────────────────────────

  private onServerMessage(m: RpcMessage, extra: MessageExtra | undefined): void {
    const problem = malformed(m);
    if (problem !== undefined) {
      // Never relayed: the client would take it for a request or an answer of its own.
      this.log(`the server sent an invalid message (${problem}); ignored it`);
      this.failInFlight(m.id, unrelayable(`an invalid message (${problem})`));
      return;
    }
    if (isResponse(m)) return this.onServerAnswer(m, extra?.text);
    if (isNotification(m) && m.method === 'notifications/tools/list_changed') this.onToolsListChanged();
    if (isRequest(m) && isId(m.id)) this.ids.serverAsks(m.id);
    void this.toClient(m); // notifications and the server's own requests go to the client as they are
  }

  private onServerAnswer(m: RpcMessage, text: string | undefined): void {
    const waiting = this.ids.settle(m.id);
    if (!waiting) {
      this.log(`dropped an answer from the server to a request it was not asked (id ${JSON.stringify(m.id)})`);
      return;
    }
    if (waiting.from === 'client') {
      void this.toClient({ ...m, id: waiting.clientId });
      return;
    }
    clearTimeout(waiting.timer);
    if ('error' in m) waiting.reject(new UpstreamError(m.error as RpcError));
    else waiting.resolve({ result: (m.result ?? {}) as RpcMessage, text } satisfies ServerAnswer);
  }

  private onServerUnreadable(problem: UnreadableLine): void {
    this.log(`the server sent ${describeUnreadable(problem)}; ignored it`);
    this.failInFlight(problem.kind === 'not-json' ? null : problem.id, unrelayable(describeUnreadable(problem)));
  }

  // ── tools/list and the local tools ─────────────────────────────────

  private async answerToolsList(request: Request): Promise<void> {
    if (paramsOf(request)?.cursor !== undefined) {
      // We never hand out a cursor: every tool comes in the first page.
      await this.errorToClient(request.id, { code: ErrorCode.InvalidParams, message: 'invalid cursor: this proxy answers tools/list in one page' });
      return;
    }
    try {
      const shrunk = await this.listing.current();
      this.listing.handedOut(shrunk);
      const tools = shrunk.local ? [...shrunk.tools, JSON.stringify(shrunk.local.definition)] : shrunk.tools;
      await this.downstream
        .sendLine(`{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":{"tools":[${tools.join(',')}]}}`)
        .catch((error: unknown) => this.log(`could not write to the client: ${String(error)}`));
    } catch (error) {
      const rpc =
        error instanceof UpstreamError ? error.rpc : { code: ErrorCode.InternalError, message: `the proxy could not list the tools: ${errorMessage(error)}` };
      await this.errorToClient(request.id, rpc);
    }
  }

  private async answerLocalCall(request: Request, handed: LocalTool): Promise<void> {
    const local = await this.listing.latest(handed);
    try {
      const result = await local.call(paramsOf(request)?.arguments);
      await this.toClient({ jsonrpc: '2.0', id: request.id, result });
    } catch (error) {
      await this.errorToClient(request.id, { code: ErrorCode.InternalError, message: `${local.definition.name} failed: ${errorMessage(error)}` });
    }
  }

  /** The server changed its tools: once the client has listed, the listing is made again at once. */
  private onToolsListChanged(): void {
    this.listing.changed();
    if (!this.listing.listed || this.serverGone) return;
    this.answer(
      this.listing.refresh().catch((error: unknown) => {
        this.log(`could not list the tools again after the server changed them: ${errorMessage(error)}; the next tools/list asks again`);
      }),
    );
  }

  /** Every tool upstream lists, each as its exact text; a failure is an error the client can be answered with. */
  private async listUpstream(): Promise<string[]> {
    try {
      const listed = await listAllPages({
        page: async (cursor) => pageOf(await this.askServer('tools/list', cursor === undefined ? undefined : { cursor })),
        bytesOf: (tool) => Buffer.byteLength(tool),
      });
      return listed.tools;
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      throw new UpstreamError({ code: ErrorCode.InternalError, message: errorMessage(error) });
    }
  }

  // ── requests upstream ──────────────────────────────────────────────

  /** A request of our own to the server; its answer never reaches the client. */
  private askServer(method: string, params: RpcMessage | undefined): Promise<ServerAnswer> {
    return new Promise((resolve, reject) => {
      if (this.serverGone) return reject(new UpstreamError(serverExited(method)));
      const request: OwnRequest = { from: 'proxy', method, resolve: resolve as OwnRequest['resolve'], reject, timer: undefined! };
      const id = this.ids.own(request);
      request.timer = setTimeout(() => {
        this.ids.settle(id);
        void this.toServer({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'timed out' } });
        reject(
          new UpstreamError({ code: ErrorCode.RequestTimeout, message: `the server did not answer ${method} within ${Math.round(this.timeoutMs / 1000)} s` }),
        );
      }, this.timeoutMs);
      this.requestUpstream({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }, id, method);
    });
  }

  /** Sends a request in flight under our id `id`; one that cannot be sent (an HTTP server down, say) is answered with why. */
  private requestUpstream(message: RpcMessage, id: number, method: string): void {
    this.upstream.send(message).catch((error: unknown) => {
      const why = errorMessage(error);
      this.log(`could not send ${method} to the server: ${why}`);
      this.failInFlight(id, () => ({ code: ErrorCode.ConnectionClosed, message: `the proxy could not send ${method} to the server: ${why}` }));
    });
  }

  /** Ends a request in flight under our id `id` with an error, if there is one. */
  private failInFlight(id: unknown, error: (method: string) => RpcError): void {
    const waiting = this.ids.settle(id);
    if (!waiting) return;
    if (waiting.from === 'client') {
      void this.errorToClient(waiting.clientId, error(waiting.method));
      return;
    }
    clearTimeout(waiting.timer);
    waiting.reject(new UpstreamError(error(waiting.method)));
  }

  // ── writing, and the end ───────────────────────────────────────────

  private toClient(message: RpcMessage): Promise<void> {
    return this.downstream.send(message).catch((error: unknown) => this.log(`could not write to the client: ${String(error)}`));
  }

  private toServer(message: RpcMessage): Promise<void> {
    return this.upstream.send(message).catch((error: unknown) => this.log(`could not write to the server: ${String(error)}`));
  }

  private errorToClient(id: RpcId | null, error: RpcError): Promise<void> {
    return this.toClient({ jsonrpc: '2.0', id, error });
  }

  /** Runs an answer the proxy gives itself, remembered so a stop waits for it. */
  private answer(work: Promise<void>): void {
    this.answering.add(work);
    void work.finally(() => this.answering.delete(work));
  }

  private async shutdown(how: Ending): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.serverGone = true;
    for (const waiting of this.ids.drain()) {
      const error = serverExited(waiting.method);
      if (waiting.from === 'client') {
        if (how === 'server') this.answer(this.errorToClient(waiting.clientId, error));
      } else {
        clearTimeout(waiting.timer);
        waiting.reject(new UpstreamError(error));
      }
    }
    await this.upstream.close().catch(() => undefined);
    // The client hears about everything it asked before its side is closed,
    // requests it sent meanwhile included (they are answered at once).
    while (this.answering.size > 0) await Promise.allSettled([...this.answering]);
    await this.downstream.close().catch(() => undefined);
    this.finish(how);
  }
}

/** Starts a proxy: the upstream peer, then the downstream one; relays until either closes. */
export async function startToolsProxy(options: ToolsProxyOptions): Promise<ToolsProxy> {
  const proxy = new ToolsProxy(options);
  await proxy.start();
  return proxy;
}
