// An MCP proxy that shrinks one thing: tools/list. It sits between a client
// (downstream) and the real server (upstream) and relays every JSON-RPC
// message in both directions — initialize, tools/call, pings,
// notifications, requests the server makes of the client — except a
// tools/list request from the client. That one it answers itself: it lists
// every page upstream, hands each tool's exact text (a slice of the
// server's own answer) to `shrinkTools`, and answers with one page and no
// nextCursor, written from the tools' bytes. Every message the proxy does
// not answer itself is relayed as the bytes it read, only the id's bytes
// rewritten in place where the id changes side; while the side it goes to
// is slow to read, the side it comes from is not read (backpressure). A
// burst of notifications/tools/list_changed is one re-listing and one
// notification to the client. A tools/call of a
// local tool (caveman_describe) is answered here, also before the client
// listed (the listing is made first); `checkCall` sees every other call with
// the exact bytes of its arguments and the tool as listed, and may refuse it
// (-32602: a filtered tool) or answer it (a tool result: invalid arguments),
// so that it never reaches the server.
//
// Shaped like the MCP SDK's Protocol: one handler per kind of event
// (a client message, a server message, a local tool's call, list_changed,
// shutdown); the id bookkeeping lives in request-ids.ts and the listing's
// life in listing-lifecycle.ts. Peers are parameters, so tests run it in
// memory.

import { ErrorCode } from '../connection/rpc-error-codes';
import type { UnreadableLine } from '../connection/json-lines';
import { memberSpan, stringAt, type Member } from '../connection/json-scan';
import { listAllPages } from '../connection/list-pages';
import type { RpcPeer } from '../connection/line-peers';
import { idKeyOf, type FrameId, type RpcFrame } from '../connection/rpc-frame';
import { errorMessage } from '../../../shared/error-message';
import { mayNameDescribeTool } from '../../library/describe/describe-tool-name';
import { listedToolsByName, type ListedTool } from './listed-tools';
import { listingAnswer, pageOfAnswer } from './listing-text';
import { ListingLifecycle } from './listing-lifecycle';
import { RequestIds, ourIdOf, type OwnRequest } from './request-ids';
import type { ClientInfo } from '../../../shared/profiles';
import {
  UpstreamError,
  alreadyInFlight,
  describeUnreadable,
  invalidToolName,
  isNotification,
  isRequest,
  isResponse,
  malformed,
  replyToUnreadable,
  serverExited,
  unrelayable,
  type RpcError,
} from './rpc-shapes';

/** A tool the proxy answers itself (e.g. caveman_describe), offered with one listing. */
export interface LocalTool {
  /** Its entry in tools/list; `name` is what tools/call names it by. */
  definition: { name: string } & Record<string, unknown>;
  /** The tools/call result for these arguments. */
  call(args: unknown): Promise<Record<string, unknown>>;
}

export interface ShrunkListing {
  /** Each tool's JSON bytes, as the client gets them. */
  tools: readonly Uint8Array[];
  /** Answered by the proxy and listed after the server's tools. */
  local?: LocalTool | undefined;
}

/** Who the client said it is in `initialize`. */
export type { ClientInfo };

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
  /** The tool in the listing of the server's current tools; undefined when there is none yet, or it has no tool (or two) of this name. */
  tool?: ListedTool | undefined;
  /** The describe tool's name in that listing, when it offers one. */
  describeTool?: string | undefined;
}

/** What becomes of a tools/call: relayed (undefined), refused with error -32602 and this message, or answered here with this tool result. */
export type CallVerdict = undefined | { refuse: string } | { answer: Record<string, unknown> };

export interface ToolsProxyOptions {
  /** The real server (not started yet). */
  upstream: RpcPeer;
  /** The client (not started yet). */
  downstream: RpcPeer;
  /** The tools to answer with, given each tool's exact bytes as upstream listed it (may return them unchanged). */
  shrinkTools(tools: readonly Uint8Array[], context: ListingContext): Promise<ShrunkListing>;
  /** One note for a person; the caller keeps it on one line. */
  log(line: string): void;
  /** Whether a tools/call is relayed, refused or answered here (a filtered tool, invalid arguments); it never throws. */
  checkCall?(call: ToolCall): CallVerdict;
  /** Told the tool's name of each tools/call relayed to the server (not one refused or answered here); it never throws. */
  onCallRelayed?(name: string): void;
  /** checkCall reads the call's `tool`: a call that comes while no listing is made waits for one (default false). */
  checkCallReadsListing?: boolean;
  /** How long one upstream tools/list page may take (default 60 s). */
  requestTimeoutMs?: number;
  /** List the server's tools right after the client's notifications/initialized, before the client asks (default true). */
  prefetch?: boolean;
  /** How long a burst of list_changed is let settle before the tools are listed again (default 50 ms). */
  coalesceMs?: number;
}

type Ending = 'client' | 'server' | 'closed';

/** The listing handed out, with the server's other result members and its tools as the server listed them. */
interface Listing extends ShrunkListing {
  extras: readonly Uint8Array[];
  originals: readonly Uint8Array[];
}

const encoder = new TextEncoder();
const bytesOf = (message: Record<string, unknown>) => encoder.encode(JSON.stringify(message));

/** `clientInfo` of an initialize request, when it has a name and a version. */
function clientInfoOf(request: RpcFrame): ClientInfo | undefined {
  const params = request.json('params') as { clientInfo?: { name?: unknown; version?: unknown } } | undefined;
  const info = params?.clientInfo;
  return typeof info?.name === 'string' && typeof info.version === 'string' ? { name: info.name, version: info.version } : undefined;
}

/** A tools/call's tool name when `params.name` is there once and is a string. */
function callName(request: RpcFrame, params: readonly Member[] | undefined): string | undefined {
  const names = params?.filter((m) => m.key === 'name') ?? [];
  const name = names.length === 1 ? names[0]!.value : undefined;
  return name !== undefined && request.bytes[name.start] === 0x22 ? stringAt(request.bytes, name) : undefined;
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
  private readonly listing: ListingLifecycle<Listing>;
  /** Each listing's tools by name, made on the first call that needs them. */
  private readonly toolsByName = new WeakMap<Listing, Map<string, ListedTool>>();
  /** Answers the proxy gives itself, awaited before the client's side is closed. */
  private readonly answering = new Set<Promise<void>>();
  /** The sides not read until the side they are relayed to drains. */
  private readonly held = new Set<RpcPeer>();
  /** The last list_changed of a burst still settling, relayed once the burst is over. */
  private changeNotice: { frame: RpcFrame; timer: ReturnType<typeof setTimeout> } | undefined;
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
    this.listing = new ListingLifecycle(() => this.makeListing());
  }

  /** Starts the upstream peer, then the downstream one; a server that cannot start rejects here (the caller explains why). */
  async start(): Promise<void> {
    this.downstream.onframe = (m) => this.onClientMessage(m);
    this.downstream.onunreadable = (problem) => this.onClientUnreadable(problem);
    this.downstream.onclose = () => void this.shutdown('client');
    this.downstream.onerror = (error) => this.log(`the connection to the client reported: ${error.message}`);
    await this.upstream.start();
    this.upstream.onframe = (m) => this.onServerMessage(m);
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

  private onClientMessage(m: RpcFrame): void {
    const problem = malformed(m);
    if (problem !== undefined) {
      this.log(`the client sent an invalid message (${problem}); answered with error ${ErrorCode.InvalidRequest}`);
      void this.errorToClient(m.id?.text ?? 'null', { code: ErrorCode.InvalidRequest, message: `invalid request: ${problem}` });
      return;
    }
    if (isRequest(m)) this.onClientRequest(m);
    else if (isNotification(m) && m.method === 'notifications/cancelled') this.onClientCancel(m);
    else if (isResponse(m) && !this.ids.clientAnswers(m.id!))
      // An answer to the server's own request (its ids, not ours): only to one it made and is still waiting for.
      this.log(`dropped an answer from the client to a request the server did not make or that was answered already (id ${m.id!.text})`);
    else {
      this.relay(this.downstream, this.upstream, [m.bytes]); // notifications, and answers to the server's own requests
      if (m.method === 'notifications/initialized') this.prefetchListing();
    }
  }

  private onClientRequest(request: RpcFrame): void {
    const id = request.id;
    if (!id) {
      void this.errorToClient('null', { code: ErrorCode.InvalidRequest, message: 'invalid request: the id must be a string or a number' });
      return;
    }
    const method = request.method!;
    if (this.serverGone) {
      // Read after the server exited: nobody upstream will answer it, so we do, before the client's side closes.
      this.answer(this.errorToClient(id.text, serverExited(method)));
      return;
    }
    if (method === 'initialize') this.clientInfo = clientInfoOf(request);
    if (method === 'tools/list') return this.answer(this.answerToolsList(request, id));
    if (method === 'tools/call') return this.onToolCall(request, id);
    this.relayClientRequest(request, id);
  }

  private onToolCall(request: RpcFrame, id: FrameId): void {
    const params = request.params();
    const name = callName(request, params);
    if (name === undefined) return this.answer(this.errorToClient(id.text, invalidToolName()));
    const args = params && memberSpan(params, 'arguments');
    const call: ToolCall = { name, arguments: args === undefined ? undefined : request.slice(args) };
    if (this.listing.made() === undefined && this.waitsForListing(name)) return this.answer(this.toolCallAfterListing(request, id, call));
    this.routeToolCall(request, id, call, undefined);
  }

  /** A call that needs the listing first: one checkCall reads it for, or one that may be a local tool's before the client listed. */
  private waitsForListing(name: string): boolean {
    return this.options.checkCallReadsListing === true || (!this.listing.listed && mayNameDescribeTool(name));
  }

  /** Holds the call's id while the listing is made (a cancel still finds it), then routes it; a listing that failed leaves it to go on without. */
  private async toolCallAfterListing(request: RpcFrame, id: FrameId, call: ToolCall): Promise<void> {
    const ours = this.ids.fromClient(id, 'tools/call');
    if (ours === undefined) return this.errorToClient(id.text, alreadyInFlight(id.text));
    await this.listing.current().catch(() => undefined);
    if (this.ids.holds(ours)) this.routeToolCall(request, id, call, ours); // else it was cancelled, or answered as the server exited
  }

  /** A local tool's call is answered here; any other goes where checkCall says. `ours`: the id already held for it upstream. */
  private routeToolCall(request: RpcFrame, id: FrameId, call: ToolCall, ours: number | undefined): void {
    const local = this.listing.localTool(call.name);
    const verdict = local ? undefined : this.options.checkCall?.(this.withListedTool(call));
    if (!local && verdict === undefined) {
      this.options.onCallRelayed?.(call.name);
      if (ours === undefined) this.relayClientRequest(request, id);
      else this.requestUpstream(request.withId(String(ours)), ours, 'tools/call');
      return;
    }
    this.ids.settle(ours);
    if (local) this.answer(this.answerLocalCall(request, id, local));
    else if (verdict && 'refuse' in verdict) this.answer(this.errorToClient(id.text, { code: ErrorCode.InvalidParams, message: verdict.refuse }));
    else if (verdict) this.answer(this.resultToClient(id.text, verdict.answer));
  }

  /** `call` with its tool and the describe tool as the listing of the server's current tools has them, when one is made. */
  private withListedTool(call: ToolCall): ToolCall {
    const listing = this.listing.made();
    if (listing === undefined) return call;
    let byName = this.toolsByName.get(listing);
    if (byName === undefined) this.toolsByName.set(listing, (byName = listedToolsByName(listing.originals, listing.tools)));
    return { ...call, tool: byName.get(call.name), describeTool: listing.local?.definition.name };
  }

  private relayClientRequest(request: RpcFrame, clientId: FrameId): void {
    const ours = this.ids.fromClient(clientId, request.method!);
    if (ours === undefined) {
      void this.errorToClient(clientId.text, alreadyInFlight(clientId.text));
      return;
    }
    this.requestUpstream(request.withId(String(ours)), ours, request.method!);
  }

  /** The client names its own id; the server knows the request by ours. The request leaves the in-flight map at once. */
  private onClientCancel(m: RpcFrame): void {
    const params = m.params();
    const requestId = params && memberSpan(params, 'requestId');
    const key = requestId === undefined ? undefined : idKeyOf(m.text(requestId));
    const ours = key === undefined ? undefined : this.ids.cancel(key);
    if (ours === undefined || requestId === undefined) return;
    const pieces = [m.bytes.subarray(0, requestId.start), encoder.encode(String(ours)), m.bytes.subarray(requestId.end)];
    this.relay(this.downstream, this.upstream, pieces);
  }

  private onClientUnreadable(problem: UnreadableLine): void {
    const reply = replyToUnreadable(problem);
    this.log(`the client sent ${describeUnreadable(problem)}; answered with error ${reply.error.code}`);
    void this.errorToClient(reply.id, reply.error);
  }

  // ── the server's side ──────────────────────────────────────────────

  private onServerMessage(m: RpcFrame): void {
    const problem = malformed(m);
    if (problem !== undefined) {
      // Never relayed: the client would take it for a request or an answer of its own.
      this.log(`the server sent an invalid message (${problem}); ignored it`);
      this.failInFlight(ourIdOf(m.id), unrelayable(`an invalid message (${problem})`));
      return;
    }
    if (isResponse(m)) return this.onServerAnswer(m);
    if (isNotification(m) && m.method === 'notifications/tools/list_changed') return this.onToolsListChanged(m);
    if (isRequest(m) && m.id) this.ids.serverAsks(m.id);
    this.relay(this.upstream, this.downstream, [m.bytes]); // notifications and the server's own requests go to the client as they are
  }

  private onServerAnswer(m: RpcFrame): void {
    const ours = ourIdOf(m.id);
    const waiting = this.ids.settle(ours);
    if (!waiting) {
      if (!this.ids.wasCancelled(ours)) this.log(`dropped an answer from the server to a request it was not asked (id ${m.id!.text})`);
      return;
    }
    if (waiting.from === 'client') return this.relay(this.upstream, this.downstream, m.withId(waiting.clientId.text));
    clearTimeout(waiting.timer);
    if (m.hasError) waiting.reject(new UpstreamError(m.json('error') as RpcError));
    else waiting.resolve(m);
  }

  private onServerUnreadable(problem: UnreadableLine): void {
    this.log(`the server sent ${describeUnreadable(problem)}; ignored it`);
    const id = problem.kind === 'not-json' || problem.id === null ? undefined : JSON.stringify(problem.id);
    this.failInFlight(ourIdOf(id === undefined ? undefined : { text: id, key: '' }), unrelayable(describeUnreadable(problem)));
  }

  // ── tools/list and the local tools ─────────────────────────────────

  private async answerToolsList(request: RpcFrame, id: FrameId): Promise<void> {
    const params = request.json('params') as { cursor?: unknown } | undefined;
    if (params?.cursor !== undefined) {
      // We never hand out a cursor: every tool comes in the first page.
      await this.errorToClient(id.text, { code: ErrorCode.InvalidParams, message: 'invalid cursor: this proxy answers tools/list in one page' });
      return;
    }
    try {
      const listing = await this.listing.current();
      this.listing.handedOut(listing);
      const tools = listing.local ? [...listing.tools, bytesOf(listing.local.definition)] : listing.tools;
      await this.write(this.downstream, listingAnswer(id.text, tools, listing.extras));
    } catch (error) {
      const rpc =
        error instanceof UpstreamError ? error.rpc : { code: ErrorCode.InternalError, message: `the proxy could not list the tools: ${errorMessage(error)}` };
      await this.errorToClient(id.text, rpc);
    }
  }

  private async answerLocalCall(request: RpcFrame, id: FrameId, handed: LocalTool): Promise<void> {
    const local = await this.listing.latest(handed);
    try {
      const params = request.json('params') as { arguments?: unknown } | undefined;
      await this.resultToClient(id.text, await local.call(params?.arguments));
    } catch (error) {
      await this.errorToClient(id.text, { code: ErrorCode.InternalError, message: `${local.definition.name} failed: ${errorMessage(error)}` });
    }
  }

  /**
   * The listing is made as early as the protocol allows, right after the client said it is initialized (a server may
   * list other tools before that), so the client's first tools/list (and its first request to a model) finds it made
   * or under way. One that fails is not kept: the client's tools/list asks again.
   */
  private prefetchListing(): void {
    if (this.options.prefetch === false) return;
    void this.listing.current().catch(() => undefined);
  }

  /**
   * The server changed its tools. A burst of such notifications settles first; then, once the client has listed, the tools
   * are listed again at once (the describe tool knows the new ones), and the client hears of the change once.
   */
  private onToolsListChanged(notice: RpcFrame): void {
    this.listing.changed();
    if (this.changeNotice) clearTimeout(this.changeNotice.timer);
    const timer = setTimeout(() => this.afterListChanged(), this.options.coalesceMs ?? 50);
    this.changeNotice = { frame: notice, timer };
  }

  private afterListChanged(): void {
    const notice = this.changeNotice!.frame;
    this.changeNotice = undefined;
    if (!this.listing.listed || this.serverGone) return this.relay(this.upstream, this.downstream, [notice.bytes]);
    this.answer(
      this.listing
        .refresh()
        .catch((error: unknown) => {
          this.log(`could not list the tools again after the server changed them: ${errorMessage(error)}; the next tools/list asks again`);
        })
        .then(() => this.relay(this.upstream, this.downstream, [notice.bytes])),
    );
  }

  /** Every tool upstream lists, each as its exact bytes, shrunk by the caller's function; a failure is an error the client can be answered with. */
  private async makeListing(): Promise<Listing> {
    let extras: readonly Uint8Array[] = [];
    let tools;
    try {
      const listed = await listAllPages({
        page: async (cursor, at) => {
          const page = pageOfAnswer(await this.askServer('tools/list', cursor === undefined ? undefined : { cursor }));
          if (at === 0) extras = page.extras;
          return page;
        },
        bytesOf: (tool) => tool.length,
      });
      tools = listed.tools;
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      throw new UpstreamError({ code: ErrorCode.InternalError, message: errorMessage(error) });
    }
    return { ...(await this.options.shrinkTools(tools, { clientInfo: this.clientInfo })), extras, originals: tools };
  }

  // ── requests upstream ──────────────────────────────────────────────

  /** A request of our own to the server; its answer never reaches the client. */
  private askServer(method: string, params: Record<string, unknown> | undefined): Promise<RpcFrame> {
    return new Promise((resolve, reject) => {
      if (this.serverGone) return reject(new UpstreamError(serverExited(method)));
      const request: OwnRequest = { from: 'proxy', method, resolve: resolve as OwnRequest['resolve'], reject, timer: undefined! };
      const id = this.ids.own(request);
      request.timer = setTimeout(() => {
        this.ids.settle(id);
        void this.write(this.upstream, [bytesOf({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'timed out' } })]);
        const seconds = Math.round(this.timeoutMs / 1000);
        reject(new UpstreamError({ code: ErrorCode.RequestTimeout, message: `the server did not answer ${method} within ${seconds} s` }));
      }, this.timeoutMs);
      this.requestUpstream([bytesOf({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) })], id, method);
    });
  }

  /** Sends a request in flight under our id `id`; one that cannot be sent (an HTTP server down, say) is answered with why. */
  private requestUpstream(pieces: Uint8Array[], id: number, method: string): void {
    this.upstream.write(pieces).catch((error: unknown) => {
      const why = errorMessage(error);
      this.log(`could not send ${method} to the server: ${why}`);
      this.failInFlight(id, () => ({ code: ErrorCode.ConnectionClosed, message: `the proxy could not send ${method} to the server: ${why}` }));
    });
    this.holdWhileBackedUp(this.downstream, this.upstream);
  }

  /** Ends a request in flight under our id `id` with an error, if there is one. */
  private failInFlight(id: number | undefined, error: (method: string) => RpcError): void {
    const waiting = this.ids.settle(id);
    if (!waiting) return;
    if (waiting.from === 'client') {
      void this.errorToClient(waiting.clientId.text, error(waiting.method));
      return;
    }
    clearTimeout(waiting.timer);
    waiting.reject(new UpstreamError(error(waiting.method)));
  }

  // ── writing, backpressure, and the end ─────────────────────────────

  /** Relays a message from one side to the other; while the other is backed up, the side it came from is not read. */
  private relay(from: RpcPeer, to: RpcPeer, pieces: readonly Uint8Array[]): void {
    void this.write(to, pieces);
    this.holdWhileBackedUp(from, to);
  }

  private holdWhileBackedUp(reader: RpcPeer, writer: RpcPeer): void {
    if (!writer.backedUp || this.held.has(reader)) return;
    this.held.add(reader);
    reader.pause();
    void writer.drained().then(() => {
      this.held.delete(reader);
      if (!this.stopping) reader.resume();
    });
  }

  private write(to: RpcPeer, pieces: readonly Uint8Array[]): Promise<void> {
    const side = to === this.downstream ? 'client' : 'server';
    return to.write(pieces).catch((error: unknown) => this.log(`could not write to the ${side}: ${String(error)}`));
  }

  private toClient(text: string): Promise<void> {
    return this.write(this.downstream, [encoder.encode(text)]);
  }

  /** A result the proxy answers with itself, under the client's id. */
  private resultToClient(idText: string, result: Record<string, unknown>): Promise<void> {
    return this.toClient(`{"jsonrpc":"2.0","id":${idText},"result":${JSON.stringify(result)}}`);
  }

  /** An error answer under the client's id (its exact JSON text, or `null`). */
  private errorToClient(idText: string, error: RpcError): Promise<void> {
    return this.toClient(`{"jsonrpc":"2.0","id":${idText},"error":${JSON.stringify(error)}}`);
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
    if (this.changeNotice) clearTimeout(this.changeNotice.timer);
    for (const waiting of this.ids.drain()) {
      const error = serverExited(waiting.method);
      if (waiting.from === 'client') {
        if (how === 'server') this.answer(this.errorToClient(waiting.clientId.text, error));
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
