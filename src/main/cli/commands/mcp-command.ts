// `caveman-shrink mcp -- COMMAND [ARGS…]` / `caveman-shrink mcp --url URL`:
// list every tool of a live MCP server (all pages) with the official SDK and
// shrink them as one catalog, `{"tools":[…]}` exactly as the server listed
// them. stdout carries only catalog bytes and stderr the usual one JSON
// report line — or, when the server could not be reached or listed, one
// sentence and exit status 1 (nothing on stdout, nothing stored).

import { NOTHING_STORED, asCavemanError, errorSentence, outcomeWords, type ErrorOutcome } from '../../../shared/errors';
import type { LevelName } from '../../../shared/levels';
import type { TokenizerName } from '../../../shared/tokenizers';
import { isBudgetBelowFloor } from '../../library/plan-budget';
import { shrink } from '../../library/shrink';
import { catalogBytes, listServerTools } from '../../mcp/import/list-server-tools';
import type { McpTarget } from '../../mcp/connection/server-target';
import { typedServerName } from '../../services/server-source-name';
import { NamedServerError, namedConfigServer } from '../../mcp/import/named-config-server';
import { homedir } from 'node:os';
import { packageVersion } from '../../library/package-version';
import { redactHeaderValue, redactUrl } from '../../../shared/redact';
import { parsePairs } from '../key-value';
import { reportLine, unforeseenFailureLine, withNote } from '../report-line';
import { IncompleteOutputError, keepingHandle, writeAll } from '../stdio';
import { UsageError } from '../usage-error';
import type { CommandIo } from './shrink-command';

export interface McpCommandOptions {
  /** A server of this config file, by its --server name, instead of a command or --url. */
  config?: string | undefined;
  server?: string | undefined;
  project?: string | undefined;
  url?: string | undefined;
  sse?: boolean | undefined;
  header?: string[] | undefined;
  env?: string[] | undefined;
  /** Seconds that connecting and listing may take in all. */
  timeout: number;
  name?: string | undefined;
  tokenizer: TokenizerName;
  store?: string | undefined;
  /** Default DEFAULT_LEVEL (facts), as `shrink`. */
  level?: LevelName | undefined;
  /** Fit the listing in this many tokens, `level` its ceiling; below the listing's floor, a usage mistake. */
  budget?: number | undefined;
  shareSchemas?: boolean | undefined;
  /** A pass-through exits STRICT_PASS_THROUGH_EXIT instead of 0 (strict-exit.ts). */
  strict?: boolean | undefined;
}

/** A server named in a config file, or the one the command line and options give; a missing file or server throws NamedServerError. */
async function targetOf(commandLine: readonly string[], options: McpCommandOptions): Promise<McpTarget> {
  if (options.config === undefined && options.server === undefined) return targetFromOptions(commandLine, options);
  if (options.config === undefined || options.server === undefined)
    throw new UsageError('--config and --server go together: a server of a config file, by its name');
  if (commandLine.length > 0 || options.url !== undefined)
    throw new UsageError('give either a server of a config file (--config, --server) or a command or --url, not both');
  return namedConfigServer(options.config, options.server, options.project, process.env, homedir());
}

/** The server the options name; throws UsageError when they name none, both, or malformed extras. */
export function targetFromOptions(commandLine: readonly string[], options: Pick<McpCommandOptions, 'url' | 'sse' | 'header' | 'env'>): McpTarget {
  const [command, ...args] = commandLine;
  if (options.url !== undefined && command !== undefined) throw new UsageError('give either a command (after --) or --url, not both');
  if (options.url !== undefined) {
    if ((options.env ?? []).length > 0) throw new UsageError('--env is for a command the CLI starts, not for --url');
    let parsed: URL;
    try {
      parsed = new URL(options.url);
    } catch {
      throw new UsageError(`--url ${JSON.stringify(options.url)} is not a URL`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError(`--url must be an http(s) URL, not ${parsed.protocol}`);
    // fetch refuses every request to such a URL: said at the start, not at each request.
    if (parsed.username !== '' || parsed.password !== '')
      throw new UsageError(
        `--url ${redactUrl(options.url)} carries a user name or password, which HTTP clients do not send from a URL: ` +
          'give them as a header instead (--header "Authorization: Basic …")',
      );
    // A header's name holds neither ':' nor '=', so the first of them ends it (`Name: value` or `Name=value`).
    const headers = parsePairs(options.header ?? [], { flag: '--header', shape: 'Name: value (or Name=value)', separator: /[:=]/ });
    for (const [name, value] of Object.entries(headers ?? {})) checkHeader(name, value);
    return { transport: options.sse ? 'sse' : 'http', url: options.url, ...(headers ? { headers } : {}) };
  }
  if (command === undefined || command === '')
    throw new UsageError('name the server: a command after -- (e.g. caveman-shrink mcp -- npx -y @modelcontextprotocol/server-everything) or --url URL');
  if (options.sse) throw new UsageError('--sse goes with --url');
  if ((options.header ?? []).length > 0) throw new UsageError('--header goes with --url');
  const env = parsePairs(options.env ?? [], { flag: '--env', shape: 'KEY=VALUE' });
  return { transport: 'stdio', command, args, ...(env ? { env } : {}) };
}

/** A header every request can carry: a name of HTTP token characters, a value without a line break or NUL (it would end the header). */
function checkHeader(name: string, value: string): void {
  const shown = `${name}: ${redactHeaderValue(name, value)}`;
  if (/[\r\n\0]/.test(value) || /[\r\n\0]/.test(name))
    throw new UsageError(`--header ${JSON.stringify(shown)} holds a line break or NUL, which no HTTP header can carry`);
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new UsageError(`--header ${JSON.stringify(shown)}: ${JSON.stringify(name)} is not a header name`);
}

export async function runMcpCommand(commandLine: readonly string[], options: McpCommandOptions, io: CommandIo, signal?: AbortSignal): Promise<number> {
  let target: McpTarget;
  try {
    target = await targetOf(commandLine, options);
  } catch (thrown) {
    if (!(thrown instanceof NamedServerError)) throw thrown;
    await writeAll(io.stderr, `caveman-shrink mcp: ${thrown.message}; nothing was printed or stored\n`);
    return 1;
  }
  let tools: unknown[];
  try {
    const listed = await listServerTools(target, {
      timeoutMs: options.timeout * 1000,
      ...(signal ? { signal } : {}),
      clientInfo: { name: 'caveman-shrink', version: packageVersion() },
    });
    tools = listed.tools;
  } catch (thrown) {
    const outcome: ErrorOutcome = { left: 'nothing_printed_or_stored' };
    await writeAll(io.stderr, `caveman-shrink mcp: ${errorSentence({ message: asCavemanError(thrown).reason, outcome })}\n`);
    return 1;
  }

  const bytes = catalogBytes(tools);
  try {
    const { result, error } = await shrink(bytes, {
      tokenizer: options.tokenizer,
      ...(options.store !== undefined ? { store: options.store } : {}),
      sourceName: options.name ?? (options.server !== undefined ? `mcp:${options.server}` : typedServerName(target)),
      ...(options.level !== undefined ? { level: options.level } : {}),
      ...(options.budget !== undefined ? { budget: options.budget } : {}),
      ...(options.shareSchemas === true ? { shareSchemas: true } : {}),
      ...(signal ? { signal } : {}),
    });
    const { output, ...report } = result;
    await writeAll(io.stdout, output).catch(keepingHandle(report.recovery_handle));
    return reportLine(
      io,
      tools.length === 0
        ? { ...report, note: `the server listed no tools: nothing to shrink, ${outcomeWords(NOTHING_STORED)}` }
        : withNote(report, error, 'the catalog the server listed was passed through'),
      options.strict,
    );
  } catch (thrown) {
    if (thrown instanceof IncompleteOutputError) throw thrown;
    // A budget below the listing's floor is a usage mistake, as in shrink: nothing on stdout, the floor on stderr, exit 2.
    if (isBudgetBelowFloor(thrown)) throw new UsageError(thrown.message);
    // A failure we did not foresee still hands out the catalog the server listed.
    await writeAll(io.stdout, bytes);
    return reportLine(io, unforeseenFailureLine(thrown), options.strict);
  }
}
