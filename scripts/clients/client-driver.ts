// What the harness needs to know of a client: how to install and start it
// against the fake model API, where its MCP servers are configured, how its
// model's turns are written, and how to read what it sent back.

import type { ClientPackageId } from './client-packages';
import type { ModelDialect } from './fake-model/fake-model-server';
import type { Step, StepKind } from './steps';

export interface ServerEntry {
  name: string;
  /** The command line that starts it: command, then args. */
  argv: readonly string[];
}

export interface ClientDriver<Turn = unknown> {
  id: string;
  label: string;
  pkg: ClientPackageId;
  dialect: ModelDialect<Turn>;
  /** The steps its model can take (a client that lists every tool has no loads). */
  steps: ReadonlySet<StepKind>;
  /** The config file holding its MCP servers: what wrap edits. */
  configFile(home: string): string;
  /** Writes its whole config: the fake model API as its provider, and the server, if any, direct. */
  writeConfig(home: string, apiOrigin: string, server: ServerEntry | undefined): void;
  /** Writes the server's entry as given, where wrap cannot edit this client's config (undefined: wrap can). */
  writeEntryByHand?: (home: string, server: ServerEntry) => void;
  command(bin: string, server: string | undefined): string[];
  env(home: string, apiOrigin: string): Record<string, string>;
  /** The model turn that takes `step`, the `index`th of the session. */
  turn(step: Step, server: string, index: number): Turn;
  /**
   * The parts of a request that are the server's, as the JSON text the client sent: its tools listed in full, or the names it defers
   * (none when the request does not show the server). What the server costs every request.
   */
  serverParts(body: unknown, server: string): string[];
  /** Where loaded tools join the request's listing: the prefix of the server's tools' names there (its loads can then be told from the client's own). */
  loadedToolPrefix?: (server: string) => string;
  /** The tools a search answered, best first: the server's own by their bare names, any other by its full name. */
  searchResults(answer: readonly object[], server: string): string[];
  /** What the client says a listing it cut came to whole, in its own count (Codex's code mode). */
  wholeListingTokens?: (texts: readonly string[]) => number | undefined;
}

/** The server's tools a request lists in full (their names start with `prefix`), each as its JSON. */
export function listedServerTools(dialect: ModelDialect<unknown>, body: unknown, prefix: string): string[] {
  return [...dialect.listedTools(body)].filter(([name]) => name.startsWith(prefix)).map(([, tool]) => JSON.stringify(tool));
}

/** The keys a client puts a tool result's text under: `text` blocks, or one string as `content` (Claude Code) or `output`. */
const TEXT_KEYS = new Set(['text', 'content', 'output', 'error']);

/** Every text in a request or its result blocks, in order. */
export function textsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(textsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (TEXT_KEYS.has(key) && typeof inner === 'string' ? [inner] : textsIn(inner)));
}
