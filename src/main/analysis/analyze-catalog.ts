// Everything the app shows about one catalog, computed in one go off the main
// thread: the shrink (committed to the store when it saves tokens, then what
// the model saw of it recorded there too), the per-tool report, the guarantee
// checks and the side-by-side diff.

import { Buffer } from 'node:buffer';
import type { AnalysisFailure, AnalysisSummary, InputOrigin, LintReport } from '../../shared/contracts';
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
import { passThroughError, type CatalogPrepared } from '../library/prepare-catalog';
import { beginShrinkInDetail, type DetailedShrinkOptions, type ShrinkResult, type ShrinkUnderway, type StageFractions } from '../library/shrink';
import { budgetOptionsOf, isBudgetBelowFloor, planInput, type PlannedInput } from '../library/plan-budget';
import { prettyDiff } from '../engine/diff/pretty-diff';
import { CHECK_OUTPUT_SHARE, checkGuarantees, checkOutput, type CheckedOutput, type GuaranteeReport } from '../engine/guarantees/check-guarantees';
import { parseJson } from '../engine/json/parse-json';
import type { JsonDocument } from '../engine/json/json-node';
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
  /** With `budget`: calls per tool name, a tool called more stepped down later (a recorded shrink's, analyzed again). */
  calls?: Readonly<Record<string, number>> | undefined;
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

/** Each step reports its own 0…1; the plan (shared/progress-plan.ts) places it on the bar and names its stage. */
type ReportStep = (step: AnalysisStep, fraction: number) => void;

export async function analyzeCatalog(input: AnalysisInput): Promise<AnalysisProduct> {
  const { name, bytes } = input;
  const level = input.level ?? DEFAULT_LEVEL;
  const onProgress = input.onProgress;
  const report: ReportStep = (step, fraction) => onProgress?.(ANALYSIS_PLAN.stage(step), ANALYSIS_PLAN.at(step, fraction));
  if (bytes.byteLength > MAX_INPUT_BYTES) {
    return failure(input, inputTooLargeError(name, bytes.byteLength));
  }
  const planning = await planBudget(input, level);
  if (!planning.ok) return planning.failed;
  const { planned } = planning;
  const toolLevels = planned?.plan?.toolLevels;
  const counting = countingAfterChecks(report);
  const shrinking = beginShrinkInDetail(bytes, shrinkOptions(input, level, counting.onStage), planned);
  const { prepared } = shrinking;
  if (!prepared.ok) {
    await shrinking.finish();
    const { passThrough } = prepared;
    return failure(input, passThroughError(passThrough, NOTHING_STORED), passThrough);
  }
  const checks = checkAndBeginReport(input, level, toolLevels, shrinking, prepared, report);
  counting.release();
  const outcome = await shrinking.finish();
  // From here the original is stored (unless the shrink passed through): a cancellation must say where it is.
  const handle = outcome.result.recovery_handle;
  const cancelledNow = () => (handle ? cancelledAfterStoringError(handle) : cancelledError());

  report('diff', 0);
  if (input.signal?.aborted) throw cancelledNow();
  const { doc, layout, transform } = prepared;
  const { outputDoc, checked } = checks;
  const tools = layout.tools.map((tool) => ({ name: tool.name, original: tool.node }));
  const pretty = prettyDiff(doc, outputDoc, tools, (fraction) => report('diff', fraction), checked.deferrals.marked);
  const lint = await awaitReport(checks, cancelledNow, report);
  const { output, ...shrinkReport } = outcome.result;
  if (shrinkReport.budget) lint.budget = shrinkReport.budget;
  if (handle) recordModelTokens(input.store, handle, shrinkReport, lint.visible);
  const summary = summaryOf(input, level, { report: shrinkReport, lint, guarantees: checks.guarantees, output, catalogKind: transform.kind });
  // Writing the report and the diff envelope takes a moment on a large catalog: the last steps of the bar.
  const lintBytes = encoder.encode(JSON.stringify(lint));
  report('writeReport', 1);
  const diff = encodeDiff(pretty, (text) => Buffer.byteLength(text, 'utf8'));
  report('writeDiff', 1);
  // A budget's figures are its plan's, not one level's: the level comparison counts every level itself then.
  return { outcome: summary, lint: lintBytes, original: bytes, output, diff, ...(toolLevels ? {} : { levels: knownLevelFigures(level, lint) }) };
}

/** The budget's plan when one is asked for; a budget below the catalog's floor fails, naming the floor (nothing is shrunk or stored). */
async function planBudget(input: AnalysisInput, level: LevelName): Promise<{ ok: true; planned?: PlannedInput } | { ok: false; failed: AnalysisProduct }> {
  if (input.budget === undefined) return { ok: true };
  const { tokenizer, counter, shareSchemas, calls, signal } = input;
  const options = { level, tokenizer, counter, shareSchemas, calls, signal };
  try {
    return { ok: true, planned: await planInput(input.bytes, budgetOptionsOf(options, input.budget)) };
  } catch (error) {
    if (isBudgetBelowFloor(error)) return { ok: false, failed: failure(input, error) };
    throw error;
  }
}

/**
 * The shrink's stages on the bar, but counting runs beside the checks (this thread helps when lint first awaits a
 * count): its share of the bar is held until the checks are done, then shown after theirs.
 */
function countingAfterChecks(report: ReportStep): { onStage: StageFractions; release(): void } {
  let checksDone = false;
  let countedDuringChecks: number | undefined;
  return {
    onStage: (stage, fraction) => {
      if (stage === 'counting' && !checksDone) countedDuringChecks = fraction;
      else report(ANALYSIS_STEP_OF_SHRINK[stage], fraction);
    },
    release: () => {
      checksDone = true;
      if (countedDuringChecks !== undefined) report('count', countedDuringChecks);
    },
  };
}

function shrinkOptions(input: AnalysisInput, level: LevelName, onStage: StageFractions): DetailedShrinkOptions {
  return {
    store: input.store,
    tokenizer: input.tokenizer,
    sourceName: input.name,
    ...(input.shareSchemas ? { shareSchemas: true } : {}),
    level,
    ...(input.budget !== undefined ? { budget: input.budget } : {}),
    ...(input.calls !== undefined ? { calls: input.calls } : {}),
    ...(input.counter ? { counter: input.counter } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
    onStage,
  };
}

interface Checks {
  /** The output parsed once, for the report, the guarantees and the diff. */
  outputDoc: JsonDocument;
  checked: CheckedOutput;
  guarantees: GuaranteeReport;
  /** The per-tool report, its variants being counted by the workers. */
  lintReport: Promise<LintReport>;
  /** How far the workers are with the report's variants. */
  variantsCounted(): number;
}

/**
 * The checks, on this thread while the workers count the input and the output: the output's ledger, the
 * report's variant transforms (begun now, so the workers count them next, while this thread diffs), then the
 * guarantee walks.
 */
function checkAndBeginReport(
  input: AnalysisInput,
  level: LevelName,
  toolLevels: readonly LevelName[] | undefined,
  shrinking: ShrinkUnderway,
  prepared: CatalogPrepared,
  report: ReportStep,
): Checks {
  const { doc, transform } = prepared;
  report('parseOutput', 0);
  const outputDoc = parseJson(outputText(transform), undefined, (fraction) => report('parseOutput', fraction));
  let variantsCounted = 0;
  const checked = checkOutput(doc, outputDoc, transform.tools.length, (fraction) => report('ledger', fraction), toolLevels ?? level);
  const lintReport = lintReportFor(
    shrinking.read,
    prepared,
    {
      tokenizer: input.tokenizer,
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
  // Awaited later; a cancellation before then must not leave it unhandled.
  lintReport.catch(() => undefined);
  // checkGuarantees gives checkOutput, done above, the first CHECK_OUTPUT_SHARE of its bar; the rest is its own walks.
  const guarantees = checkGuarantees(doc, outputDoc, checked, (fraction) => report('guarantees', within(fraction, CHECK_OUTPUT_SHARE, 1)));
  return { outputDoc, checked, guarantees, lintReport, variantsCounted: () => variantsCounted };
}

/** The report, once its variants are counted; the wait shows on the bar, and a cancellation says where the original is. */
async function awaitReport(checks: Checks, cancelledNow: () => CavemanError, report: ReportStep): Promise<LintReport> {
  const waiting = setInterval(() => report('reportCounts', checks.variantsCounted()), WAIT_REPORT_MS);
  const lint = await checks.lintReport
    .catch((error: unknown) => {
      throw asCavemanError(error).code === 'cave_cancelled' ? cancelledNow() : error;
    })
    .finally(() => clearInterval(waiting));
  report('reportCounts', 1);
  return lint;
}

interface SummaryParts {
  report: Omit<ShrinkResult, 'output'>;
  lint: LintReport;
  guarantees: GuaranteeReport;
  output: Uint8Array;
  catalogKind: AnalysisSummary['catalogKind'];
}

function summaryOf(input: AnalysisInput, level: LevelName, { report, lint, guarantees, output, catalogKind }: SummaryParts): AnalysisSummary {
  return {
    ok: true,
    analysisId: input.analysisId,
    name: input.name,
    tokenizer: input.tokenizer,
    level,
    report,
    toolCount: lint.tools.length,
    guarantees,
    bytesBefore: input.bytes.byteLength,
    bytesAfter: output.byteLength,
    catalogKind,
    tokensMinified: lint.tokens_minified,
    visible: lint.visible,
    ...(input.shareSchemas ? { shareSchemas: true } : {}),
  };
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
