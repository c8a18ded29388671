// The MCP import dialog's "another server" form as a request: a command line
// split into command and arguments the way a shell would (quotes group,
// backslashes before a space or quote escape it, other backslashes stay so
// Windows paths survive), KEY=value environment lines, Name: value header
// lines. Pure, so it is tested without a DOM.

import type { McpServerRef } from '../../../shared/contracts';
import { errorMessage } from '../../../shared/error-message';

export type TransportChoice = 'stdio' | 'http' | 'sse';

export interface McpForm {
  transport: TransportChoice;
  commandLine: string;
  envText: string;
  url: string;
  headersText: string;
}

export type FormResult = { ok: true; server: McpServerRef } | { ok: false; message: string };

/** Words of a command line; throws Error with a sentence when a quote is left open. */
export function splitCommandLine(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) word += text[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < text.length && /[\s"']/.test(text[i + 1]!)) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) throw new Error(`a ${quote === '"' ? 'double' : 'single'} quote is not closed`);
  if (inWord) words.push(word);
  return words;
}

/** Lines of `separator`-joined pairs; blank lines and lines starting with # are skipped. */
function parsePairs(text: string, separator: '=' | ':', what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const at = line.indexOf(separator);
    const key = at > 0 ? line.slice(0, at).trim() : '';
    const valid = separator === '=' ? /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) : /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(key);
    if (!valid) throw new Error(`${what} line ${index + 1} is not ${separator === '=' ? 'KEY=value' : 'Name: value'}`);
    out[key] = line.slice(at + 1).trim();
  }
  return out;
}

/** The request for the form, or the sentence saying what to fix. */
export function serverFromForm(form: McpForm): FormResult {
  try {
    if (form.transport === 'stdio') {
      const [command, ...args] = splitCommandLine(form.commandLine);
      if (command === undefined) return { ok: false, message: 'Type the command that starts the server, e.g. npx -y @modelcontextprotocol/server-everything.' };
      const env = parsePairs(form.envText, '=', 'Environment');
      return { ok: true, server: { transport: 'stdio', command, args, ...(Object.keys(env).length > 0 ? { env } : {}) } };
    }
    const url = form.url.trim();
    if (url === '') return { ok: false, message: 'Type the server’s URL, e.g. http://127.0.0.1:3001/mcp.' };
    if (!/^https?:\/\/\S+$/i.test(url)) return { ok: false, message: 'The URL must start with http:// or https://.' };
    const headers = parsePairs(form.headersText, ':', 'Headers');
    return { ok: true, server: { transport: form.transport, url, ...(Object.keys(headers).length > 0 ? { headers } : {}) } };
  } catch (error) {
    const message = errorMessage(error);
    return { ok: false, message: `${message.charAt(0).toUpperCase()}${message.slice(1)}.` };
  }
}
