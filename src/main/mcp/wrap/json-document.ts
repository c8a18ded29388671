// A JSON(C) config file as wrap edits it (jsonc-parser: comments and
// trailing commas allowed): its server lists, each entry's one span (the
// entry's object), and setting an entry's "command" and "args" with
// modify/applyEdits, formatted like the file, the change kept inside the
// entry's own text.

import {
  applyEdits,
  createScanner,
  findNodeAtLocation,
  modify,
  parseTree,
  printParseErrorCode,
  type FormattingOptions,
  type Node,
  type ParseError,
} from 'jsonc-parser';
import type { ConfigKind } from '../import/config-locations';
import type { ConfigDocument, ServerEntry } from './config-document';
import type { Argv } from './proxy-launch';
import { WrapRefusal } from './wrap-refusal';

/** `kind` undefined: as the file's lists say ("mcpServers", else VS Code's "servers"). */
export function parseJsonDocument(path: string, text: string, knownKind: ConfigKind | undefined): ConfigDocument {
  // A BOM reads as a space, so every offset stays the same.
  const parseText = text.replace(/^\uFEFF/, ' ');
  const errors: ParseError[] = [];
  const tree = parseTree(parseText, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || tree === undefined) {
    const first = errors[0];
    const where = first ? ` (${printParseErrorCode(first.error)} at ${lineAndColumn(parseText, first.offset)})` : '';
    throw new WrapRefusal('unknown-format', `${path} is not valid JSON${where}`);
  }
  if (tree.type !== 'object') throw new WrapRefusal('unknown-format', `${path} is not a JSON object`);

  const kind = knownKind ?? kindOf(tree);
  if (kind === undefined)
    throw new WrapRefusal(
      'unknown-format',
      `${path} is not an MCP client config wrap knows: it has no "mcpServers" list (Claude Desktop, Claude Code, ` +
        `Cursor, Windsurf, Gemini CLI), no "servers" list (VS Code) and is not TOML (Codex)`,
    );
  const located: [ServerEntry, string[]][] = [];
  const listAt = kind === 'vscode' ? 'servers' : 'mcpServers';
  located.push(...entriesOf(property(tree, listAt), [listAt]));
  if (kind === 'claude-code-user') {
    for (const [project, settings] of properties(property(tree, 'projects'))) {
      located.push(...entriesOf(property(settings, 'mcpServers'), ['projects', project, 'mcpServers'], project));
    }
  }
  const paths = new Map(located);
  return {
    text,
    kind,
    entries: located.map(([entry]) => entry),
    withCommand: (entry, argv, env) => {
      const path = paths.get(entry);
      if (path === undefined) throw new Error(`${entry.name} is not an entry of this document`);
      const span = entry.spans[0]!;
      return text.slice(0, span.start) + editedEntryText(text, parseText, span, path, argv, env) + text.slice(span.end);
    },
    sameApartFromWhitespace: (a, b) => sameTokens(a, b),
  };
}

/** Any file but ~/.claude.json by the list it holds. */
function kindOf(tree: Node): ConfigKind | undefined {
  if (property(tree, 'mcpServers')?.type === 'object') return 'servers';
  if (property(tree, 'servers')?.type === 'object') return 'vscode';
  return undefined;
}

/** The entry's text with its "command" and "args" set to `argv` (and each of `env` in its "env"), formatted as the file is. */
function editedEntryText(
  text: string,
  parseText: string,
  span: { start: number; end: number },
  path: string[],
  argv: Argv,
  env: Readonly<Record<string, string>>,
): string {
  // An entry written on one line stays on one line; a spread-out one is formatted like the file.
  const options = text.slice(span.start, span.end).includes('\n') ? { formattingOptions: formattingOf(text) } : {};
  let edited = parseText;
  edited = applyEdits(edited, modify(edited, [...path, 'command'], argv.command, options));
  edited = applyEdits(edited, modify(edited, [...path, 'args'], argv.args, options));
  for (const [key, value] of Object.entries(env)) edited = applyEdits(edited, modify(edited, [...path, 'env', key], value, options));
  const node = findNodeAtLocation(parseTree(edited, [], { allowTrailingComma: true })!, path);
  if (node === undefined) throw new Error(`the edited entry ${path.join('.')} could not be found again`);
  return edited.slice(node.offset, node.offset + node.length);
}

/** Line ends and indentation as the file has them (the first indented line's indentation is one level). */
function formattingOf(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /^([ \t]+)\S/m.exec(text)?.[1];
  if (indent?.startsWith('\t')) return { eol, insertSpaces: false, tabSize: 1 };
  return { eol, insertSpaces: true, tabSize: indent?.length ?? 2 };
}

/** The same tokens and comments in the same order: only spaces and line breaks between them differ. */
function sameTokens(a: string, b: string): boolean {
  const [left, right] = [tokensOf(a), tokensOf(b)];
  return left.length === right.length && left.every((token, i) => token === right[i]);
}

/** Each token's own text (strings with their quotes, comments whole), whitespace left out. */
function tokensOf(text: string): string[] {
  const scanner = createScanner(text, false);
  const tokens: string[] = [];
  for (scanner.scan(); scanner.getTokenOffset() < text.length; scanner.scan()) {
    const token = text.slice(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength());
    if (!/^\s*$/.test(token)) tokens.push(token);
  }
  return tokens;
}

function entriesOf(list: Node | undefined, at: string[], project?: string): [ServerEntry, string[]][] {
  return properties(list).map(([name, node]) => [
    { name, ...(project !== undefined ? { project } : {}), spans: [{ start: node.offset, end: node.offset + node.length }] },
    [...at, name],
  ]);
}

/** An object node's [key, value] pairs in file order (duplicates included). */
function properties(node: Node | undefined): [string, Node][] {
  if (node?.type !== 'object') return [];
  const out: [string, Node][] = [];
  for (const child of node.children ?? []) {
    const [key, value] = child.children ?? [];
    if (key && value && typeof key.value === 'string') out.push([key.value, value]);
  }
  return out;
}

function property(node: Node | undefined, key: string): Node | undefined {
  return properties(node).find(([name]) => name === key)?.[1];
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}
