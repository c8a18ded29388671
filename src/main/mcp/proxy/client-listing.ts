// How the proxy lists for the client in front of it: the profile the
// client's initialize picks (or the one `--profile` names), each field
// overridden by `--level`, `--budget` and `--check-calls`, and the words
// its stderr line says of it.

import type { CheckCallsMode } from '../../../shared/check-calls';
import type { LevelName } from '../../../shared/levels';
import { PROFILES, listingFields, profileForClient, type ClientInfo, type ListingFlags, type ProfileName } from '../../../shared/profiles';
import { MCP_CLIENT_NAMES } from '../../../shared/mcp-clients';
import { DEFAULT_CHECK_CALLS } from '../../../shared/check-calls';

export interface ProxyListingFlags extends ListingFlags {
  checkCalls?: CheckCallsMode | undefined;
}

export interface ClientListing {
  /** The level, or with `budget` the ceiling. */
  level: LevelName;
  budget?: number | undefined;
  checkCalls: CheckCallsMode;
  /** The profile the listing follows, when one does. */
  profile?: ProfileName | undefined;
  /** "Claude Code 2.1.328 (claude-code): profile tool-search, ceiling overviews". */
  said: string;
}

export function clientListing(flags: ProxyListingFlags, client: ClientInfo | undefined): ClientListing {
  const picked = profileForClient(client);
  const fields = listingFields(flags, picked.profile);
  const checkCalls = flags.checkCalls ?? (fields.profile === undefined ? DEFAULT_CHECK_CALLS : PROFILES[fields.profile].checkCalls);
  const who = client === undefined ? 'a client that sent no clientInfo' : `${JSON.stringify(client.name)} ${client.version}`;
  const budget = fields.budget === undefined ? '' : ` within ${fields.budget} tokens`;
  if (fields.profile === undefined) return { level: fields.level, checkCalls, said: `for ${who}: no profile (--level ${fields.level} alone)` };
  const known = picked.client && MCP_CLIENT_NAMES[picked.client.configClient];
  const why =
    flags.profile !== undefined
      ? 'named by --profile'
      : known === undefined
        ? "a client the proxy does not know gets the listing clients' profile"
        : picked.unknownVersion
          ? `${known} at a version not measured gets ${known}'s latest`
          : `${known}'s`;
  const overrides = [
    flags.level && `--level ${flags.level}`,
    flags.budget && `--budget ${flags.budget}`,
    flags.checkCalls && `--check-calls ${flags.checkCalls}`,
  ];
  const over = overrides.filter(Boolean).join(' ');
  const said = `for ${who}: profile ${fields.profile} (${why}${over ? `; ${over} over it` : ''}): ceiling ${fields.level}${budget}`;
  return { ...fields, checkCalls, said };
}
