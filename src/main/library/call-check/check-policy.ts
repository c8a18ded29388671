// Which tools' calls are checked: `all`, `deferred` (the default: the tools
// whose listing deferred anything, so the model may be missing a detail) or
// `off`, less the tools named by `--no-check-tools` (a server known to
// accept more than its schema says).

import { parseJson } from '../../engine/json/parse-json';
import { endingInMarker } from '../../engine/guarantees/deferrals';
import { DEFAULT_CHECK_CALLS, type CheckCallsMode } from '../../../shared/check-calls';
import { flagPatterns, toolNameMatcher } from '../tool-name-globs';

export interface CallCheckPolicyOptions {
  mode?: CheckCallsMode;
  /** NAME or GLOB patterns, as `--no-check-tools` takes them (comma-separated or one each). */
  uncheckedTools?: readonly string[];
}

export interface CallCheckPolicy {
  readonly mode: CheckCallsMode;
  /** Whether a call of tool `name` is checked; `deferred`: its listing deferred anything (see listingDeferred). */
  checks(name: string, deferred: boolean): boolean;
}

export function callCheckPolicy(options: CallCheckPolicyOptions = {}): CallCheckPolicy {
  const mode = options.mode ?? DEFAULT_CHECK_CALLS;
  const exempt = toolNameMatcher(flagPatterns(options.uncheckedTools));
  return {
    mode,
    checks(name, deferred) {
      if (mode === 'off' || (mode === 'deferred' && !deferred)) return false;
      return exempt === undefined || !exempt(name);
    },
  };
}

/** True when a tool as listed to the client (its text in the shrunk listing) carries the deferral marker: its listing deferred something. */
export function listingDeferred(listedToolText: string): boolean {
  try {
    return endingInMarker(parseJson(listedToolText)).size > 0;
  } catch {
    return false;
  }
}
