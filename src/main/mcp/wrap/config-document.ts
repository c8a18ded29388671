// A config file's text as a tree of nodes with their offsets (jsonc-parser:
// comments and trailing commas allowed), which lists it holds, and the one
// server entry a wrap or an unwrap is about. Pure: text in, nodes out.
//
// The lists are the ones the import reads (config-locations.ts): top-level
// "mcpServers" (Claude Desktop, Claude Code's .mcp.json, Cursor, Windsurf),
// top-level "servers" (VS Code), and in ~/.claude.json also
// "projects"[<folder>]."mcpServers" (Claude Code's local scope).

import { basename } from 'node:path';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { ConfigKind } from '../import/config-locations';
import { WrapRefusal } from './wrap-refusal';

/** Which server: its name, and for a per-project entry of ~/.claude.json its project folder. */
export interface EntryRef {
  server: string;
  project?: string | undefined;
}

export interface ServerEntry {
  name: string;
  project?: string;
  /** Where the entry is, as jsonc-parser's modify takes it. */
  path: string[];
  /** The entry's value (an object for any server the import can use). */
  node: Node;
}

export interface ConfigDocument {
  /** The text as read, BOM and all. */
  text: string;
  /** The text the nodes' offsets point into: a BOM reads as a space, so every offset stays the same. */
  parseText: string;
  kind: ConfigKind;
  entries: ServerEntry[];
}

/** The lists of a config file (of `kind`, else as its name and text say); refuses (unknown-format) text that is not JSON(C) or has no list of servers. */
export function parseConfigDocument(path: string, text: string, knownKind?: ConfigKind): ConfigDocument {
  const parseText = text.replace(/^\uFEFF/, ' ');
  const errors: ParseError[] = [];
  const tree = parseTree(parseText, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || tree === undefined) {
    const first = errors[0];
    const where = first ? ` (${printParseErrorCode(first.error)} at ${lineAndColumn(parseText, first.offset)})` : '';
    throw new WrapRefusal('unknown-format', `${path} is not valid JSON${where}`);
  }
  if (tree.type !== 'object') throw new WrapRefusal('unknown-format', `${path} is not a JSON object`);

  const kind = knownKind ?? kindOf(path, tree);
  if (kind === undefined)
    throw new WrapRefusal(
      'unknown-format',
      `${path} is not an MCP client config wrap knows: it has no "mcpServers" list (Claude Desktop, Claude Code, ` +
        `Cursor, Windsurf) and no "servers" list (VS Code)`,
    );
  const entries: ServerEntry[] = [];
  const listAt = kind === 'vscode' ? 'servers' : 'mcpServers';
  entries.push(...entriesOf(property(tree, listAt), [listAt]));
  if (kind === 'claude-code-user') {
    for (const [project, settings] of properties(property(tree, 'projects'))) {
      entries.push(...entriesOf(property(settings, 'mcpServers'), ['projects', project, 'mcpServers'], project));
    }
  }
  return { text, parseText, kind, entries };
}

/** ~/.claude.json by its name; any other file by the list it holds. */
function kindOf(path: string, tree: Node): ConfigKind | undefined {
  if (basename(path) === '.claude.json') return 'claude-code-user';
  if (property(tree, 'mcpServers')?.type === 'object') return 'servers';
  if (property(tree, 'servers')?.type === 'object') return 'vscode';
  return undefined;
}

/** The entry `ref` names; refuses when there is none, or more than one it could be. */
export function findEntry(document: ConfigDocument, ref: EntryRef, path: string): ServerEntry {
  const named = document.entries.filter((entry) => entry.name === ref.server);
  const matches = ref.project !== undefined ? named.filter((entry) => entry.project === ref.project) : named.filter((entry) => entry.project === undefined);
  if (matches.length > 1)
    throw new WrapRefusal('duplicate-server', `${describeRef(ref)} is listed ${matches.length} times in ${path}: remove the extra ones first`);
  if (matches.length === 1) return matches[0]!;
  // A name only one project has is that project's; two or more are for --project to choose.
  const inProjects = named.filter((entry) => entry.project !== undefined);
  if (ref.project === undefined && inProjects.length === 1) return inProjects[0]!;
  if (ref.project === undefined && inProjects.length > 1) {
    throw new WrapRefusal(
      'ambiguous-server',
      `"${ref.server}" is in ${inProjects.length} projects of ${path} (${inProjects.map((entry) => entry.project).join(', ')}): name one with --project`,
    );
  }
  const listed = document.entries.map((entry) => (entry.project !== undefined ? `${entry.name} (project ${entry.project})` : entry.name));
  throw new WrapRefusal(
    'no-such-server',
    `no server ${describeRef(ref)} in ${path}; ${listed.length === 0 ? 'it lists no servers' : `it lists: ${listed.join(', ')}`}`,
  );
}

export function describeRef(ref: EntryRef): string {
  return ref.project !== undefined ? `"${ref.server}" (project ${ref.project})` : `"${ref.server}"`;
}

export function describeEntry(entry: ServerEntry): string {
  return describeRef({ server: entry.name, project: entry.project });
}

/** The entry's text exactly as it stands in the file. */
export function entryText(document: ConfigDocument, entry: ServerEntry): string {
  return document.text.slice(entry.node.offset, entry.node.offset + entry.node.length);
}

function entriesOf(list: Node | undefined, at: string[], project?: string): ServerEntry[] {
  return properties(list).map(([name, node]) => ({ name, ...(project !== undefined ? { project } : {}), path: [...at, name], node }));
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
