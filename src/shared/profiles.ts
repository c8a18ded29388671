// Profiles (docs/clients.md, "Profiles"): a named choice of how the proxy
// lists a server's tools for one kind of client — the richest level a tool
// is listed at, the listing's token budget, and which calls are checked.
// The proxy picks one from the client's `initialize` (its clientInfo), or a
// wrapped entry names one (`wrap --profile`); `--level`, `--budget` and
// `--check-calls` override its fields. Which client gets which profile was
// decided by measuring the real clients (npm run clients).

import type { CheckCallsMode, McpClient, ProfileName } from './contracts';
import { CONTRACT_ENUMS } from './contracts/enums.generated';
import type { LevelName } from './levels';
import { MCP_CLIENT_NAMES } from './mcp-clients';

export type { ProfileName };

export const PROFILE_NAMES = CONTRACT_ENUMS.profiles as readonly ProfileName[];

export interface Profile {
  /** The richest level a tool is listed at (with a budget, tools may be stepped below it). */
  ceiling: LevelName;
  /** Tokens a server's listing may take as Claude is handed it, the describe tool included. */
  budget?: number;
  checkCalls: CheckCallsMode;
  /** Who it is for, in one phrase (the proxy's stderr, the docs). */
  serves: string;
  /** Whether its client hands the model every tool's definition on every request; false: the model sees names and loads definitions when it needs them. */
  listsEveryRequest: boolean;
}

/**
 * A listing client pays for a server's listing on every request: each server
 * is capped, its costliest tools stepped down to names until it fits
 * (docs/clients.md gives the figures behind the number).
 */
export const LISTING_BUDGET = 9_000;

/** Codex's code mode shows at most 10,000 tokens of its ALL_TOOLS listing: a server's listing is fitted under that (docs/clients.md). */
export const CODE_MODE_BUDGET = 8_000;

export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  'tool-search': {
    ceiling: 'overviews',
    checkCalls: 'deferred',
    serves: "a client that loads definitions through its own search, which reads each tool's own description (kept whole)",
    listsEveryRequest: false,
  },
  'code-mode': {
    ceiling: 'overviews',
    budget: CODE_MODE_BUDGET,
    checkCalls: 'deferred',
    serves: "Codex's code mode, which shows the model every tool's name, description and declaration within a cut",
    listsEveryRequest: false,
  },
  listing: {
    ceiling: 'skeletons',
    budget: LISTING_BUDGET,
    checkCalls: 'deferred',
    serves: 'a client that lists every tool on every request',
    listsEveryRequest: true,
  },
};

/** What a client the proxy does not know gets: most clients list every tool. */
export const DEFAULT_PROFILE: ProfileName = 'listing';

export interface KnownClient {
  /** The `clientInfo.name` it sends in initialize. */
  clientInfoName: string;
  /** Its config files, as the import and wrap know them. */
  configClient: McpClient;
  /** Its profile for each range of versions measured (both ends included), oldest first; a version none covers gets the latest row's. */
  versions: readonly { from: string; through: string; profile: ProfileName }[];
}

/** The clients measured (scripts/clients/client-packages.ts pins the versions; docs/clients.md has the table). */
export const KNOWN_CLIENTS: readonly KnownClient[] = [
  { clientInfoName: 'claude-code', configClient: 'claude-code', versions: [{ from: '2.1.328', through: '2.1.328', profile: 'tool-search' }] },
  { clientInfoName: 'codex-mcp-client', configClient: 'codex', versions: [{ from: '0.169.0', through: '0.169.0', profile: 'code-mode' }] },
  { clientInfoName: 'gemini-cli-mcp-client', configClient: 'gemini', versions: [{ from: '0.61.0', through: '0.61.0', profile: 'listing' }] },
];

export function isProfileName(value: unknown): value is ProfileName {
  return typeof value === 'string' && (PROFILE_NAMES as readonly string[]).includes(value);
}

export interface ClientInfo {
  name: string;
  version: string;
}

export interface ClientProfile {
  profile: ProfileName;
  /** The known client, when it is one. */
  client?: KnownClient | undefined;
  /** A known client at a version no row covers: it got that client's latest profile. */
  unknownVersion?: boolean;
}

/** The profile for a client by its clientInfo: its row by version, its latest for a version no row covers, else the default. */
export function profileForClient(info: ClientInfo | undefined): ClientProfile {
  const client = info && KNOWN_CLIENTS.find((known) => known.clientInfoName === info.name);
  if (info === undefined || client === undefined) return { profile: DEFAULT_PROFILE };
  const row = client.versions.find((each) => compareVersions(info.version, each.from) >= 0 && compareVersions(info.version, each.through) <= 0);
  return row ? { profile: row.profile, client } : { profile: client.versions.at(-1)!.profile, client, unknownVersion: true };
}

/** The profile the proxy picks for a client by its config file (its latest: a config file does not say the version). */
export function profileOfConfigClient(client: McpClient): ProfileName {
  return KNOWN_CLIENTS.find((known) => known.configClient === client)?.versions.at(-1)?.profile ?? DEFAULT_PROFILE;
}

/**
 * What a cost table says of the clients among `clients` that defer MCP tools (their model sees the tools' names on
 * every request and loads a definition when it needs it), or undefined when none does: the CLI's and the app's words.
 */
export function deferringClientsNote(clients: readonly McpClient[]): string | undefined {
  const deferring = [...new Set(clients)]
    .filter((client) => !PROFILES[profileOfConfigClient(client)].listsEveryRequest)
    .map((client) => MCP_CLIENT_NAMES[client]);
  if (deferring.length === 0) return undefined;
  const one = deferring.length === 1;
  const who = one ? `${deferring[0]} defers` : `${deferring.slice(0, -1).join(', ')} and ${deferring.at(-1)} defer`;
  return (
    `${who} MCP tools: on every request the model sees only the tools' names and loads a definition when it needs one; ` +
    `for ${one ? 'this client' : 'these clients'} the figures are what every definition costs, and a load pays only for the tools it loads.`
  );
}

/** The proxy's own flags that choose a listing. */
export interface ListingFlags {
  profile?: ProfileName | undefined;
  level?: LevelName | undefined;
  budget?: number | undefined;
}

/** `--level` alone, or with `--budget`, settles the listing whatever the client (a profile then chooses only which calls are checked). */
export function flagsSettleListing(flags: ListingFlags): boolean {
  return flags.level !== undefined && (flags.budget !== undefined || flags.profile === undefined);
}

/** How a listing is chosen: its level (with a budget, its ceiling), its budget, and the profile it follows when it follows one. */
export interface ListingFields {
  level: LevelName;
  budget?: number;
  profile?: ProfileName;
}

/**
 * The profile the flags name, else the client's, each field overridden by
 * `--level` and `--budget`; `--level` alone (as entries wrapped before
 * profiles were) serves that level, with no budget and no profile.
 */
export function listingFields(flags: ListingFlags, clientProfile: ProfileName): ListingFields {
  if (flags.level !== undefined && flags.profile === undefined && flags.budget === undefined) return { level: flags.level };
  const profile = flags.profile ?? clientProfile;
  const budget = flags.budget ?? PROFILES[profile].budget;
  return { level: flags.level ?? PROFILES[profile].ceiling, ...(budget !== undefined ? { budget } : {}), profile };
}

/** Dotted versions compared number by number ("2.10.0" after "2.9.1"); a part that is not a number counts as 0. */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) => version.split(/[.+-]/).map((part) => (/^\d+$/.test(part) ? Number(part) : 0));
  const [left, right] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** A wrapped entry's proxy options that choose its listing (ServerWrapState when wrapped). */
export interface WrappedListing {
  profile?: ProfileName | undefined;
  level?: LevelName | undefined;
  budget?: number | undefined;
}

/** What a wrapped entry's proxy lists, for the client whose config file holds it: "leads", "overviews (profile tool-search)". */
export function wrappedListing(wrap: WrappedListing, client: McpClient): ListingFields & { said: string } {
  const fields = listingFields(wrap, profileOfConfigClient(client));
  return { ...fields, said: flagsSettleListing(wrap) || fields.profile === undefined ? fields.level : `${fields.level} (profile ${fields.profile})` };
}
