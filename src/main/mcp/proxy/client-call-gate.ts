// The proxy's checkCall for the client in front of it: with --check-calls it
// checks as the flag says; without, as the client's profile says, decided on
// the first call (the client has said who it is by then). Its own module so
// the proxy loads the checker's code (Ajv, the engine's JSON reader) after
// the relay is up.

import type { CheckCallsMode } from '../../../shared/check-calls';
import { PROFILES, PROFILE_NAMES, type ClientInfo } from '../../../shared/profiles';
import type { TokenizerName } from '../../../shared/tokenizers';
import { callCheckPolicy } from '../../library/call-check/check-policy';
import { callGate, type CallGate } from './call-gate';
import { clientListing, type ProxyListingFlags } from './client-listing';
import { toolFilter } from './tool-filter';

export interface CallGateFlags extends ProxyListingFlags {
  tokenizer: TokenizerName;
  /** `--no-check-tools`: names or globs whose calls are never checked. */
  checkTools?: string[] | undefined;
  includeTools?: string[] | undefined;
  excludeTools?: string[] | undefined;
}

export function clientCallGate(flags: CallGateFlags, client: () => ClientInfo | undefined, log: (line: string) => void): CallGate | undefined {
  const filter = toolFilter(flags.includeTools, flags.excludeTools);
  const gateFor = (mode: CheckCallsMode) =>
    callGate({ filter, policy: callCheckPolicy({ mode, uncheckedTools: flags.checkTools }), tokenizer: flags.tokenizer, log });
  if (flags.checkCalls !== undefined) return gateFor(flags.checkCalls);
  let made: { gate: CallGate | undefined } | undefined;
  return {
    readsListing: CHECKS_IN_SOME_PROFILE,
    checkCall(call) {
      made ??= { gate: gateFor(clientListing(flags, client()).checkCalls) };
      return made.gate?.checkCall(call);
    },
  };
}

/** Whether any profile checks calls: then a call waits for the listing its check reads. */
export const CHECKS_IN_SOME_PROFILE = PROFILE_NAMES.some((name) => PROFILES[name].checkCalls !== 'off');
