// What `caveman-shrink proxy` is given: its options, its streams, and how
// it says a note in one stderr line. Shared by the command, the session it
// loads, and wrap (which writes a proxy's options into a client's config).

import type { Readable, Writable } from 'node:stream';
import type { LevelName } from '../../../shared/levels';
import type { ProfileName } from '../../../shared/profiles';
import type { TokenizerName } from '../../../shared/tokenizers';
import type { CheckCallsMode } from '../../../shared/check-calls';

export interface ProxyCommandOptions {
  tokenizer: TokenizerName;
  store?: string | undefined;
  name?: string | undefined;
  env?: string[] | undefined;
  /** List caveman_describe beside a shrunk catalog (default true). */
  describeTool?: boolean | undefined;
  /** How to list, by name (default: the one the client's initialize picks; src/shared/profiles.ts). */
  profile?: ProfileName | undefined;
  /** The level, or with a budget the ceiling (default: the profile's). */
  level?: LevelName | undefined;
  /** Tokens the listing may take as Claude is handed it: each tool at the richest level at or below `level` that fits. */
  budget?: number | undefined;
  shareSchemas?: boolean | undefined;
  /** `--no-usage` (commander's name for it: false): calls are not counted and do not shape a budgeted listing. */
  usage?: boolean | undefined;
  /** Names or globs, each value comma-separated (tool-filter.ts). */
  includeTools?: string[] | undefined;
  excludeTools?: string[] | undefined;
  /** Which calls are checked (default deferred). */
  checkCalls?: CheckCallsMode | undefined;
  /** `--no-check-tools` (commander's name for it): names or globs whose calls are never checked. */
  checkTools?: string[] | undefined;
  /** A server at a URL instead of a command (streamable HTTP; HTTP+SSE with `sse`). */
  url?: string | undefined;
  sse?: boolean | undefined;
  /** With `url`: headers, `Name: value` or `Name=value`. */
  header?: string[] | undefined;
}

export interface ProxyIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/** A note as one stderr line: line breaks in what it quotes (a path, a server's message) are escaped. */
export function oneLine(text: string): string {
  return text.replace(/\r\n|\r|\n/g, '\\n');
}
