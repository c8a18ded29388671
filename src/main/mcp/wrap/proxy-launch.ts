// The command line a wrapped entry starts, and how to tell an entry that
// already starts through the proxy. A client starts a server with its own
// environment and PATH (a desktop app's is not a shell's), so the entry
// names this install's runtime and CLI entry by absolute path rather than
// `caveman-shrink` on PATH.

import { basename } from 'node:path';
import { LEVELS } from '../../../shared/levels';
import { PROFILE_NAMES } from '../../../shared/profiles';
import { CHECK_CALLS_MODES } from '../../../shared/check-calls';

/** How this install is started: the runtime (process.execPath) and the CLI entry (out/main/cli.js), both absolute (app-launcher.ts decides them). */
export interface Launcher {
  runtime: string;
  cli: string;
  /** Variables the runtime needs to run the CLI, written into the entry's "env" (Electron: ELECTRON_RUN_AS_NODE=1). */
  env?: Readonly<Record<string, string>> | undefined;
}

/** Every variable a launcher may write into an entry's "env" (unwrap recognises them as the wrap's). */
export const LAUNCHER_ENV_KEYS: readonly string[] = ['ELECTRON_RUN_AS_NODE'];

/**
 * Every proxy option a wrap can write into an entry, in the order it
 * writes them: its key (the flag's name in camel case, as `wrap` takes it
 * and an entry's wrap state reads it back), the proxy's flag, and whether it takes one value, values (repeated,
 * each as given) or none. The wrap command offers each row as its own
 * option, refuses one this install's proxy does not take, and the wrap
 * state reads them back from an entry: a new one is one more row.
 */
export const WRAP_PROXY_FLAGS = [
  {
    key: 'profile',
    flag: '--profile',
    takes: 'value',
    help: "how the proxy lists for this client (default: the one the client's initialize picks; name one for a client that cannot say)",
    choices: PROFILE_NAMES,
  },
  { key: 'level', flag: '--level', takes: 'value', help: "the proxy's level, or with a budget its ceiling (default: the profile's)", choices: LEVELS },
  {
    key: 'budget',
    flag: '--budget',
    takes: 'value',
    help: "the tokens the proxy's listing may take as Claude is handed it, --level its ceiling (passed to the proxy)",
    wholeNumber: true,
  },
  {
    key: 'includeTools',
    flag: '--include-tools',
    takes: 'values',
    help: 'list only these tools (names or globs, comma-separated or repeated; passed to the proxy)',
  },
  {
    key: 'excludeTools',
    flag: '--exclude-tools',
    takes: 'values',
    help: 'never list these tools (names or globs, comma-separated or repeated; passed to the proxy)',
  },
  {
    key: 'checkCalls',
    flag: '--check-calls',
    takes: 'value',
    help: "which tools/call the proxy checks against the tool's original schema (default: the proxy's, deferred)",
    choices: CHECK_CALLS_MODES,
  },
  {
    key: 'noCheckTools',
    flag: '--no-check-tools',
    takes: 'values',
    help: 'never check the calls of these tools (names or globs, comma-separated or repeated; passed to the proxy)',
  },
  {
    key: 'noUsage',
    flag: '--no-usage',
    takes: 'none',
    help: 'the proxy neither counts calls nor keeps the tools called lately richest under a budget (passed to the proxy)',
  },
] as const satisfies readonly WrapFlagSpec[];

export interface WrapFlagSpec {
  key: string;
  flag: `--${string}`;
  takes: 'value' | 'values' | 'none';
  /** The wrap command's help for it. */
  help: string;
  /** The values it takes, when only some. */
  choices?: readonly string[];
  /** Its value is a whole number of at least 1. */
  wholeNumber?: boolean;
}

type WrapFlag = (typeof WRAP_PROXY_FLAGS)[number];
type ValueOf<F extends WrapFlag> = F['takes'] extends 'values' ? readonly string[] : F['takes'] extends 'value' ? string : boolean;

/** The proxy's own options a wrap writes, keyed as WRAP_PROXY_FLAGS names them. */
export type ProxyOptions = { [F in WrapFlag as F['key']]?: ValueOf<F> | undefined };

/** The flags `options` put on the proxy's command line, in the table's order (each value as given: a name, a glob or a comma list). */
export function proxyFlags(options: ProxyOptions): string[] {
  return WRAP_PROXY_FLAGS.flatMap((spec) => {
    const value = (options as Record<string, string | boolean | readonly string[] | undefined>)[spec.key];
    if (value === undefined || value === false) return [];
    if (value === true) return [spec.flag];
    return (typeof value === 'string' ? [value] : value).flatMap((each) => [spec.flag, each]);
  });
}

export interface Argv {
  command: string;
  args: string[];
}

/** The entry's new command line: the runtime, the CLI entry, `proxy`, the options, `--`, then the server's own command line unchanged. */
export function proxyArgv(launcher: Launcher, options: ProxyOptions, server: Argv): Argv {
  return { command: launcher.runtime, args: [launcher.cli, 'proxy', ...proxyFlags(options), '--', server.command, ...server.args] };
}

export interface ProxiedArgv {
  /** Everything between `proxy` and `--`. */
  flags: string[];
  /** The server the proxy starts. */
  server: Argv;
}

/**
 * The proxied server when this command line starts caveman-shrink's proxy —
 * written by wrap (any install's out/main/cli.js) or by hand
 * (`caveman-shrink proxy -- …`, `npx caveman-shrink proxy -- …`) — else undefined.
 */
export function proxiedArgv(argv: Argv, launcher?: Launcher): ProxiedArgv | undefined {
  const words = [argv.command, ...argv.args];
  const at = words.indexOf('proxy');
  if (at < 0 || !words.slice(0, at).some((word) => namesCavemanShrink(word, launcher))) return undefined;
  const end = words.indexOf('--', at + 1);
  if (end < 0 || end + 1 >= words.length) return undefined;
  return { flags: words.slice(at + 1, end), server: { command: words[end + 1]!, args: words.slice(end + 2) } };
}

function namesCavemanShrink(word: string, launcher?: Launcher): boolean {
  if (launcher !== undefined && word === launcher.cli) return true;
  if (/caveman[-_ ]?shrink/i.test(word)) return true;
  // Another clone's or install's entry: …/out/main/cli.js.
  return basename(word) === 'cli.js' && /(^|[\\/])out[\\/]main[\\/]cli\.js$/.test(word);
}
