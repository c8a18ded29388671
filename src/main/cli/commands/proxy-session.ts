// The proxy once its server is launched: the relay, its listings (on a
// worker thread, kept in the store) and the describe tool. Loaded by
// proxy-command.ts after it has started the server, so that loading all of
// this overlaps the server's own start-up.

import { LEVEL_KEEPS, defersDetails, type LevelName } from '../../../shared/levels';
import { DESCRIBE_TOOL_NAME } from '../../library/describe/describe-tool-definition';
import { MAX_MESSAGE_BYTES } from '../../mcp/connection/list-pages';
import { StreamPeer, type ChildPeer } from '../../mcp/connection/line-peers';
import type { ListingSettings } from '../../mcp/proxy/proxy-listing';
import { refuseClient } from '../../mcp/proxy/refuse-client';
import { describeTarget, type StdioTarget, type UrlTarget } from '../../mcp/connection/server-target';
import { toolFilter } from '../../mcp/proxy/tool-filter';
import { callGate } from '../../mcp/proxy/call-gate';
import { callCheckPolicy } from '../../library/call-check/check-policy';
import { CHECK_CALLS_MEANS, DEFAULT_CHECK_CALLS } from '../../../shared/check-calls';
import { startToolsProxy } from '../../mcp/proxy/tools-proxy';
import { formatInt } from '../../../shared/format-figures';
import { writeAll } from '../stdio';
import { oneLine, type ProxyCommandOptions, type ProxyIo } from './proxy-options';
import { offThreadLister } from './proxy-lister';

/** What the command settled before loading the session: the server, the store, the names. */
export type ProxyLaunch = ({ target: StdioTarget; child: ChildPeer } | { target: UrlTarget; child?: undefined }) & {
  store: string;
  sourceName: string;
  level: LevelName;
};

/** "level leads (the proxy's default): each description cut to its lead and warnings; the rest is one caveman_describe call away". */
function levelNote(level: LevelName, chosen: boolean, describeTool: boolean): string {
  const reach = describeTool ? `one ${DESCRIBE_TOOL_NAME} call away` : 'in the store (caveman-shrink recover HANDLE --tool NAME)';
  return `level ${level}${chosen ? '' : " (the proxy's default)"}: ${LEVEL_KEEPS[level]}${defersDetails(level) ? `; the rest is ${reach}` : ''}`;
}

/** ", within a budget of 4,000 tokens: the costliest tools stepped down a level at a time until the listing fits". */
function budgetNote(budget: number | undefined): string {
  return budget === undefined
    ? ''
    : `, within a budget of ${formatInt(budget)} tokens as Claude is handed the listing: the costliest tools stepped down a level at a time until it fits`;
}

/** "the calls of the tools whose listing deferred anything are checked against their original schema (--check-calls deferred, the default)". */
function checksNote(options: ProxyCommandOptions): string {
  const mode = options.checkCalls ?? DEFAULT_CHECK_CALLS;
  const exempt = mode !== 'off' && (options.checkTools ?? []).length > 0 ? `, never ${(options.checkTools ?? []).join(',')}` : '';
  return `${CHECK_CALLS_MEANS[mode]} (--check-calls ${mode}${options.checkCalls === undefined ? ', the default' : ''}${exempt})`;
}

/** The options that shape the listing, as the worker takes them. */
function listingSettings(options: ProxyCommandOptions, sourceName: string, level: LevelName): ListingSettings {
  return {
    tokenizer: options.tokenizer,
    sourceName,
    level,
    ...(options.budget !== undefined ? { budget: options.budget } : {}),
    shareSchemas: options.shareSchemas === true,
    describeTool: options.describeTool !== false,
    includeTools: options.includeTools,
    excludeTools: options.excludeTools,
  };
}

/** Serves `launch`'s server to the client on `io` until either goes away: 0 when the client closed, 1 when the server could not start or exited. */
export async function serveProxy(launch: ProxyLaunch, options: ProxyCommandOptions, io: ProxyIo, signal?: AbortSignal): Promise<number> {
  const { target, store, sourceName, level } = launch;
  const log = (line: string) => void writeAll(io.stderr, `caveman-shrink proxy: ${oneLine(line)}\n`);
  const policy = callCheckPolicy({ mode: options.checkCalls, uncheckedTools: options.checkTools });
  const gate = callGate({ filter: toolFilter(options.includeTools, options.excludeTools), policy, tokenizer: options.tokenizer, log });
  // The HTTP clients load only for a server at a URL.
  const upstream = launch.child === undefined ? new (await import('../../mcp/proxy/url-peer')).UrlPeer(launch.target, log) : launch.child;
  const downstream = new StreamPeer(io.stdin, io.stdout, MAX_MESSAGE_BYTES);
  const lister = offThreadLister(store, listingSettings(options, sourceName, level), log);

  let proxy;
  try {
    proxy = await startToolsProxy({
      upstream,
      downstream,
      log,
      ...(gate ? { checkCall: gate.checkCall, checkCallReadsListing: gate.readsListing } : {}),
      shrinkTools: lister.shrinkTools,
    });
  } catch (error) {
    const { ServerDiagnostics } = await import('../../mcp/connection/server-diagnostics');
    const explained = new ServerDiagnostics(target).explain(error, { timedOut: false, cancelled: false, timeoutMs: 0 });
    await writeAll(io.stderr, `caveman-shrink proxy: ${oneLine(explained.message)}\n`);
    await Promise.all([lister.close(), refuseClient(downstream, oneLine(explained.message))]);
    return 1;
  }
  log(
    `serving ${describeTarget(target)} over stdio; tools/list is answered shrunk at ` +
      `${levelNote(level, options.level !== undefined, options.describeTool !== false)}${budgetNote(options.budget)}; ${checksNote(options)} (store: ${store})`,
  );
  signal?.addEventListener('abort', () => void proxy.close(), { once: true });

  const how = await proxy.closed;
  await lister.close();
  io.stdin.destroy(); // nothing more to read; let the process end
  return how === 'server' ? 1 : 0;
}
