// `caveman-shrink [shrink [FILE]]`: catalog in, compressed catalog on stdout,
// one JSON report line on stderr. Fail-open: whatever happens, stdout gets
// bytes a pipeline can use, and the exit status is 0 (a pass-through under
// --strict: 3) — except for input over 32 MiB, which the reference refuses:
// exit 1, nothing on stdout, the reason on stderr, and nothing read past
// 32 MiB + 1 byte.

import { basename } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { unreadableReason } from '../../../shared/errors';
import { LEVEL_KEEPS, defersDetails, type LevelName } from '../../../shared/levels';
import type { TokenizerName } from '../../../shared/tokenizers';
import { savingRatio } from '../../../shared/ratio';
import { formatInt } from '../../../shared/format-figures';
import { shrink } from '../../library/shrink';
import { recordModelTokens, type RecordedShrink } from '../../library/record-model-tokens';
import { visibleTokens } from '../../library/visible-tokens';
import { withDescribeTool } from '../../library/describe';
import { isBudgetBelowFloor } from '../../library/plan-budget';
import type { BudgetPlanReport } from '../../../shared/contracts';
import { UsageError } from '../usage-error';
import { countTokens } from '../../engine/tokens/count-tokens';
import { readBoundedFile, readBoundedStream, tooLargeMessage, type BoundedInput } from '../../library/catalog-file';
import { reportLine, unforeseenFailureLine, withNote } from '../report-line';
import { IncompleteOutputError, keepingHandle, writeAll } from '../stdio';

export interface ShrinkCommandOptions {
  tokenizer: TokenizerName;
  store?: string | undefined;
  shareSchemas?: boolean | undefined;
  /** A pass-through exits STRICT_PASS_THROUGH_EXIT instead of 0 (strict-exit.ts). */
  strict?: boolean | undefined;
  level?: LevelName | undefined;
  /** Fit the listing in this many tokens (ShrinkOptions.budget); below the catalog's floor, a usage mistake. */
  budget?: number | undefined;
  /** Add the describe tool's definition after the tools (withDescribeTool). */
  describeTool?: boolean | undefined;
}

export interface CommandIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/** `reading`: stdin already being read (main.ts starts that before loading this module). */
export async function runShrinkCommand(
  file: string | undefined,
  options: ShrinkCommandOptions,
  io: CommandIo,
  reading?: Promise<BoundedInput>,
): Promise<number> {
  const fromStdin = file === undefined || file === '-';
  let input: BoundedInput;
  try {
    input = await (reading ?? (fromStdin ? readBoundedStream(io.stdin) : readBoundedFile(file)));
  } catch (error) {
    await writeAll(io.stderr, `caveman-shrink: cannot read ${file ?? 'stdin'}: ${unreadableReason(error)}\n`);
    return 1;
  }

  if (input.tooLarge) {
    // As the reference prints it: `read stdin: cave_input_too_large: stdin exceeds 33554432 bytes`.
    const source = fromStdin ? 'stdin' : file;
    await writeAll(io.stderr, `read ${source}: ${tooLargeMessage(source)}\n`);
    return 1;
  }

  try {
    const { result, error } = await shrink(input.bytes, {
      tokenizer: options.tokenizer,
      ...(options.store !== undefined ? { store: options.store } : {}),
      ...(options.shareSchemas ? { shareSchemas: true } : {}),
      ...(options.level !== undefined ? { level: options.level } : {}),
      ...(options.budget !== undefined ? { budget: options.budget } : {}),
      sourceName: file === undefined || file === '-' ? 'stdin' : basename(file),
      sharedOutput: true,
    });
    let { output, ...report } = result;
    // The shrink as the store recorded it, before the describe tool (if any) changes what the report counts.
    const recorded = { tokenizer: report.tokenizer, tokens_before: report.tokens_before, tokens_after: report.tokens_after };
    let notAdded: string | undefined;
    if (options.describeTool === true && report.recovery_handle !== undefined) {
      const added = withDescribeTool(input.bytes, output);
      if (added.added) {
        // The report counts what goes to stdout.
        const tokensAfter = countTokens(new TextDecoder().decode(added.output), options.tokenizer);
        report = {
          ...report,
          tokens_after: tokensAfter,
          ratio: savingRatio(report.tokens_before, tokensAfter),
          describe_tool: { name: added.name, tokens: tokensAfter - report.tokens_after },
        };
        output = added.output;
      } else notAdded = added.reason;
    }
    await writeAll(io.stdout, output).catch(keepingHandle(report.recovery_handle));
    const status = await reportLine(io, withNote(report, error, 'the original bytes were passed through'), options.strict);
    if (notAdded !== undefined) await writeAll(io.stderr, `caveman-shrink: --describe-tool: not added (${notAdded})\n`);
    // After the report line, so a reader of the first stderr line still gets the JSON.
    const kept = whatWasKept(options.level, report.budget);
    if (kept !== undefined && report.recovery_handle !== undefined) await writeAll(io.stderr, deferralNote(kept, report.recovery_handle));
    // Last, once a pipeline has its bytes: what the model sees of what went to stdout, for History.
    if (report.recovery_handle !== undefined) await recordWhatTheModelSees(options, report.recovery_handle, recorded, input.bytes, output);
    return status;
  } catch (thrown) {
    if (thrown instanceof IncompleteOutputError) throw thrown;
    // A budget below the catalog's floor is a usage mistake: nothing on stdout, the floor on stderr, exit 2.
    if (isBudgetBelowFloor(thrown)) throw new UsageError(thrown.message);
    // A failure we did not foresee still passes the catalog through.
    await writeAll(io.stdout, input.bytes);
    return reportLine(io, unforeseenFailureLine(thrown), options.strict);
  }
}

/** What a shrink that deferred something kept ("level leads: …", "budget 4,000: 80 tools at skeletons, …"), or undefined when it deferred nothing. */
function whatWasKept(level: LevelName | undefined, budget: BudgetPlanReport | undefined): string | undefined {
  if (budget !== undefined) {
    const levels = Object.entries(budget.tools) as [LevelName, number][];
    if (!levels.some(([name]) => defersDetails(name))) return undefined;
    return `budget ${formatInt(budget.tokens)}: ${levels.map(([name, count]) => `${count} at ${name}`).join(', ')}`;
  }
  return level !== undefined && defersDetails(level) ? `level ${level}: ${LEVEL_KEEPS[level]}` : undefined;
}

/** What a shrink that deferred something says on stderr: what it kept, and how to reach the rest. */
export function deferralNote(kept: string, handle: string): string {
  return (
    `caveman-shrink: ${kept}; a description ending in " …" lost text. ` +
    `Every tool's original is in the store: caveman-shrink recover ${handle} --tool NAME, ` +
    `the library's recoverTool(handle, name) or toolDescriber({ handle }) for a harness that answers the describe tool\n`
  );
}

/** Counts what the model sees of the catalog as it came and as it went to stdout, and records it on the shrink; a failure leaves it JSON only. */
async function recordWhatTheModelSees(
  options: ShrinkCommandOptions,
  handle: string,
  shrunk: RecordedShrink,
  input: Uint8Array,
  output: Uint8Array,
): Promise<void> {
  const seen = await visibleTokens(input, output, options.tokenizer).catch(() => undefined);
  if (seen) recordModelTokens(options.store, handle, shrunk, seen);
}
