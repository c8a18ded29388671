// `caveman-shrink proxy -- COMMAND [ARGS…]`: start the MCP server COMMAND
// (or reach the one at `--url URL`, streamable HTTP or HTTP+SSE, with the
// import's redirect and header rules) and serve it over this process's
// stdin/stdout to any MCP client, with
// tools/list answered by the shrunk catalog (the original committed to the
// store first, its handle on stderr) and every other message relayed
// unchanged; at the profile the client's initialize picks (or --profile,
// --level, --budget), with only the tools
// --include-tools/--exclude-tools keep. Put it in front of a server in an
// MCP client's config:
//   "command": "caveman-shrink", "args": ["proxy", "--", "npx", "-y", "…"]
// stdout belongs to the MCP protocol, so everything we say goes to stderr.

import { resolveStorePath } from '../../store/store-path';
import { MAX_RELAYED_MESSAGE_BYTES } from '../../mcp/connection/list-pages';
import { ChildPeer } from '../../mcp/connection/line-peers';
import { serverEnv } from '../../mcp/connection/server-env';
import { defaultSourceName, type McpTarget } from '../../mcp/connection/server-target';
import { parsePairs } from '../key-value';
import { UsageError } from '../usage-error';
import { takeEarly } from '../early-server';
import type { ProxyCommandOptions, ProxyIo } from './proxy-options';

/** The server the options name: a command after -- (its --env as given), or --url (with --sse, --header) as `mcp` takes it. */
async function proxyTarget(commandLine: readonly string[], options: ProxyCommandOptions): Promise<McpTarget> {
  if (options.url !== undefined || options.sse === true || (options.header ?? []).length > 0)
    return (await import('./mcp-command')).targetFromOptions(commandLine, options);
  const [command, ...args] = commandLine;
  if (command === undefined || command === '')
    throw new UsageError('name the server to proxy after --, e.g. caveman-shrink proxy -- npx -y @modelcontextprotocol/server-everything, or give --url URL');
  const env = parsePairs(options.env ?? [], { flag: '--env', shape: 'KEY=VALUE' });
  return { transport: 'stdio', command, args, ...(env ? { env } : {}) };
}

/** Runs until the client or the server goes away: 0 when the client closed, 1 when the server could not start or exited. */
export async function runProxyCommand(commandLine: readonly string[], options: ProxyCommandOptions, io: ProxyIo, signal?: AbortSignal): Promise<number> {
  const target = await proxyTarget(commandLine, options);
  const settled = {
    store: options.store ?? resolveStorePath(),
    sourceName: options.name ?? defaultSourceName(target),
  };
  if (target.transport !== 'stdio') return (await import('./proxy-session')).serveProxy({ target, ...settled }, options, io, signal);
  const child =
    takeEarly([target.command, ...target.args], target.env) ??
    new ChildPeer({ command: target.command, args: target.args, env: serverEnv(process.env, target.env) }, MAX_RELAYED_MESSAGE_BYTES);
  // Launched before the rest of the proxy loads, so the server starts up while we do; a launch that fails is reported when the session starts it.
  child.launch().catch(() => undefined);
  return (await import('./proxy-session')).serveProxy({ target, child, ...settled }, options, io, signal);
}
