// Reads the server entries out of an MCP client's config file text. Pure:
// text in, entries out. Tolerates what those files contain in the wild —
// comments and trailing commas (Cursor's mcp.json is edited as JSONC), a
// UTF-8 BOM, entries with no "type" (a command means stdio, a URL means
// HTTP) — and reports an entry it cannot use with a `problem` instead of
// dropping it. Reading never starts anything. Codex's config.toml is TOML
// (toml-value.ts reads it); each client's own spelling of a server is read
// here, next to the others.

import type { McpTransport } from '../../../shared/contracts';
import type { ConfigKind } from './config-locations';
import { errorMessage } from '../../../shared/error-message';
import { parseTomlValue } from './toml-value';

export interface ParsedServer {
  name: string;
  transport: McpTransport;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  disabled?: boolean;
  /** local: a per-project entry of ~/.claude.json. */
  scope?: 'user' | 'project' | 'local';
  project?: string;
  /** Why it cannot be imported as written. */
  problem?: string;
}

export class ConfigFormatError extends Error {}

/** Every server the file lists, in file order. Throws ConfigFormatError when the text is not JSON(C) or lists no "mcpServers" object at all. */
export function parseConfigText(text: string, kind: ConfigKind | 'any' = 'any'): ParsedServer[] {
  if (kind === 'codex') return codexServers(text);
  const doc = parseJsonc(text);
  if (!isObject(doc)) throw new ConfigFormatError('not a JSON object');

  const servers: ParsedServer[] = [];
  let sawList = false;
  const addAll = (list: unknown, extra: Pick<ParsedServer, 'scope' | 'project'>) => {
    if (!isObject(list)) return;
    sawList = true;
    for (const [name, entry] of Object.entries(list)) servers.push({ ...parseEntry(name, entry, kind === 'gemini'), ...extra });
  };

  // VS Code's mcp.json calls the list "servers" (and reads nothing else); a picked file may be one.
  if (kind === 'vscode') addAll(doc.servers, {});
  else addAll(doc.mcpServers, kind === 'claude-code-user' ? { scope: 'user' } : {});
  if (kind === 'any' && !isObject(doc.mcpServers)) addAll(doc.servers, {});
  if ((kind === 'claude-code-user' || kind === 'any') && isObject(doc.projects)) {
    for (const [project, settings] of Object.entries(doc.projects)) {
      if (isObject(settings)) addAll(settings.mcpServers, { scope: 'local', project });
    }
  }
  // ~/.claude.json holds much more than servers: no list there just means none were added.
  if (!sawList && kind !== 'claude-code-user') throw new ConfigFormatError(kind === 'vscode' ? 'it has no "servers" list' : 'it has no "mcpServers" list');
  return servers;
}

/** The project folders a ~/.claude.json knows (keys of "projects"), in file order. */
export function claudeCodeProjects(text: string): string[] {
  try {
    const doc = parseJsonc(text);
    return isObject(doc) && isObject(doc.projects) ? Object.keys(doc.projects) : [];
  } catch {
    return [];
  }
}

/** Codex's config.toml: each [mcp_servers.<name>] table (an "url" is streamable HTTP; "enabled = false" switches one off). */
function codexServers(text: string): ParsedServer[] {
  let doc: unknown;
  try {
    doc = parseTomlValue(text);
  } catch (error) {
    throw new ConfigFormatError(`not valid TOML: ${errorMessage(error)}`);
  }
  if (!isObject(doc) || doc.mcp_servers === undefined) return [];
  if (!isObject(doc.mcp_servers)) throw new ConfigFormatError('its "mcp_servers" is not a table');
  return Object.entries(doc.mcp_servers).map(([name, entry]) => {
    if (!isObject(entry)) return { name, transport: 'stdio', problem: 'the entry is not a table' };
    const disabled = entry.enabled === false ? { disabled: true } : {};
    if (typeof entry.url !== 'string')
      return { ...parseEntry(name, { command: entry.command, args: entry.args, env: entry.env, cwd: entry.cwd }), ...disabled };
    // The headers Codex sends, with its variables written as the import expands them.
    const headers: Record<string, unknown> = { ...(isObject(entry.http_headers) ? entry.http_headers : {}) };
    if (isObject(entry.env_http_headers)) for (const [header, variable] of Object.entries(entry.env_http_headers)) headers[header] = `\${${String(variable)}}`;
    if (typeof entry.bearer_token_env_var === 'string') headers.Authorization = `Bearer \${${entry.bearer_token_env_var}}`;
    return { ...parseEntry(name, { type: 'http', url: entry.url, headers }), ...disabled };
  });
}

/** `urlMeansSse`: Gemini CLI's "url" is the older HTTP+SSE transport and its "httpUrl" streamable HTTP. */
function parseEntry(name: string, entry: unknown, urlMeansSse = false): ParsedServer {
  if (!isObject(entry)) return { name, transport: 'stdio', problem: 'the entry is not an object' };
  let type = typeof entry.type === 'string' ? entry.type.toLowerCase() : typeof entry.transport === 'string' ? entry.transport.toLowerCase() : undefined;
  const disabled = entry.disabled === true ? { disabled: true } : {};
  let url = typeof entry.url === 'string' ? entry.url : typeof entry.serverUrl === 'string' ? entry.serverUrl : undefined;
  if (urlMeansSse && typeof entry.httpUrl === 'string') [type, url] = ['http', entry.httpUrl];
  else if (urlMeansSse && type === undefined && url !== undefined && entry.command === undefined) type = 'sse';

  if (
    type === 'sse' ||
    type === 'http' ||
    type === 'streamable-http' ||
    type === 'streamablehttp' ||
    (type === undefined && url !== undefined && entry.command === undefined)
  ) {
    const transport: McpTransport = type === 'sse' ? 'sse' : 'http';
    if (url === undefined || url.trim() === '') return { name, transport, ...disabled, problem: 'it has no "url"' };
    const headers = stringMap(entry.headers);
    return {
      name,
      transport,
      url,
      ...(headers.value ? { headers: headers.value } : {}),
      ...disabled,
      ...(headers.problem ? { problem: `"headers" ${headers.problem}` } : {}),
    };
  }
  if (type !== undefined && type !== 'stdio')
    return { name, transport: 'stdio', ...disabled, problem: `its type "${type}" is not one Caveman Shrink can connect to (stdio, http or sse)` };

  const command = typeof entry.command === 'string' ? entry.command : undefined;
  const args = Array.isArray(entry.args) ? entry.args : entry.args === undefined ? [] : undefined;
  const env = stringMap(entry.env);
  const server: ParsedServer = { name, transport: 'stdio', ...disabled };
  if (command !== undefined) server.command = command;
  if (args) server.args = args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg)));
  if (env.value) server.env = env.value;
  if (typeof entry.cwd === 'string') server.cwd = entry.cwd;
  if (command === undefined || command.trim() === '') server.problem = 'it has neither a "command" nor a "url"';
  else if (!args) server.problem = '"args" is not a list';
  else if (args.some((arg) => typeof arg !== 'string')) server.problem = '"args" holds something other than text';
  else if (env.problem) server.problem = `"env" ${env.problem}`;
  return server;
}

function stringMap(value: unknown): { value?: Record<string, string>; problem?: string } {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) return { problem: 'is not an object' };
  const out: Record<string, string> = {};
  let problem: string | undefined;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string') out[key] = item;
    else if (typeof item === 'number' || typeof item === 'boolean') out[key] = String(item);
    else problem = `has a value for ${key} that is not text`;
  }
  return { value: out, ...(problem ? { problem } : {}) };
}

/** JSON, or failing that JSONC (comments, trailing commas); a BOM is ignored. Throws ConfigFormatError. */
function parseJsonc(text: string): unknown {
  const body = text.replace(/^\uFEFF/, '');
  try {
    return JSON.parse(body);
  } catch (error) {
    try {
      return JSON.parse(stripJsonComments(body));
    } catch {
      throw new ConfigFormatError(`not valid JSON: ${errorMessage(error)}`);
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSONC → JSON: drops // and /* *\/ comments and trailing commas, leaving strings alone. */
export function stripJsonComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (c === ',') {
      // A comma followed only by whitespace or comments before } or ] is dropped.
      let j = i + 1;
      for (;;) {
        while (j < text.length && /\s/.test(text[j]!)) j++;
        if (text[j] === '/' && text[j + 1] === '/') while (j < text.length && text[j] !== '\n') j++;
        else if (text[j] === '/' && text[j + 1] === '*') j = text.indexOf('*/', j + 2) < 0 ? text.length : text.indexOf('*/', j + 2) + 2;
        else break;
      }
      if (text[j] !== '}' && text[j] !== ']') out += c;
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
