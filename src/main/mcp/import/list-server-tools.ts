// Lists every tool of an MCP server with the official TypeScript SDK:
// connect (stdio: start the command; http/sse: the URL), initialize, then
// tools/list following every nextCursor. The tools are kept exactly as the
// server sent them (no schema re-parsing that would reorder or drop keys),
// all pages concatenated in order. Whatever goes wrong becomes a
// CavemanError that says what (see server-diagnostics.ts); the server is
// always stopped before this returns.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { CavemanError, MAX_INPUT_BYTES, cancelledError, inputTooLargeError } from '../../../shared/errors';
import { ChildPeer } from '../connection/line-peers';
import { MAX_MESSAGE_BYTES, listAllPages } from '../connection/list-pages';
import { ServerDiagnostics, formatSeconds } from '../connection/server-diagnostics';
import { serverEnv } from '../connection/server-env';
import type { McpTarget } from '../connection/server-target';
import { urlTransport } from '../connection/url-transport';
import { DEFAULT_LIST_TIMEOUT_MS } from './list-timeout';

export { DEFAULT_LIST_TIMEOUT_MS };

export interface ListToolsProgress {
  stage: 'connecting' | 'listing';
  pages: number;
  tools: number;
}

export interface ListToolsOptions {
  /** Connecting and listing together may take this long (default 60 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (progress: ListToolsProgress) => void;
  /** The environment a stdio server inherits before the target's own env (default: this process's; server-env.ts says what is not passed on). */
  baseEnv?: NodeJS.ProcessEnv;
  /** Who we say we are in initialize. */
  clientInfo?: { name: string; version: string };
}

export interface ListedTools {
  /** Every tool of every page, in order, as the server sent it. */
  tools: unknown[];
  pages: number;
  /** What the server called itself in initialize. */
  server?: { name: string; version: string };
}

/** The page schema: a tools array and an optional cursor; every tool is taken as it came. */
const ToolsPage = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

/**
 * Lists all tools of the server. Throws CavemanError: cave_mcp_unreachable
 * (cannot start / reach it, or it exited), cave_mcp_timeout, cave_mcp_protocol
 * (it does not speak MCP, or answered with an error), cave_mcp_no_tools (no
 * tools capability), cave_input_too_large, cave_cancelled. A server that
 * lists zero tools is not an error here: the caller decides.
 */
export async function listServerTools(target: McpTarget, options: ListToolsOptions = {}): Promise<ListedTools> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LIST_TIMEOUT_MS;
  const diagnostics = new ServerDiagnostics(target);
  const deadline = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    deadline.abort(new CavemanError('cave_mcp_timeout', `no answer within ${formatSeconds(timeoutMs)}`));
  }, timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  const startedAt = Date.now();
  // The SDK's own request timeout is only a backstop, a second after ours: our deadline is what names what it waited for
  // (the two fell due in the same millisecond, and the SDK's could win and say only "in time").
  const remaining = () => Math.max(1, timeoutMs - (Date.now() - startedAt)) + 1000;

  const transport = createTransport(target, options.baseEnv ?? process.env, diagnostics);
  const client = new Client(options.clientInfo ?? { name: 'caveman-shrink', version: '0' }, { capabilities: {} });
  try {
    if (signal.aborted) throw cancelledError({ when: 'before the server was started' });
    options.onProgress?.({ stage: 'connecting', pages: 0, tools: 0 });
    diagnostics.stage = 'initialize';
    // Client.connect starts the transport (spawns the command) and then sends initialize.
    await abortable(client.connect(transport, { signal, timeout: remaining() }), signal);

    options.onProgress?.({ stage: 'listing', pages: 0, tools: 0 });
    const listed = await listAllPages<unknown>({
      page: (cursor, page) => {
        diagnostics.stage = page === 0 ? 'tools/list' : `tools/list (page ${page + 1})`;
        return abortable(
          client.request({ method: 'tools/list', ...(cursor !== undefined ? { params: { cursor } } : {}) }, ToolsPage, { signal, timeout: remaining() }),
          signal,
        );
      },
      bytesOf: (tool) => Buffer.byteLength(JSON.stringify(tool)),
      onPage: (pages, tools) => options.onProgress?.({ stage: 'listing', pages, tools }),
    });
    // The import shrinks what it lists: a listing above what a shrink takes is refused here, before it is handed on.
    if (listed.bytes > MAX_INPUT_BYTES) throw inputTooLargeError("the server's listing", listed.bytes);

    const server = client.getServerVersion();
    return { tools: listed.tools, pages: listed.pages, ...(server ? { server: { name: server.name, version: server.version } } : {}) };
  } catch (error) {
    throw diagnostics.explain(error, { timedOut, cancelled: !timedOut && options.signal?.aborted === true, timeoutMs });
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
  }
}

/** The catalog to shrink: `{"tools":[…]}`, serialised deterministically so the same server gives the same handle. */
export function catalogBytes(tools: readonly unknown[]): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ tools }));
}

function createTransport(target: McpTarget, baseEnv: NodeJS.ProcessEnv, diagnostics: ServerDiagnostics): Transport {
  let transport: Transport;
  if (target.transport === 'stdio') {
    const peer = new ChildPeer(
      {
        command: target.command,
        args: target.args,
        env: serverEnv(baseEnv, target.env),
        cwd: target.cwd,
        onStderr: (chunk) => diagnostics.recordStderr(chunk),
      },
      MAX_MESSAGE_BYTES,
    );
    peer.onunreadable = (problem) => {
      diagnostics.recordUnreadable(problem);
      // As the SDK's reader did: an answer too large to read is not waited for.
      if (problem.kind === 'too-large') void peer.close();
    };
    // Called before the Client's own handler: JSON-RPC the SDK would not take is evidence the server does not speak MCP.
    peer.onmessage = (message) => {
      if (!JSONRPCMessageSchema.safeParse(message).success)
        diagnostics.recordUnreadable({ kind: 'not-jsonrpc', detail: 'not a JSON-RPC message the SDK takes', id: null });
    };
    transport = peer;
  } else {
    transport = urlTransport(target);
  }
  // Client.connect chains these with its own handlers.
  transport.onerror = (error) => diagnostics.recordTransportError(error);
  transport.onclose = () => diagnostics.recordClosed();
  return transport;
}

/** The SDK rejects pending requests on abort, but not a connect still spawning: race the signal too. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    // The promise was made with the same signal and rejects too: settle it, or it is an unhandled rejection.
    promise.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
