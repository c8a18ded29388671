// Which tools/call the proxy checks against the tool's original input schema
// before relaying it (docs/checked-calls.md): every call, only the calls of
// tools whose listing deferred anything (they carry the deferral marker, so
// the model may be missing a detail), or none. The modes are the contract's
// (defs.schema.json, checkCalls).

import type { CheckCallsMode } from './contracts';
import { CONTRACT_ENUMS } from './contracts/enums.generated';

export type { CheckCallsMode };

export const CHECK_CALLS_MODES = CONTRACT_ENUMS.checkCallsModes as readonly CheckCallsMode[];

export const DEFAULT_CHECK_CALLS: CheckCallsMode = 'deferred';

/** What each mode checks, in one phrase (the proxy's start line, the app's wrap options). */
export const CHECK_CALLS_MEANS: Record<CheckCallsMode, string> = {
  all: "every tools/call is checked against its tool's original schema",
  deferred: 'the calls of the tools whose listing deferred anything are checked against their original schema',
  off: 'no tools/call is checked',
};

export function isCheckCallsMode(value: unknown): value is CheckCallsMode {
  return typeof value === 'string' && (CHECK_CALLS_MODES as readonly string[]).includes(value);
}
