// `caveman-shrink proxy -- COMMAND [ARGS…]`: start the MCP server COMMAND
// and serve it over this process's stdin/stdout to any MCP client, with
// tools/list answered by the shrunk catalog (the original committed to the
// store first, its handle on stderr) and every other message relayed
// unchanged. Put it in front of a server in an MCP client's config:
//   "command": "caveman-shrink", "args": ["proxy", "--", "npx", "-y", "…"]
// stdout belongs to the MCP protocol, so everything we say goes to stderr.

import type { Readable, Writable } from 'node:stream';
import type { TokenizerName } from '../../../shared/tokenizers';
import { resolveStorePath } from '../../store';
import { MAX_MESSAGE_BYTES } from '../../mcp/list-server-tools';
import { offerDescribeTool } from '../../mcp/describe-tool-answer';
import { ChildPeer, StreamPeer } from '../../mcp/line-peers';
import { ServerDiagnostics } from '../../mcp/server-diagnostics';
import { defaultSourceName, describeTarget, type StdioTarget } from '../../mcp/server-target';
import { shrinkListedTools } from '../../mcp/shrink-listed-tools';
import { startToolsProxy } from '../../mcp/tools-proxy';
import { writeAll } from '../stdio';
import { UsageError } from './mcp-command';

export interface ProxyCommandOptions {
  tokenizer: TokenizerName;
  store?: string | undefined;
  name?: string | undefined;
  env?: string[] | undefined;
  /** List caveman_describe beside a shrunk catalog (default true). */
  describeTool?: boolean | undefined;
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

/** Runs until the client or the server goes away: 0 when the client closed, 1 when the server could not start or exited. */
export async function runProxyCommand(commandLine: readonly string[], options: ProxyCommandOptions, io: ProxyIo, signal?: AbortSignal): Promise<number> {
  const [command, ...args] = commandLine;
  if (command === undefined || command === '') throw new UsageError('name the server to proxy after --, e.g. caveman-shrink proxy -- npx -y @modelcontextprotocol/server-everything');
  const env: Record<string, string> = {};
  for (const item of options.env ?? []) {
    const at = item.indexOf('=');
    if (at <= 0) throw new UsageError(`--env ${JSON.stringify(item)} is not KEY=VALUE`);
    env[item.slice(0, at)] = item.slice(at + 1);
  }
  const target: StdioTarget = { transport: 'stdio', command, args, ...(Object.keys(env).length > 0 ? { env } : {}) };
  const log = (line: string) => void writeAll(io.stderr, `caveman-shrink proxy: ${oneLine(line)}\n`);
  const store = options.store ?? resolveStorePath();
  const sourceName = options.name ?? defaultSourceName(target);

  // The server inherits our whole environment: the client that started us chose it.
  const inherited: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) inherited[key] = value;
  const upstream = new ChildPeer({ command, args, env: { ...inherited, ...target.env } }, MAX_MESSAGE_BYTES);
  const downstream = new StreamPeer(io.stdin, io.stdout, MAX_MESSAGE_BYTES);

  let proxy;
  try {
    proxy = await startToolsProxy({
      upstream,
      downstream,
      log,
      async shrinkTools(tools) {
        const shrunk = await shrinkListedTools(tools, { store, tokenizer: options.tokenizer, sourceName });
        if (shrunk.index === undefined || options.describeTool === false) {
          log(shrunk.line);
          return { tools: shrunk.tools };
        }
        const offer = offerDescribeTool(shrunk.index, shrunk.tools, { tokenizer: options.tokenizer });
        log(`${shrunk.line}; ${offer.note}`);
        if (offer.renamed !== undefined) log(offer.renamed);
        return { tools: shrunk.tools, local: offer.tool };
      },
    });
  } catch (error) {
    const explained = new ServerDiagnostics(target).explain(error, { timedOut: false, cancelled: false, timeoutMs: 0 });
    await writeAll(io.stderr, `caveman-shrink proxy: ${oneLine(explained.message)}\n`);
    return 1;
  }
  log(`serving ${describeTarget(target)} over stdio; tools/list is answered shrunk (store: ${store})`);
  signal?.addEventListener('abort', () => void proxy.close(), { once: true });

  const how = await proxy.closed;
  io.stdin.destroy(); // nothing more to read; let the process end
  return how === 'server' ? 1 : 0;
}
