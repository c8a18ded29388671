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
  /** Whether a request already shows the server's tools to the model (listed, or named as deferred). */
  showsServer(body: string, server: string): boolean;
  /** The tools a search answered, best first: the server's own by their bare names, any other by its full name. */
  searchResults(answer: readonly object[], server: string): string[];
}

/** The keys a client puts a tool result's text under: `text` blocks, or one string as `content` (Claude Code) or `output`. */
const TEXT_KEYS = new Set(['text', 'content', 'output']);

/** Every text in result blocks, in order. */
export function answerTexts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(answerTexts);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (TEXT_KEYS.has(key) && typeof inner === 'string' ? [inner] : answerTexts(inner)));
}
