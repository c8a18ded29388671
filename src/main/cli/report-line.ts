// The one JSON line a shrink writes on stderr — `shrink` and `mcp` alike —
// with its note: why nothing was stored, or why the catalog passed through
// unchanged; and the exit status that line stands for (strict-exit.ts).

import type { Writable } from 'node:stream';
import type { CliErrorLine, ShrinkReport } from '../../shared/contracts';
import { NOTHING_STORED, asCavemanError, outcomeWords, sentenceValue, type CavemanError } from '../../shared/errors';
import { writeAll } from './stdio';
import { shrinkExitStatus } from './strict-exit';

/** The report with its note; `passedOn` says what stdout carries when the store failed ("the original bytes were passed through"). */
export function withNote(report: ShrinkReport, storeError: CavemanError | undefined, passedOn: string): ShrinkReport {
  const nothingStored = outcomeWords(NOTHING_STORED);
  if (storeError) return { ...report, note: `${nothingStored} (${storeError.message}); ${passedOn}` };
  if (report.pass_through) return { ...report, note: `passed through unchanged, ${nothingStored}: ${report.pass_through.message}` };
  return report;
}

/** The line for a failure nobody foresaw: the input still went to stdout as it came. */
export function unforeseenFailureLine(thrown: unknown): CliErrorLine {
  return { error: asCavemanError(thrown).toValue(), note: `passed through unchanged; ${outcomeWords(NOTHING_STORED)}`, passed_through: true };
}

/**
 * Writes `line` on stderr; resolves to the exit status it stands for. Its
 * error is one sentence, `{ code, message }`, as the CLI has always written
 * it: the outcome is written into the message here, in one place.
 */
export async function reportLine(io: { stderr: Writable }, line: ShrinkReport | CliErrorLine, strict: boolean | undefined): Promise<number> {
  const written = line.error ? { ...line, error: sentenceValue(line.error) } : line;
  await writeAll(io.stderr, JSON.stringify(written) + '\n');
  return shrinkExitStatus(line, strict === true);
}
