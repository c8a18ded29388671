// The proxy once its server is launched: the relay, its listings (on a
// worker thread, kept in the store) and the describe tool. Loaded by
// proxy-command.ts after it has started the server, so that loading all of
// this overlaps the server's own start-up.

import { LEVEL_KEEPS, defersDetails, type LevelName } from '../../../shared/levels';
import { DESCRIBE_TOOL_NAME } from '../../library/describe/describe-tool-name';
import { MAX_MESSAGE_BYTES } from '../../mcp/connection/list-pages';
import { StreamPeer, type ChildPeer } from '../../mcp/connection/line-peers';
import type { ListingSettings } from '../../mcp/proxy/proxy-listing';
import { refuseClient } from '../../mcp/proxy/refuse-client';
import { describeTarget, type StdioTarget, type UrlTarget } from '../../mcp/connection/server-target';
import { toolFilter } from '../../mcp/proxy/tool-filter';
import type { CallGate } from '../../mcp/proxy/call-gate';
import { clientListing } from '../../mcp/proxy/client-listing';
import { PROFILES, PROFILE_NAMES, flagsSettleListing, type ClientInfo } from '../../../shared/profiles';
import { CHECK_CALLS_MEANS } from '../../../shared/check-calls';
import { startToolsProxy, type ToolCall, type ToolsProxy } from '../../mcp/proxy/tools-proxy';
import { errorMessage } from '../../../shared/error-message';
import { formatInt } from '../../../shared/format-figures';
import { writeAll } from '../stdio';
import { oneLine, type ProxyCommandOptions, type ProxyIo } from './proxy-options';
import { offThreadLister, type SettingsFor } from './proxy-lister';
import { CallTally } from '../../mcp/proxy/call-tally';
import { USAGE_DAYS } from '../../../shared/usage';

/** What the command settled before loading the session: the server, the store, the names. */
export type ProxyLaunch = ({ target: StdioTarget; child: ChildPeer } | { target: UrlTarget; child?: undefined }) & {
  store: string;
  sourceName: string;
};

/** "level leads: each description cut to its lead and warnings; the rest is one caveman_describe call away". */
function levelNote(level: LevelName, describeTool: boolean): string {
  const reach = describeTool ? `one ${DESCRIBE_TOOL_NAME} call away` : 'in the store (caveman-shrink recover HANDLE --tool NAME)';
  return `level ${level}: ${LEVEL_KEEPS[level]}${defersDetails(level) ? `; the rest is ${reach}` : ''}`;
}

/** ", within a budget of 4,000 tokens: the costliest tools stepped down a level at a time until the listing fits". */
function budgetNote(budget: number | undefined, usage: boolean): string {
  if (budget === undefined) return '';
  const used = usage ? ` (the tools called in the last ${USAGE_DAYS} days last)` : ' (--no-usage: calls not counted)';
  const fitting = 'the costliest tools stepped down a level at a time until it fits';
  return `, within a budget of ${formatInt(budget)} tokens as Claude is handed the listing: ${fitting}${used}`;
}

/** How tools/list is answered, as the start line says it: one level when the flags settle it, else by the client's profile. */
function listingNote(options: ProxyCommandOptions): string {
  const describeTool = options.describeTool !== false;
  if (flagsSettleListing(options)) return `${levelNote(options.level!, describeTool)}${budgetNote(options.budget, options.usage !== false)}`;
  if (options.profile !== undefined) {
    const { level, budget } = clientListing(options, undefined);
    return `profile ${options.profile}, ${levelNote(level, describeTool)}${budgetNote(budget, options.usage !== false)}`;
  }
  const over = [options.level && `--level ${options.level}`, options.budget && `--budget ${options.budget}`].filter(Boolean).join(' ');
  return `the profile the client's initialize picks (docs/clients.md, Profiles)${over ? `, with ${over} over it` : ''}`;
}

/** "the calls of the tools whose listing deferred anything are checked against their original schema (--check-calls deferred, the default)". */
function checksNote(options: ProxyCommandOptions): string {
  const mode = options.checkCalls ?? PROFILES_CHECK;
  const exempt = mode !== 'off' && (options.checkTools ?? []).length > 0 ? `, never ${(options.checkTools ?? []).join(',')}` : '';
  if (mode === undefined)
    return `calls checked as the client's profile says (${PROFILE_NAMES.map((name) => `${name}: ${PROFILES[name].checkCalls}`).join(', ')}${exempt})`;
  return `${CHECK_CALLS_MEANS[mode]} (--check-calls ${mode}${options.checkCalls === undefined ? ', the default' : ''}${exempt})`;
}

/** The calls every profile checks, when they agree. */
const PROFILES_CHECK = (() => {
  const modes = new Set(PROFILE_NAMES.map((name) => PROFILES[name].checkCalls));
  return modes.size === 1 ? [...modes][0] : undefined;
})();

/** The options that shape the listing for the client in front of the proxy, as the worker takes them. */
function settingsFor(options: ProxyCommandOptions, sourceName: string): SettingsFor {
  return ({ clientInfo }) => {
    const choice = clientListing(options, clientInfo);
    const settings: ListingSettings = {
      tokenizer: options.tokenizer,
      sourceName,
      level: choice.level,
      ...(choice.budget !== undefined ? { budget: choice.budget } : {}),
      ...(choice.profile !== undefined ? { profile: choice.profile } : {}),
      shareSchemas: options.shareSchemas === true,
      describeTool: options.describeTool !== false,
      includeTools: options.includeTools,
      excludeTools: options.excludeTools,
    };
    return { settings, said: `tools/list ${choice.said}` };
  };
}

/**
 * The proxy's checkCall, its code loaded after the relay is up: a call it
 * checks waits for the listing, and the listing waits for the code (`ready`).
 * With --check-calls off it only refuses filtered tools, and loads at once.
 */
async function lateCallGate(options: ProxyCommandOptions, client: () => ClientInfo | undefined, log: (line: string) => void) {
  const code = () => import('../../mcp/proxy/client-call-gate');
  if (options.checkCalls === 'off') {
    const gate = toolFilter(options.includeTools, options.excludeTools) && (await code()).clientCallGate(options, client, log);
    return { gate: gate || undefined, ready: Promise.resolve() };
  }
  let gate: CallGate | undefined;
  const ready = new Promise<void>((resolve) => setImmediate(resolve))
    .then(code)
    .then((loaded) => void (gate = loaded.clientCallGate(options, client, log)))
    .catch((error: unknown) => log(`calls are relayed unchecked: the call checker could not load (${errorMessage(error)})`));
  return { gate: { readsListing: true, checkCall: (call: ToolCall) => gate?.checkCall(call) }, ready };
}

/** Serves `launch`'s server to the client on `io` until either goes away: 0 when the client closed, 1 when the server could not start or exited. */
export async function serveProxy(launch: ProxyLaunch, options: ProxyCommandOptions, io: ProxyIo, signal?: AbortSignal): Promise<number> {
  const { target, store, sourceName } = launch;
  const log = (line: string) => void writeAll(io.stderr, `caveman-shrink proxy: ${oneLine(line)}\n`);
  let proxy: ToolsProxy | undefined;
  const { gate, ready } = await lateCallGate(options, () => proxy?.clientInfo, log);
  // The HTTP clients load only for a server at a URL.
  const upstream = launch.child === undefined ? new (await import('../../mcp/proxy/url-peer')).UrlPeer(launch.target, log) : launch.child;
  const downstream = new StreamPeer(io.stdin, io.stdout, MAX_MESSAGE_BYTES);
  const usage = options.usage !== false;
  const lister = offThreadLister(store, { tokenizer: options.tokenizer, sourceName, settingsFor: settingsFor(options, sourceName), usage }, log);
  const tally = usage ? new CallTally(lister.recordCalls, log) : undefined;

  try {
    proxy = await startToolsProxy({
      upstream,
      downstream,
      log,
      ...(gate ? { checkCall: gate.checkCall, checkCallReadsListing: gate.readsListing } : {}),
      ...(tally ? { onCallRelayed: (name: string) => tally.count(name) } : {}),
      shrinkTools: async (tools, context) => (await Promise.all([lister.shrinkTools(tools, context), ready]))[0],
    });
  } catch (error) {
    const { ServerDiagnostics } = await import('../../mcp/connection/server-diagnostics');
    const explained = new ServerDiagnostics(target).explain(error, { timedOut: false, cancelled: false, timeoutMs: 0 });
    await writeAll(io.stderr, `caveman-shrink proxy: ${oneLine(explained.message)}\n`);
    await Promise.all([lister.close(), refuseClient(downstream, oneLine(explained.message))]);
    return 1;
  }
  log(`serving ${describeTarget(target)} over stdio; tools/list is answered shrunk at ` + `${listingNote(options)}; ${checksNote(options)} (store: ${store})`);
  const started = proxy;
  signal?.addEventListener('abort', () => void started.close(), { once: true });

  const how = await started.closed;
  await tally?.flush();
  await lister.close();
  io.stdin.destroy(); // nothing more to read; let the process end
  return how === 'server' ? 1 : 0;
}
