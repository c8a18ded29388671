// A proxy's server, started before the option parser loads: a client races
// its first model request against the first listing, and the server's own
// start-up is most of that wait, so it overlaps the rest of the proxy's.
// Only for the plain form, `proxy [options] -- COMMAND [ARGS…]` with no
// option that changes what is started or how (--url, --sse, --header,
// --env); the proxy command takes the server when what it parsed starts the
// same command line, and it is stopped otherwise (a usage mistake, --help).

import { MAX_RELAYED_MESSAGE_BYTES } from '../mcp/connection/list-pages';
import { ChildPeer } from '../mcp/connection/line-peers';
import { serverEnv } from '../mcp/connection/server-env';

/** The options that change the server's start: the early launch leaves them to the command. */
const CHANGES_THE_START = /^(-e|--env|-H|--header|--url|--sse)(=|$)|^-[eH]./;

let early: { words: string[]; peer: ChildPeer } | undefined;

/** `argv`: the words after `proxy`. Launches the server they name, when they are the plain form. */
export function launchEarly(argv: readonly string[]): void {
  const end = argv.indexOf('--');
  if (end < 0 || end + 1 >= argv.length || argv.slice(0, end).some((word) => CHANGES_THE_START.test(word))) return;
  const [command, ...args] = argv.slice(end + 1) as [string, ...string[]];
  const peer = new ChildPeer({ command, args, env: serverEnv(process.env) }, MAX_RELAYED_MESSAGE_BYTES);
  // A launch that fails is reported when the proxy starts it, as a later launch's would be.
  peer.launch().catch(() => undefined);
  early = { words: [command, ...args], peer };
}

/** The server launched early, when it is the command line the proxy parsed and no --env was given; it is handed over once. */
export function takeEarly(words: readonly string[], env: Readonly<Record<string, string>> | undefined): ChildPeer | undefined {
  const launched = early;
  if (launched === undefined || env !== undefined || launched.words.length !== words.length || launched.words.some((word, at) => word !== words[at])) return;
  early = undefined;
  return launched.peer;
}

/** Stops a server launched early that no proxy took. */
export async function stopUntaken(): Promise<void> {
  const launched = early;
  early = undefined;
  await launched?.peer.close();
}
