// `--strict`: the reference exits 0 when it passes a catalog through unshrunk
// (stdout still carries bytes a pipeline can use); a CI job that must know
// the catalog was shrunk asks for a distinct exit status instead.

import type { CliShrinkLine } from '../../shared/contracts';

/** The exit status of a pass-through under --strict: apart from 1 (input not read, server not listed) and 2 (usage). */
export const STRICT_PASS_THROUGH_EXIT = 3;

/** Whether the report line says stdout carries the input unshrunk. */
export function passedThrough(line: CliShrinkLine): boolean {
  return 'passed_through' in line ? line.passed_through : line.pass_through !== undefined;
}

/** The exit status for a report line: 0, or STRICT_PASS_THROUGH_EXIT for a pass-through when `strict`. */
export function shrinkExitStatus(line: CliShrinkLine, strict: boolean): number {
  return strict && passedThrough(line) ? STRICT_PASS_THROUGH_EXIT : 0;
}
