// `caveman-shrink proxy -- COMMAND [ARGS…]`: start the MCP server COMMAND
// (or reach the one at `--url URL`, streamable HTTP or HTTP+SSE, with the
// import's redirect and header rules) and serve it over this process's
// stdin/stdout to any MCP client, with
// tools/list answered by the shrunk catalog (the original committed to the
// store first, its handle on stderr) and every other message relayed
// unchanged; at the proxy's level (leads by default), with only the tools
// --include-tools/--exclude-tools keep. Put it in front of a server in an
// MCP client's config:
//   "command": "caveman-shrink", "args": ["proxy", "--", "npx", "-y", "…"]
// stdout belongs to the MCP protocol, so everything we say goes to stderr.

import type { Readable, Writable } from 'node:stream';
import { LEVEL_KEEPS, PROXY_DEFAULT_LEVEL, defersDetails, type LevelName } from '../../../shared/levels';
import type { TokenizerName } from '../../../shared/tokenizers';
import { CHECK_CALLS_MEANS, DEFAULT_CHECK_CALLS, type CheckCallsMode } from '../../../shared/check-calls';
import { resolveStorePath } from '../../store';
import { DESCRIBE_TOOL_NAME } from '../../library/describe';
import { MAX_MESSAGE_BYTES, MAX_RELAYED_MESSAGE_BYTES } from '../../mcp/connection/list-pages';
import { ChildPeer, StreamPeer } from '../../mcp/connection/line-peers';
import type { ListingSettings } from '../../mcp/proxy/proxy-listing';
import { refuseClient } from '../../mcp/proxy/refuse-client';
import { ServerDiagnostics } from '../../mcp/connection/server-diagnostics';
import { serverEnv } from '../../mcp/connection/server-env';
import { defaultSourceName, describeTarget, type McpTarget } from '../../mcp/connection/server-target';
import { toolFilter } from '../../mcp/proxy/tool-filter';
import { callGate } from '../../mcp/proxy/call-gate';
import { callCheckPolicy } from '../../library/call-check/check-policy';
import { startToolsProxy } from '../../mcp/proxy/tools-proxy';
import { UrlPeer } from '../../mcp/proxy/url-peer';
import { parsePairs } from '../key-value';
import { writeAll } from '../stdio';
import { UsageError } from '../usage-error';
import { targetFromOptions } from './mcp-command';
import { offThreadLister } from './proxy-lister';

export interface ProxyCommandOptions {
  tokenizer: TokenizerName;
  store?: string | undefined;
  name?: string | undefined;
  env?: string[] | undefined;
  /** List caveman_describe beside a shrunk catalog (default true). */
  describeTool?: boolean | undefined;
  /** Default PROXY_DEFAULT_LEVEL (leads). */
  level?: LevelName | undefined;
  shareSchemas?: boolean | undefined;
  /** Names or globs, each value comma-separated (tool-filter.ts). */
  includeTools?: string[] | undefined;
  excludeTools?: string[] | undefined;
  /** Which calls are checked (default deferred). */
  checkCalls?: CheckCallsMode | undefined;
  /** `--no-check-tools` (commander's name for it): names or globs whose calls are never checked. */
  checkTools?: string[] | undefined;
  /** A server at a URL instead of a command (streamable HTTP; HTTP+SSE with `sse`). */
  url?: string | undefined;
  sse?: boolean | undefined;
  /** With `url`: headers, `Name: value` or `Name=value`. */
  header?: string[] | undefined;
}

export interface ProxyIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/** A note as one stderr line: line breaks in what it quotes (a path, a server's message) are escaped. */
export function oneLine(text: string): string {
  return text.replace(/\r\n|\r|\n/g, '\\n');
}

/** "level leads (the proxy's default): each description cut to its lead and warnings; the rest is one caveman_describe call away". */
function levelNote(level: LevelName, chosen: boolean, describeTool: boolean): string {
  const reach = describeTool ? `one ${DESCRIBE_TOOL_NAME} call away` : 'in the store (caveman-shrink recover HANDLE --tool NAME)';
  return `level ${level}${chosen ? '' : " (the proxy's default)"}: ${LEVEL_KEEPS[level]}${defersDetails(level) ? `; the rest is ${reach}` : ''}`;
}

/** "the calls of the tools whose listing deferred anything are checked against their original schema (--check-calls deferred, the default)". */
function checksNote(options: ProxyCommandOptions): string {
  const mode = options.checkCalls ?? DEFAULT_CHECK_CALLS;
  const exempt = mode !== 'off' && (options.checkTools ?? []).length > 0 ? `, never ${(options.checkTools ?? []).join(',')}` : '';
  return `${CHECK_CALLS_MEANS[mode]} (--check-calls ${mode}${options.checkCalls === undefined ? ', the default' : ''}${exempt})`;
}

/** The server the options name: a command after -- (its --env as given), or --url (with --sse, --header) as `mcp` takes it. */
function proxyTarget(commandLine: readonly string[], options: ProxyCommandOptions): McpTarget {
  if (options.url !== undefined || options.sse === true || (options.header ?? []).length > 0) return targetFromOptions(commandLine, options);
  const [command, ...args] = commandLine;
  if (command === undefined || command === '')
    throw new UsageError('name the server to proxy after --, e.g. caveman-shrink proxy -- npx -y @modelcontextprotocol/server-everything, or give --url URL');
  const env = parsePairs(options.env ?? [], { flag: '--env', shape: 'KEY=VALUE' });
  return { transport: 'stdio', command, args, ...(env ? { env } : {}) };
}

/** The options that shape the listing, as the worker takes them. */
function listingSettings(options: ProxyCommandOptions, sourceName: string, level: LevelName): ListingSettings {
  return {
    tokenizer: options.tokenizer,
    sourceName,
    level,
    shareSchemas: options.shareSchemas === true,
    describeTool: options.describeTool !== false,
    includeTools: options.includeTools,
    excludeTools: options.excludeTools,
  };
}

/** Runs until the client or the server goes away: 0 when the client closed, 1 when the server could not start or exited. */
export async function runProxyCommand(commandLine: readonly string[], options: ProxyCommandOptions, io: ProxyIo, signal?: AbortSignal): Promise<number> {
  const target = proxyTarget(commandLine, options);
  const log = (line: string) => void writeAll(io.stderr, `caveman-shrink proxy: ${oneLine(line)}\n`);
  const store = options.store ?? resolveStorePath();
  const sourceName = options.name ?? defaultSourceName(target);
  const level = options.level ?? PROXY_DEFAULT_LEVEL;
  const policy = callCheckPolicy({ mode: options.checkCalls, uncheckedTools: options.checkTools });
  const gate = callGate({ filter: toolFilter(options.includeTools, options.excludeTools), policy, tokenizer: options.tokenizer, log });

  const upstream =
    target.transport === 'stdio'
      ? new ChildPeer({ command: target.command, args: target.args, env: serverEnv(process.env, target.env) }, MAX_RELAYED_MESSAGE_BYTES)
      : new UrlPeer(target, log);
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
    const explained = new ServerDiagnostics(target).explain(error, { timedOut: false, cancelled: false, timeoutMs: 0 });
    await writeAll(io.stderr, `caveman-shrink proxy: ${oneLine(explained.message)}\n`);
    await Promise.all([lister.close(), refuseClient(downstream, oneLine(explained.message))]);
    return 1;
  }
  log(
    `serving ${describeTarget(target)} over stdio; tools/list is answered shrunk at ` +
      `${levelNote(level, options.level !== undefined, options.describeTool !== false)}; ${checksNote(options)} (store: ${store})`,
  );
  signal?.addEventListener('abort', () => void proxy.close(), { once: true });

  const how = await proxy.closed;
  await lister.close();
  io.stdin.destroy(); // nothing more to read; let the process end
  return how === 'server' ? 1 : 0;
}
