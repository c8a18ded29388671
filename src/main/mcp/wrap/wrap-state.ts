// Whether a config entry starts through caveman-shrink proxy, read from the
// entry as written (the Servers view shows it; the page never says it).
// Pure: an entry in, its state out. The proxy's options are read in the
// spellings its command line takes (`--level leads`, `--level=leads`,
// repeated or comma-separated tool filters), so a hand-written entry shows
// as what it does.

import type { ServerWrapState } from '../../../shared/contracts';
import { isLevelName } from '../../../shared/levels';
import { isProfileName } from '../../../shared/profiles';
import { isCheckCallsMode } from '../../../shared/check-calls';
import type { ParsedServer } from '../import/config-parse';
import { WRAP_PROXY_FLAGS, proxiedArgv, type Launcher, type WrapFlagSpec } from './proxy-launch';
import { words } from './wrap-plan';
import { reachedByUrl } from './wrap-refusal';

type Entry = Pick<ParsedServer, 'transport' | 'command' | 'args' | 'problem'>;

export function wrapStateOf(entry: Entry, launcher?: Launcher): ServerWrapState {
  if (entry.transport !== 'stdio') return { state: 'unwrappable', reason: `it is ${reachedByUrl(entry.transport)}` };
  if (entry.problem !== undefined || entry.command === undefined) return { state: 'unwrappable', reason: entry.problem ?? 'it has no "command"' };
  const proxied = proxiedArgv({ command: entry.command, args: entry.args ?? [] }, launcher);
  if (proxied === undefined) return { state: 'direct' };
  return { state: 'wrapped', ...proxyOptionsOf(proxied.flags), serves: words(proxied.server) };
}

type WrappedOptions = Pick<
  ServerWrapState,
  'profile' | 'level' | 'budget' | 'includeTools' | 'excludeTools' | 'shareSchemas' | 'checkCalls' | 'noCheckTools' | 'noUsage'
>;

/** The options between `proxy` and `--`; a flag it does not know is left out (the proxy itself would refuse it at start). */
export function proxyOptionsOf(flags: readonly string[]): WrappedOptions {
  const options: WrappedOptions = {};
  const include: string[] = [];
  const exclude: string[] = [];
  const unchecked: string[] = [];
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i]!;
    const eq = flag.indexOf('=');
    const name = flag.startsWith('--') && eq > 0 ? flag.slice(0, eq) : flag;
    const takesValue = (WRAP_PROXY_FLAGS as readonly WrapFlagSpec[]).some((spec) => spec.flag === name && spec.takes !== 'none');
    let value: string | undefined;
    if (takesValue) value = eq > 0 && name !== flag ? flag.slice(eq + 1) : flags[++i];
    if (name === '--profile' && isProfileName(value)) options.profile = value;
    else if (name === '--level' && isLevelName(value)) options.level = value;
    else if (name === '--budget' && /^[1-9]\d*$/.test(value ?? '')) options.budget = Number(value);
    else if (name === '--include-tools' && value !== undefined) include.push(value);
    else if (name === '--exclude-tools' && value !== undefined) exclude.push(value);
    else if (name === '--share-schemas') options.shareSchemas = true;
    else if (name === '--check-calls' && isCheckCallsMode(value)) options.checkCalls = value;
    else if (name === '--no-check-tools' && value !== undefined) unchecked.push(value);
    else if (name === '--no-usage') options.noUsage = true;
  }
  if (include.length > 0) options.includeTools = include;
  if (exclude.length > 0) options.excludeTools = exclude;
  if (unchecked.length > 0) options.noCheckTools = unchecked;
  return options;
}
