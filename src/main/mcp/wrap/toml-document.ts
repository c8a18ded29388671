// Codex's config.toml as wrap edits it, with toml-eslint-parser's syntax
// tree (every key and value with its offsets). A server is whatever defines
// keys under mcp_servers.<name>: its [mcp_servers.<name>] table, each
// sub-table such as [mcp_servers.<name>.env], or key/values written inline
// or dotted. Its spans are one per top-level table it appears in, to the end
// of the line (a trailing comment belongs to its line). An edit replaces a
// value's text, or inserts one key/value after another, so comments,
// spacing, quoting and every other byte stay as they were.

import { getStaticTOMLValue, parseTOML, type AST } from 'toml-eslint-parser';
import type { ConfigDocument, ServerEntry, Span } from './config-document';
import type { Argv } from './proxy-launch';
import { WrapRefusal } from './wrap-refusal';

const SERVERS = 'mcp_servers';

interface Located {
  kv: AST.TOMLKeyValue;
  /** The key's whole path from the top of the file. */
  path: string[];
  /** The path of the table (or inline table) it is written in. */
  base: string[];
  /** Sits on a line of its own (in a table or at the top), not inside an inline table. */
  lineLevel: boolean;
  /** The top-level table (or the file's top) it is written in. */
  container: object;
}

export function parseTomlDocument(path: string, text: string): ConfigDocument {
  const parseText = text.replace(/^\uFEFF/, ' ');
  const program = parseOrRefuse(path, parseText);
  const value = getStaticTOMLValue(program) as Record<string, unknown>;
  const listed = value[SERVERS];
  const names = typeof listed === 'object' && listed !== null && !Array.isArray(listed) ? Object.keys(listed) : [];
  const entries: ServerEntry[] = names.map((name) => ({ name, spans: spansOf(parseText, program, [SERVERS, name]) }));
  return {
    text,
    kind: 'codex',
    entries,
    withCommand: (entry, argv, env) => {
      const edited = withCommand(parseText, [SERVERS, entry.name], argv, env);
      return text.startsWith('\uFEFF') ? `\uFEFF${edited.slice(1)}` : edited;
    },
    sameApartFromWhitespace: (a, b) => {
      const [left, right] = [tokensOf(a), tokensOf(b)];
      return left !== undefined && left === right;
    },
  };
}

function parseOrRefuse(path: string, text: string): AST.TOMLProgram {
  try {
    return parseTOML(text);
  } catch (error) {
    const { message, lineNumber, column } = error as { message: string; lineNumber?: number; column?: number };
    const where = lineNumber !== undefined ? ` at line ${lineNumber}, column ${(column ?? 0) + 1}` : '';
    throw new WrapRefusal('unknown-format', `${path} is not valid TOML (${message}${where})`);
  }
}

/** Every key/value of the file with its whole path, inline tables' included. */
function keyValues(program: AST.TOMLProgram): Located[] {
  const out: Located[] = [];
  const visit = (kv: AST.TOMLKeyValue, base: string[], container: object, lineLevel: boolean) => {
    const path = [...base, ...kv.key.keys.map((key) => (key.type === 'TOMLBare' ? key.name : key.value))];
    out.push({ kv, path, base, lineLevel, container });
    if (kv.value.type === 'TOMLInlineTable') for (const inner of kv.value.body) visit(inner, path, container, false);
  };
  const top = program.body[0];
  for (const item of top.body) {
    if (item.type === 'TOMLKeyValue') visit(item, [], top, true);
    else for (const kv of item.body) visit(kv, item.resolvedKey.map(String), item, true);
  }
  return out;
}

function tables(program: AST.TOMLProgram): AST.TOMLTable[] {
  return program.body[0].body.filter((item): item is AST.TOMLTable => item.type === 'TOMLTable');
}

/** The entry's spans: per top-level table (or the top) that defines keys under `at`, from its first such text to the end of the last one's line. */
function spansOf(text: string, program: AST.TOMLProgram, at: string[]): Span[] {
  const byContainer = new Map<object, Span>();
  const add = (container: object, start: number, end: number) => {
    const span = byContainer.get(container);
    byContainer.set(container, span ? { start: Math.min(span.start, start), end: Math.max(span.end, end) } : { start, end });
  };
  for (const table of tables(program)) if (startsWith(table.resolvedKey.map(String), at)) add(table, table.range[0], lineEnd(text, table.range[1]));
  // A key/value that reaches under `at` from outside it (inside, it is in one of those tables or in an inline table already taken).
  for (const each of keyValues(program)) {
    if (startsWith(each.path, at) && !startsWith(each.base, at))
      add(each.container, each.kv.range[0], each.lineLevel ? lineEnd(text, each.kv.range[1]) : each.kv.range[1]);
  }
  return [...byContainer.values()].sort((a, b) => a.start - b.start);
}

function withCommand(text: string, at: string[], argv: Argv, env: Readonly<Record<string, string>>): string {
  let edited = setKey(text, [...at, 'command'], tomlString(argv.command), undefined);
  edited = setKey(edited, [...at, 'args'], tomlArray(argv.args), [...at, 'command']);
  for (const [key, value] of Object.entries(env)) edited = setEnvKey(edited, at, key, tomlString(value));
  return edited;
}

/** Sets the value at `path`, or adds it after the key/value at `after`. */
function setKey(text: string, path: string[], valueText: string, after: string[] | undefined): string {
  const located = keyValues(parseTOML(text));
  const found = located.find((each) => same(each.path, path));
  if (found) return splice(text, found.kv.value.range[0], found.kv.value.range[1], valueText);
  const anchor = after && located.find((each) => same(each.path, after));
  if (!anchor) throw new Error(`no ${path.join('.')} to set, and nothing to add it after`);
  return insertAfter(text, anchor, path.at(-1)!, valueText);
}

/** Sets one variable of the entry's env: in an inline `env = {…}`, after its other variables, or as a new `env = {…}`. */
function setEnvKey(text: string, at: string[], key: string, valueText: string): string {
  const program = parseTOML(text);
  const envPath = [...at, 'env'];
  const located = keyValues(program);
  const found = located.find((each) => same(each.path, [...envPath, key]));
  if (found) return splice(text, found.kv.value.range[0], found.kv.value.range[1], valueText);
  const env = located.find((each) => same(each.path, envPath));
  if (env?.kv.value.type === 'TOMLInlineTable') {
    const table = env.kv.value;
    const last = table.body.at(-1);
    if (last) return splice(text, last.range[1], last.range[1], `, ${tomlKey(key)} = ${valueText}`);
    return splice(text, table.range[0], table.range[1], `{ ${tomlKey(key)} = ${valueText} }`);
  }
  const variables = located.filter((each) => each.lineLevel && startsWith(each.path, envPath) && each.path.length === envPath.length + 1);
  const lastVariable = variables.sort((a, b) => a.kv.range[1] - b.kv.range[1]).at(-1);
  if (lastVariable) return insertAfter(text, lastVariable, key, valueText);
  const table = tables(program).find((each) => same(each.resolvedKey.map(String), envPath));
  if (table) {
    const header = lineEnd(text, text.indexOf(']', table.key.range[1]) + 1);
    return splice(text, header, header, `${eolOf(text)}${tomlKey(key)} = ${valueText}`);
  }
  return setKey(text, envPath, `{ ${tomlKey(key)} = ${valueText} }`, [...at, 'args']);
}

/** A new key/value right after `anchor`: in its inline table, or on the next line with its indentation and dotted prefix. */
function insertAfter(text: string, anchor: Located, key: string, valueText: string): string {
  const { kv } = anchor;
  if (!anchor.lineLevel) return splice(text, kv.range[1], kv.range[1], `, ${tomlKey(key)} = ${valueText}`);
  const prefix = text.slice(kv.key.range[0], kv.key.keys.at(-1)!.range[0]);
  const lineStart = text.lastIndexOf('\n', kv.range[0] - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const at = lineEnd(text, kv.range[1]);
  return splice(text, at, at, `${eolOf(text)}${indent}${prefix}${tomlKey(key)} = ${valueText}`);
}

/** Past the rest of the line when only spaces and a comment follow `offset`. */
function lineEnd(text: string, offset: number): number {
  const rest = /^[ \t]*(#[^\r\n]*)?/.exec(text.slice(offset))![0];
  const after = offset + rest.length;
  return after === text.length || text[after] === '\n' || text.startsWith('\r\n', after) ? after : offset;
}

/** The tokens and comments of a TOML text, whitespace aside; undefined when it is not TOML on its own. */
function tokensOf(text: string): string | undefined {
  try {
    const program = parseTOML(text.replace(/^\uFEFF/, ' '));
    return JSON.stringify([...program.tokens, ...program.comments].sort((a, b) => a.range[0] - b.range[0]).map((token) => [token.type, token.value]));
  } catch {
    return undefined;
  }
}

/** A TOML basic string: JSON's escapes are all TOML's too; TOML also wants DEL escaped. */
export function tomlString(value: string): string {
  return JSON.stringify(value).replace(/\u007f/g, '\\u007F');
}

function tomlArray(values: readonly string[]): string {
  return `[${values.map(tomlString).join(', ')}]`;
}

function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : tomlString(key);
}

function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

function splice(text: string, start: number, end: number, replacement: string): string {
  return text.slice(0, start) + replacement + text.slice(end);
}

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return path.length >= prefix.length && prefix.every((key, i) => path[i] === key);
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && startsWith(a, b);
}
