// Where an MCP server is: a command to start (stdio) or a URL (streamable
// HTTP, or the older HTTP+SSE). The one description the CLI, the proxy and
// the app's import all pass around, plus how to name it for a person.

import { basename } from 'node:path';
import { REDACTED, redactArgs, redactUrl, redactedCommandLine } from '../../../shared/redact';

export type StdioTarget = {
  transport: 'stdio';
  command: string;
  args: string[];
  /** Added to (and overriding) the environment the server inherits. */
  env?: Record<string, string> | undefined;
  cwd?: string | undefined;
};

export type UrlTarget = {
  transport: 'http' | 'sse';
  url: string;
  headers?: Record<string, string> | undefined;
};

export type McpTarget = StdioTarget | UrlTarget;

/** The host of a URL ("mcp.example.com:8080"), or the text itself when it does not parse. */
export function urlHost(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** Commands that run a package named by their first argument: its name says more than the runner's. */
const PACKAGE_RUNNERS = new Set(['npx', 'pnpx', 'bunx', 'uvx', 'pipx']);

/** A command's base name without a Windows extension: `C:\\bin\\npx.cmd` → `npx`. */
function commandName(command: string): string {
  return (basename(command.replace(/\\/g, '/')) || command).replace(/\.(cmd|exe|bat)$/i, '');
}

/** The package runner a stdio server is started with (`npx`, `uvx`…), or null: such a server may be downloaded on its first start. */
export function packageRunner(target: McpTarget): string | null {
  if (target.transport !== 'stdio') return null;
  const command = commandName(target.command);
  return PACKAGE_RUNNERS.has(command.toLowerCase()) ? command : null;
}

/**
 * `mcp:<command>` (its base name), `mcp:<package>` for a package runner
 * (`npx -y @scope/server` → `mcp:@scope/server`), or `mcp:<URL host>`: the
 * source name history shows when the caller gives none.
 */
export function defaultSourceName(target: McpTarget): string {
  if (target.transport === 'stdio') {
    const command = commandName(target.command);
    // The value of `--token X` is no package name: redacted first, so it is skipped, never shown.
    const runs = redactArgs(target.args).find((arg) => !arg.startsWith('-') && arg !== 'run' && arg !== REDACTED);
    if (PACKAGE_RUNNERS.has(command.toLowerCase()) && runs !== undefined) return `mcp:${runs}`;
    return `mcp:${command}`;
  }
  return `mcp:${urlHost(target.url)}`;
}

/**
 * One line for messages: `node server.js --flag` or `https://host/mcp`, secrets
 * redacted (src/shared/redact.ts) and never env or header values. The whole
 * command by default; with `maxLength`, cut at an argument boundary and
 * saying how many arguments were left out.
 */
export function describeTarget(target: McpTarget, maxLength = Infinity): string {
  if (target.transport !== 'stdio') {
    const url = redactUrl(target.url);
    return url.length > maxLength ? `${url.slice(0, maxLength - 1)}…` : url;
  }
  const words = [target.command, ...target.args];
  const whole = redactedCommandLine(words);
  if (whole.length <= maxLength) return whole;
  let shown = 1;
  while (shown < words.length && redactedCommandLine(words.slice(0, shown + 1)).length <= maxLength) shown += 1;
  const left = words.length - shown;
  return `${redactedCommandLine(words.slice(0, shown))} … (${left} more argument${left === 1 ? '' : 's'})`;
}

/** Throws a TypeError naming what is wrong with a target built from untrusted input. */
export function checkTarget(target: McpTarget): McpTarget {
  if (target.transport === 'stdio') {
    if (target.command.trim() === '') throw new TypeError('the command is empty');
    return target;
  }
  let parsed: URL;
  try {
    parsed = new URL(target.url);
  } catch {
    throw new TypeError(`${JSON.stringify(target.url)} is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError(`${target.url} is not an http(s) URL`);
  return target;
}
