// Which tools/call the proxy checks against the tool's original input schema
// before relaying it (docs/checked-calls.md): every call, only the calls of
// tools whose listing deferred anything (they carry the deferral marker, so
// the model may be missing a detail), or none.

export const CHECK_CALLS_MODES = ['all', 'deferred', 'off'] as const;

export type CheckCallsMode = (typeof CHECK_CALLS_MODES)[number];

export const DEFAULT_CHECK_CALLS: CheckCallsMode = 'deferred';

export function isCheckCallsMode(value: unknown): value is CheckCallsMode {
  return typeof value === 'string' && (CHECK_CALLS_MODES as readonly string[]).includes(value);
}
