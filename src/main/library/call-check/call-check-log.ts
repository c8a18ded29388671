// The proxy's stderr lines for checked calls: one per refusal (the tool and
// its violations, never an argument's value: every violation line is made of
// the schema's words and the arguments' shape) and one per tool whose calls
// go unchecked.

import type { Violation } from './explain-errors';
import { shownValue } from './violation-wording';

/** A stderr line stays a line a person can read in a terminal. */
const LONGEST_LINE = 2000;

const clipped = (line: string) => (line.length > LONGEST_LINE ? `${line.slice(0, LONGEST_LINE - 2)} …` : line);

export function logRefusal(log: (line: string) => void, tool: string, violations: readonly Violation[]): void {
  const count = `${violations.length} violation${violations.length === 1 ? '' : 's'}`;
  log(clipped(`tools/call ${shownValue(tool)} refused, not relayed (${count}): ${violations.map((violation) => violation.line).join('; ')}`));
}

export function logUnchecked(log: (line: string) => void, tool: string, reason: string): void {
  log(clipped(`tools/call ${shownValue(tool)} relayed unchecked from now on: ${reason}`));
}
