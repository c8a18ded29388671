// Everything the app shows about one catalog, computed in one go off the main
// thread: the shrink (committed to the store when it saves tokens, then what
// the model saw of it recorded there too), the per-tool report, the guarantee
// checks and the side-by-side diff.

import { Buffer } from 'node:buffer';
import type { AnalysisFailure, AnalysisSummary, InputOrigin } from '../../shared/contracts';
import {
  MAX_INPUT_BYTES,
  NOTHING_STORED,
  asCavemanError,
  cancelledAfterStoringError,
  cancelledError,
  inputTooLargeError,
  type CavemanError,
} from '../../shared/errors';
import type { TokenizerName } from '../../shared/tokenizers';
import { DEFAULT_LEVEL, type LevelName } from '../../shared/levels';
import { lintReportFor } from '../library/lint';
import { knownLevelFigures, type KnownLevelFigures } from '../library/level-comparison';
import { passThroughError } from '../library/prepare-catalog';
import { beginShrinkInDetail } from '../library/shrink';
import { budgetOptionsOf, isBudgetBelowFloor, planInput, type PlannedInput } from '../library/plan-budget';
import { prettyDiff } from '../engine/diff/pretty-diff';
import { CHECK_OUTPUT_SHARE, checkGuarantees, checkOutput } from '../engine/guarantees/check-guarantees';
import { parseJson } from '../engine/json/parse-json';
import { outputText } from '../engine/transform/transform-catalog';
import type { ParallelTokenCounter } from '../engine/tokens';
import type { StoreOption } from '../library/store-option';
import { encodeDiff } from '../../shared/ipc/diff-envelope';
import { ANALYSIS_PLAN, ANALYSIS_STEP_OF_SHRINK, type AnalysisStage, type AnalysisStep } from '../../shared/progress-plan';
import { isBlank, jsonExcerpt } from './json-excerpt';
import { recordModelTokens } from '../library/record-model-tokens';

export type { AnalysisStage };

export interface AnalysisInput {
  analysisId: string;
  name: string;
  bytes: Uint8Array;
  tokenizer: TokenizerName;
  /** Where the renderer got the bytes, told back with a failure (its advice on retrying depends on it). */
  origin?: InputOrigin | undefined;
  /** Shrink with shared sub-schemas (docs/transform.md; off by default). */
  shareSchemas?: boolean | undefined;
  /** How much description text stays (docs/levels.md; facts when absent); with `budget`, the richest level a tool is listed at. */
  level?: LevelName | undefined;
  /** Fit the listing Claude is handed in this many tokens (docs/levels.md, "Budgets"). */
  budget?: number | undefined;
  /** Where the original is committed; a path is opened for this call (and fails open if it cannot be). */
  store: StoreOption;
  counter?: ParallelTokenCounter | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((stage: AnalysisStage, fraction: number) => void) | undefined;
}

export interface AnalysisProduct {
  outcome: AnalysisSummary | AnalysisFailure;
  /** The per-tool report as UTF-8 JSON (the summary stays small enough to send as an event). */
  lint?: Uint8Array;
  /** The input, exactly. */
  original: Uint8Array;
  /** What shrink handed out: the compressed catalog, or the original on a pass-through. */
  output: Uint8Array;
  /** The diff envelope (shared/ipc/diff-envelope.ts): the layout and both sides, made here so it crosses threads and processes untouched. */
  diff?: Uint8Array;
  /** The input's and this level's figures of the level comparison, which the page asks for next (not counted again there). */
  levels?: KnownLevelFigures;
}

const encoder = new TextEncoder();

/** After the diff, the analysis may still wait for the report's variant counts: their share, shown at this pace. */
const WAIT_REPORT_MS = 100;

/** `value` in from…to as 0…1, clamped. */
function within(value: number, from: number, to: number): number {
  return Math.min(1, Math.max(0, (value - from) / (to - from)));
}

export async function analyzeCatalog(input: AnalysisInput): Promise<AnalysisProduct> {
  const { analysisId, name, bytes, tokenizer } = input;
  const level = input.level ?? DEFAULT_LEVEL;
  const onProgress = input.onProgress;
  // Each step reports its own 0…1; the plan (shared/progress-plan.ts) places it on the bar and names its stage.
  const report = (step: AnalysisStep, fraction: number) => onProgress?.(ANALYSIS_PLAN.stage(step), ANALYSIS_PLAN.at(step, fraction));
  if (bytes.byteLength > MAX_INPUT_BYTES) {
    return failure(input, inputTooLargeError(name, bytes.byteLength));
  }

  let planned: PlannedInput | undefined;
  if (input.budget !== undefined) {
    const options = { level, tokenizer, counter: input.counter, shareSchemas: input.shareSchemas, signal: input.signal };
    try {
      planned = await planInput(bytes, budgetOptionsOf(options, input.budget));
    } catch (error) {
      // A budget below the catalog's floor: nothing is shrunk or stored, and the failure names the floor.
      if (isBudgetBelowFloor(error)) return failure(input, error);
      throw error;
    }
  }
  const toolLevels = planned?.plan?.toolLevels;

  let checksDone = false;
  let countedDuringChecks: number | undefined;
  const shrinking = beginShrinkInDetail(
    bytes,
    {
      store: input.store,
      tokenizer,
      sourceName: name,
      ...(input.shareSchemas ? { shareSchemas: true } : {}),
      level,
      ...(input.budget !== undefined ? { budget: input.budget } : {}),
      ...(input.counter ? { counter: input.counter } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
      onStage: (stage, fraction) => {
        // Counting runs beside the checks (this thread helps when lint first awaits a count): its share of the bar comes after theirs.
        if (stage === 'counting' && !checksDone) countedDuringChecks = fraction;
        else report(ANALYSIS_STEP_OF_SHRINK[stage], fraction);
      },
    },
    planned,
  );
  const { prepared, read } = shrinking;

  if (!prepared.ok) {
    await shrinking.finish();
    const { passThrough } = prepared;
    return failure(input, passThroughError(passThrough, NOTHING_STORED), passThrough);
  }

  // The workers count the input and the output while this thread checks.
  const { doc, layout, transform } = prepared;
  report('parseOutput', 0);
  // The output is parsed once, and checked once, for the report, the guarantees and the diff.
  const outputDoc = parseJson(outputText(transform), undefined, (fraction) => report('parseOutput', fraction));
  // How far the workers are with the report's variants; shown once the diff is done and the analysis waits for them.
  let variantsCounted = 0;
  // The checks: the output's ledger, the report's variant transforms, then the guarantee walks.
  const checked = checkOutput(doc, outputDoc, transform.tools.length, (fraction) => report('ledger', fraction), toolLevels ?? level);
  // The report's variants are begun now: the workers count them next, while this thread diffs.
  const lintReport = lintReportFor(
    read,
    prepared,
    {
      tokenizer,
      shareSchemas: input.shareSchemas === true,
      level,
      toolLevels,
      signal: input.signal,
      onVariantsProgress: (fraction) => report('variants', fraction),
      onVariantsCounted: (fraction) => (variantsCounted = fraction),
    },
    input.counter,
    { counts: shrinking.counts, checked, output: outputDoc },
  );
  // Awaited below; a cancellation before then must not leave it unhandled.
  lintReport.catch(() => undefined);
  // checkGuarantees gives checkOutput, done above, the first CHECK_OUTPUT_SHARE of its bar; the rest is its own walks.
  const guarantees = checkGuarantees(doc, outputDoc, checked, (fraction) => report('guarantees', within(fraction, CHECK_OUTPUT_SHARE, 1)));
  checksDone = true;
  if (countedDuringChecks !== undefined) report('count', countedDuringChecks);
  const outcome = await shrinking.finish();
  // From here the original is stored (unless the shrink passed through): a cancellation must say where it is.
  const handle = outcome.result.recovery_handle;
  const cancelledNow = () => (handle ? cancelledAfterStoringError(handle) : cancelledError());

  report('diff', 0);
  if (input.signal?.aborted) throw cancelledNow();
  const pretty = prettyDiff(
    doc,
    outputDoc,
    layout.tools.map((tool) => ({ name: tool.name, original: tool.node })),
    (fraction) => report('diff', fraction),
    checked.deferrals.marked,
  );
  const waiting = setInterval(() => report('reportCounts', variantsCounted), WAIT_REPORT_MS);
  const lint = await lintReport
    .catch((error: unknown) => {
      throw asCavemanError(error).code === 'cave_cancelled' ? cancelledNow() : error;
    })
    .finally(() => clearInterval(waiting));
  report('reportCounts', 1);
  const { output, ...shrinkReport } = outcome.result;
  if (shrinkReport.budget) lint.budget = shrinkReport.budget;
  if (handle) recordModelTokens(input.store, handle, shrinkReport, lint.visible);

  const summary: AnalysisSummary = {
    ok: true,
    analysisId,
    name,
    tokenizer,
    level,
    report: shrinkReport,
    toolCount: lint.tools.length,
    guarantees,
    bytesBefore: bytes.byteLength,
    bytesAfter: output.byteLength,
    catalogKind: transform.kind,
    tokensMinified: lint.tokens_minified,
    visible: lint.visible,
    ...(input.shareSchemas ? { shareSchemas: true } : {}),
  };
  // Writing the report and the diff envelope takes a moment on a large catalog: the last steps of the bar.
  const lintBytes = encoder.encode(JSON.stringify(lint));
  report('writeReport', 1);
  const diff = encodeDiff(pretty, (text) => Buffer.byteLength(text, 'utf8'));
  report('writeDiff', 1);
  // A budget's figures are its plan's, not one level's: the level comparison counts every level itself then.
  return { outcome: summary, lint: lintBytes, original: bytes, output, diff, ...(toolLevels ? {} : { levels: knownLevelFigures(level, lint) }) };
}

/** The failure of `input`, with what the renderer shows of it: whether it was blank, the line at the error's position. */
function failure({ name, bytes, origin }: AnalysisInput, error: CavemanError, passThrough?: AnalysisFailure['passThrough']): AnalysisProduct {
  const blank = isBlank(bytes);
  const excerpt = !blank && error.position ? jsonExcerpt(bytes, error.position) : null;
  const outcome: AnalysisFailure = {
    ok: false,
    name,
    error: error.toValue(),
    ...(passThrough ? { passThrough } : {}),
    ...(origin ? { origin } : {}),
    ...(blank ? { empty: true as const } : {}),
    ...(excerpt ? { excerpt } : {}),
  };
  return { outcome, original: bytes, output: bytes };
}
