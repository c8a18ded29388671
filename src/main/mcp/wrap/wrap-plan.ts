// What a wrap and an unwrap change in a config file's text. Pure: text in,
// text out, or a WrapRefusal saying why not.
//
// A wrap changes only the entry's "command" and "args" (config-document.ts:
// formatted like the file around it), and the change is kept inside the
// entry's own text: everything before and after it stays byte for byte.
// Its "env", "cwd", "type" and any other key, and its comments, stay too:
// the client still passes them to what it starts, and the proxy hands its
// whole environment and folder on to the server.
//
// An unwrap puts the entry's original text back, taken from the backup the
// wrap left (a byte copy of the file it read). It does so only when the
// entry is exactly what that wrap wrote, so nothing anyone changed since is
// lost — a file reformatted since (only whitespace between its tokens
// changed, as a client that rewrites its config with JSON.stringify does)
// counts as unchanged; when the rest of the file is also untouched, the
// result is the backup byte for byte.

import { redactArgs } from '../../../shared/redact';
import { parseConfigText, type ParsedServer } from '../import/config-parse';
import {
  describeEntry,
  entryTexts,
  findEntry,
  parseConfigDocument,
  spliceEntry,
  type ConfigDocument,
  type EntryRef,
  type ServerEntry,
} from './config-document';
import { LAUNCHER_ENV_KEYS, proxiedArgv, proxyArgv, type Argv, type Launcher, type ProxiedArgv, type ProxyOptions } from './proxy-launch';
import { reachedByUrl, WrapRefusal } from './wrap-refusal';

export interface WrapPlan {
  after: string;
  entry: ServerEntry;
  /** The server's own command line (what the proxy starts). */
  server: Argv;
  /** What the client starts from now on. */
  launch: Argv;
  /** Variables the wrap sets in the entry's "env" for the launcher (none for Node). */
  env: Readonly<Record<string, string>>;
}

export function planWrap(path: string, text: string, ref: EntryRef, launcher: Launcher, options: ProxyOptions): WrapPlan {
  const document = parseConfigDocument(path, text);
  const entry = findEntry(document, ref, path);
  const server = stdioServer(document, entry, path);
  const proxied = proxiedArgv(server, launcher);
  if (proxied !== undefined)
    throw new WrapRefusal(
      'already-wrapped',
      `${describeEntry(entry)} in ${path} already starts through caveman-shrink proxy (it serves ${words(proxied.server)}): nothing was changed`,
    );
  const launch = proxyArgv(launcher, options, server);
  const env = launcher.env ?? {};
  return { after: document.withCommand(entry, launch, env), entry, server, launch, env };
}

export interface UnwrapPlan {
  after: string;
  entry: ServerEntry;
  /** The result is the backup byte for byte (nothing else in the file changed since the wrap). */
  exact: boolean;
}

/** `backup` is the backup's text, or undefined when there is none. */
export function planUnwrap(path: string, text: string, ref: EntryRef, backup: { path: string; text: string | undefined }, launcher?: Launcher): UnwrapPlan {
  const document = parseConfigDocument(path, text);
  const entry = findEntry(document, ref, path);
  const current = parsedEntry(document, entry);
  const proxied =
    current.command !== undefined && current.args !== undefined ? proxiedArgv({ command: current.command, args: current.args }, launcher) : undefined;
  if (proxied === undefined)
    throw new WrapRefusal('not-wrapped', `${describeEntry(entry)} in ${path} does not start through caveman-shrink proxy: nothing to unwrap`);
  if (backup.text === undefined) {
    throw new WrapRefusal(
      'no-backup',
      `${describeEntry(entry)} starts through the proxy, but the backup its wrap left (${backup.path}) is gone, so ` +
        `its original text is not known; it serves ${words(proxied.server)}: edit the entry by hand`,
    );
  }

  // The backup is the same file as it was (its own name says nothing about its format).
  const original = parseConfigDocument(backup.path, backup.text, document.kind);
  const same: EntryRef = { server: entry.name, project: entry.project };
  let originalEntry: ServerEntry;
  try {
    originalEntry = findEntry(original, same, backup.path);
  } catch (error) {
    if (!(error instanceof WrapRefusal)) throw error;
    throw new WrapRefusal(
      'backup-without-server',
      `the backup ${backup.path} does not hold ${describeEntry(entry)} once (${error.message}): it is not the file ` +
        `this entry was wrapped in; nothing was changed`,
    );
  }
  assertUnchangedSinceWrap(document, entry, proxied, original, originalEntry, backup.path);
  const after = spliceEntry(document, entry, entryTexts(original, originalEntry));
  return { after, entry, exact: after === backup.text };
}

/** Refuses unless the entry is exactly what wrapping the backup's entry gives, serving the backup's command line. */
function assertUnchangedSinceWrap(
  document: ConfigDocument,
  entry: ServerEntry,
  proxied: ProxiedArgv,
  original: ConfigDocument,
  originalEntry: ServerEntry,
  backupPath: string,
): void {
  const changed = (what: string) =>
    new WrapRefusal(
      'entry-changed',
      `${describeEntry(entry)} changed since it was wrapped (${what}); unwrapping would lose that change, so nothing ` +
        `was changed — its text before the wrap is in ${backupPath}`,
    );
  const server = stdioServer(original, originalEntry, backupPath);
  if (!sameArgv(proxied.server, server)) throw changed(`it now serves ${words(proxied.server)}, the backup has ${words(server)}`);
  const current = parsedEntry(document, entry);
  const argv = { command: current.command ?? '', args: current.args ?? [] };
  // The wrap may also have set a launcher's variables (Electron's ELECTRON_RUN_AS_NODE): what it would have written with their values now.
  const launcherEnv = Object.fromEntries(LAUNCHER_ENV_KEYS.filter((key) => current.env?.[key] !== undefined).map((key) => [key, current.env![key]!]));
  const now = entryTexts(document, entry);
  const candidates = Object.keys(launcherEnv).length > 0 ? [{}, launcherEnv] : [{}];
  const wrote = (env: Readonly<Record<string, string>>) => {
    const wrapped = parseConfigDocument(backupPath, original.withCommand(originalEntry, argv, env), original.kind);
    return entryTexts(wrapped, findEntry(wrapped, { server: originalEntry.name, project: originalEntry.project }, backupPath));
  };
  const same = (texts: string[]) => texts.length === now.length && texts.every((text, i) => text === now[i] || document.sameApartFromWhitespace(text, now[i]!));
  if (!candidates.some((env) => same(wrote(env)))) throw changed('its keys or their text differ from what the wrap wrote');
}

/** The stdio server an entry starts; refuses an HTTP entry or one the import could not use either. */
function stdioServer(document: ConfigDocument, entry: ServerEntry, path: string): Argv {
  const parsed = parsedEntry(document, entry);
  if (parsed.transport !== 'stdio') throw new WrapRefusal('not-stdio', `${describeEntry(entry)} in ${path} is ${reachedByUrl(parsed.transport)}`);
  if (parsed.problem !== undefined || parsed.command === undefined)
    throw new WrapRefusal('unusable-entry', `${describeEntry(entry)} in ${path} cannot be wrapped: ${parsed.problem ?? 'it has no "command"'}`);
  return { command: parsed.command, args: parsed.args ?? [] };
}

/** The entry as the import reads it (one reading of "command", "args", "type" and "url" everywhere). */
function parsedEntry(document: ConfigDocument, entry: ServerEntry): ParsedServer {
  const found = parseConfigText(document.text, document.kind).filter((server) => server.name === entry.name && server.project === entry.project);
  // findEntry has refused duplicates: both readings see this entry once.
  if (found.length !== 1) throw new Error(`${describeEntry(entry)} was read ${found.length} times`);
  return found[0]!;
}

function sameArgv(a: Argv, b: Argv): boolean {
  return a.command === b.command && a.args.length === b.args.length && a.args.every((arg, i) => arg === b.args[i]);
}

/** A command line for a message: words with spaces or quotes quoted, secrets redacted (src/shared/redact.ts). */
export function words(argv: Argv): string {
  return redactArgs([argv.command, ...argv.args])
    .map((word) => (word === '' || /[\s"']/.test(word) ? JSON.stringify(word) : word))
    .join(' ');
}
