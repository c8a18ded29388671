// The one JSON line a shrink writes on stderr — `shrink` and `mcp` alike —
// with its note: why nothing was stored, or why the catalog passed through
// unchanged; and the exit status that line stands for (strict-exit.ts).

import type { Writable } from 'node:stream';
import type { CliErrorLine, ShrinkReport } from '../../shared/contracts';
import { asCavemanError, type CavemanError } from '../../shared/errors';
import { writeAll } from './stdio';
import { shrinkExitStatus } from './strict-exit';

/** The report with its note; `passedOn` says what stdout carries when the store failed ("the original bytes were passed through"). */
export function withNote(report: ShrinkReport, storeError: CavemanError | undefined, passedOn: string): ShrinkReport {
  if (storeError) return { ...report, note: `nothing was stored (${storeError.message}); ${passedOn}` };
  if (report.pass_through) return { ...report, note: `passed through unchanged, nothing was stored: ${report.pass_through.message}` };
  return report;
}

/** The line for a failure nobody foresaw: the input still went to stdout as it came. */
export function unforeseenFailureLine(thrown: unknown): CliErrorLine {
  return { error: asCavemanError(thrown).toValue(), note: 'passed through unchanged; nothing was stored', passed_through: true };
}

/** Writes `line` on stderr; resolves to the exit status it stands for. */
export async function reportLine(io: { stderr: Writable }, line: ShrinkReport | CliErrorLine, strict: boolean | undefined): Promise<number> {
  await writeAll(io.stderr, JSON.stringify(line) + '\n');
  return shrinkExitStatus(line, strict === true);
}
