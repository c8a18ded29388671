// A config file's server entries as wrap sees them, whatever its syntax:
// where each entry's text is (its spans), how to set its command line, and
// which entry a wrap or an unwrap is about. JSON(C) files are read by
// json-document.ts, Codex's TOML by toml-document.ts. Pure: text in,
// entries out.
//
// The lists are the ones the import reads (config-locations.ts): top-level
// "mcpServers" (Claude Desktop, Claude Code's .mcp.json, Cursor, Windsurf,
// Gemini CLI), top-level "servers" (VS Code), in ~/.claude.json also
// "projects"[<folder>]."mcpServers" (Claude Code's local scope), and
// Codex's [mcp_servers.<name>] tables.

import { kindOfConfigPath, type ConfigKind } from '../import/config-locations';
import type { DiscoveredServer } from '../import/discover-servers';
import { parseJsonDocument } from './json-document';
import type { Argv } from './proxy-launch';
import { parseTomlDocument } from './toml-document';
import { WrapRefusal } from './wrap-refusal';

/** Which server: its name, and for a per-project entry of ~/.claude.json its project folder. */
export interface EntryRef {
  server: string;
  project?: string | undefined;
}

/** [start, end) offsets into a document's text. */
export interface Span {
  start: number;
  end: number;
}

export interface ServerEntry {
  name: string;
  project?: string;
  /** Where the entry's text is, in file order: one span in JSON; in TOML its table and each of its sub-tables. */
  spans: readonly Span[];
}

export interface ConfigDocument {
  /** The text as read, BOM and all. */
  text: string;
  kind: ConfigKind;
  entries: ServerEntry[];
  /** The whole text with the entry's "command" and "args" set to `argv` (and each of `env` in its env), changed inside the entry's spans only. */
  withCommand(entry: ServerEntry, argv: Argv, env: Readonly<Record<string, string>>): string;
  /** Whether two texts of an entry span differ at most in the whitespace between their tokens (a reformatted file). */
  sameApartFromWhitespace(a: string, b: string): boolean;
}

/** The lists of a config file (of `kind`, else as its name and text say); refuses (unknown-format) text neither JSON(C) nor TOML, or listing no servers. */
export function parseConfigDocument(path: string, text: string, knownKind?: ConfigKind): ConfigDocument {
  const kind = knownKind ?? kindOfConfigPath(path);
  return kind === 'codex' ? parseTomlDocument(path, text) : parseJsonDocument(path, text, kind);
}

/**
 * The entry a discovered server is in its file: only ~/.claude.json keeps
 * servers per project inside the file; a project's own file (.mcp.json,
 * .vscode/mcp.json, …) lists them at its top.
 */
export function entryRefOf(server: Pick<DiscoveredServer, 'name' | 'scope' | 'project'>): EntryRef {
  return { server: server.name, project: server.scope === 'local' ? server.project : undefined };
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

/** The entry's texts exactly as they stand in the file, span by span. */
export function entryTexts(document: ConfigDocument, entry: ServerEntry): string[] {
  return entry.spans.map((span) => document.text.slice(span.start, span.end));
}

/** The file with the entry's spans replaced, in order, by `replacements`: every byte outside them stays. */
export function spliceEntry(document: ConfigDocument, entry: ServerEntry, replacements: readonly string[]): string {
  if (replacements.length !== entry.spans.length) throw new Error(`${describeEntry(entry)}: ${replacements.length} texts for ${entry.spans.length} spans`);
  let text = document.text;
  for (let i = entry.spans.length - 1; i >= 0; i--) text = text.slice(0, entry.spans[i]!.start) + replacements[i]! + text.slice(entry.spans[i]!.end);
  return text;
}
