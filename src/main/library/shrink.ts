// shrink(): the library entry point of docs/transform.md. Fail-open: whatever goes
// wrong, the caller gets bytes it can send (the original when in doubt), and
// a handle only after the original is durably committed.

import type { BudgetPlanReport, PassThrough, ShrinkReport } from '../../shared/contracts';
import type { CavemanError } from '../../shared/errors';
import { asCavemanError, throwIfAborted } from '../../shared/errors';
import { compressorLabel } from '../../shared/compressor';
import { savingRatio } from '../../shared/ratio';
import { DEFAULT_LEVEL, type LevelName } from '../../shared/levels';
import { DEFAULT_TOKENIZER, type TokenizerName } from '../../shared/tokenizers';
import { SHRINK_PLAN, type ShrinkStage } from '../../shared/progress-plan';
import { sharedBytes, type CountJob, type ParallelTokenCounter } from '../engine/tokens';
import { shrinkScratch, type SharedScratch } from '../engine/memory/shared-scratch';
import { recoveryHandleOfDigest, type PutMeta } from '../store';
import { usageRanks } from '../engine/budget/usage-ranks';
import { prepareCatalog, type PreparedCatalog } from './prepare-catalog';
import { readInput, type CatalogInput, type ReadInput } from './read-catalog-text';
import { sharedCounter } from './shared-counter';
import { beginToolCount, inputToolSpans, outputToolSpans, toolCountsOf, type PendingToolCounts } from './tool-counts';
import { borrowStore, type StoreOption } from './store-option';
import { budgetOptionsOf, budgetReport, planInput, type PlannedInput } from './plan-budget';

export type { ShrinkStage };

export interface ShrinkProgress {
  stage: ShrinkStage;
  /** 0…1 within the whole shrink (SHRINK_PLAN places each stage's own fraction). */
  fraction: number;
}

/** Hears a stage's own 0…1, raw: a plan (shared/progress-plan.ts) places it on a bar. */
export type StageFractions = (stage: ShrinkStage, within: number) => void;

export interface ShrinkOptions {
  /** Where originals are committed: a path, ':memory:', or a caller-owned RecoveryStore. Default: docs/store.md path. */
  store?: StoreOption;
  tokenizer?: TokenizerName;
  /** Shown and searched in history (a file name, "pasted", a server name). */
  sourceName?: string;
  /**
   * Write identical sub-schemas repeated inside one tool once, in that tool's
   * `$defs`, and reference them (docs/transform.md). Off by default: not every client
   * resolves `$ref`. Recorded with the handle (compressor "toolschema+share-schemas").
   */
  shareSchemas?: boolean;
  /** How much stays (docs/levels.md): `facts` by default; with `budget`, the richest level a tool is listed at. */
  level?: LevelName;
  /**
   * Tokens the listing may take as Claude is handed it, the describe tool
   * included (docs/levels.md, "Budgets"): each tool is listed at the richest
   * level at or below `level` that lets the whole listing fit. Throws
   * cave_bad_request when even every tool at `names` does not fit.
   */
  budget?: number;
  /** With `budget`: calls per tool name (a usage snapshot); a tool called more is stepped down later. */
  calls?: Readonly<Record<string, number>>;
  /** The MCP client the shrink is for (a proxy's client, from its initialize): recorded with the shrink, shown in history. */
  clientInfo?: { name: string; version: string };
  counter?: ParallelTokenCounter;
  /**
   * Return the output as a view over shared memory instead of a copy (saves a
   * copy of the output; fine for Node streams and files, but such bytes cannot
   * cross Electron IPC).
   */
  sharedOutput?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: ShrinkProgress) => void;
}

export interface ShrinkResult extends ShrinkReport {
  /** The bytes to send to a model: compact shrunk JSON, or the input unchanged. */
  output: Uint8Array;
}

export interface ShrinkOutcome {
  result: ShrinkResult;
  /** With a budget, when shrunk: each tool's level, in catalog order (without one, every tool is at `options.level`). */
  toolLevels?: readonly LevelName[];
  /** Set when the store could not take the original: the result is then a pass-through. */
  error?: CavemanError;
}

/**
 * Shrinks a catalog. Throws only CavemanError cave_input_too_large (above
 * 32 MiB), cave_cancelled, and cave_bad_request for a budget below the
 * catalog's floor; every other problem is a pass-through result.
 */
export async function shrink(input: CatalogInput, options: ShrinkOptions = {}): Promise<ShrinkOutcome> {
  // Only the counting state is kept: the parsed document and the decoded text
  // are let go as soon as the output exists, so that memory is free again
  // while the tokens are counted and the original is committed.
  const { onProgress, ...rest } = options;
  const onStage: StageFractions | undefined = onProgress && ((stage, within) => onProgress({ stage, fraction: SHRINK_PLAN.at(stage, within) }));
  const planned = options.budget === undefined ? undefined : await planInput(input, budgetOptionsOf(options, options.budget));
  return finishShrink(startShrink(input, { ...rest, ...(onStage ? { onStage } : {}) }, false, planned).counting);
}

/** A shrink's options as its two halves take them: each stage's raw fraction instead of the shrink's own bar. */
export interface DetailedShrinkOptions extends Omit<ShrinkOptions, 'onProgress'> {
  onStage?: StageFractions;
}

/** A shrink whose token counts are under way, for callers that show more (the app). */
export interface ShrinkUnderway {
  read: ReadInput;
  prepared: PreparedCatalog;
  /**
   * The input's and the transform's output's tokens, whether or not it will
   * be handed out, each with every tool's share (from the same count as the
   * totals); absent when the input is not a catalog.
   */
  counts?: PendingToolCounts;
  /** Waits for the counts (this thread helping) and commits the original, or passes through. */
  finish(): Promise<ShrinkOutcome>;
}

/**
 * shrink() in two halves, so the caller can work on this thread while the
 * workers count: this parses, transforms and begins counting the input and
 * the output, each cut at its tools' edges (the input's count therefore
 * starts after the parse, once its tools' places are known).
 */
export function beginShrinkInDetail(input: CatalogInput, options: DetailedShrinkOptions = {}, planned?: PlannedInput): ShrinkUnderway {
  const { counting, read, prepared } = startShrink(input, options, true, planned);
  const { beforeJob, afterJob } = counting;
  const pending = (job: CountJob) => async () => {
    await job.finish();
    return toolCountsOf(job);
  };
  return { read, prepared, ...(afterJob ? { counts: { before: pending(beforeJob), after: pending(afterJob) } } : {}), finish: () => finishShrink(counting) };
}

/** What finishing a shrink needs: no parsed document, no decoded text. */
interface ShrinkCounting {
  options: DetailedShrinkOptions;
  tokenizer: TokenizerName;
  bytes: Uint8Array;
  /** The input as counted, hashed and stored: a copy taken when the shrink began, so a caller changing its bytes meanwhile changes nothing. */
  original: Uint8Array<SharedArrayBuffer>;
  /** Its SHA-256, being taken on a worker (undefined: take it when storing). */
  digest: Promise<string | undefined> | undefined;
  output: Uint8Array | undefined;
  toolCount: number;
  notCatalog: PassThrough | undefined;
  beforeJob: CountJob;
  afterJob: CountJob | undefined;
  progress: ReturnType<typeof progressReporter>;
  /** Where `original` (when a copy) and the output's memory came from, to be given back once shrunk (shrink() only). */
  scratch: SharedScratch | undefined;
  /** The budget's plan, for the report. */
  budget: BudgetPlanReport | undefined;
  /** The budget's plan: each tool's level. */
  toolLevels: readonly LevelName[] | undefined;
}

function startShrink(
  input: CatalogInput,
  options: DetailedShrinkOptions,
  perTool: boolean,
  planned?: PlannedInput,
): { counting: ShrinkCounting; read: ReadInput; prepared: PreparedCatalog } {
  const tokenizer = options.tokenizer ?? DEFAULT_TOKENIZER;
  const counter = options.counter ?? sharedCounter();
  const read = planned?.read ?? readInput(input);
  const bytes = read.bytes;
  const progress = progressReporter(options.onStage);
  // shrink() reuses its large buffers from one call to the next (fresh memory
  // costs a page fault per page); the app's detailed shrink keeps its output.
  const scratch = perTool ? undefined : shrinkScratch;
  const allocateShared = scratch && ((byteLength: number) => scratch.take(byteLength));

  // Count the input on the workers while this thread parses and transforms,
  // and the output as it is written (workers only, so this thread never
  // waits); a worker also takes the input's hash for its handle. They read
  // one copy of the input in shared memory, which is also what is stored.
  const original = sharedBytes(bytes, allocateShared);
  const countOptions = { signal: options.signal, onProgress: (done: number, total: number) => progress('counting', done / total) };
  const earlyJob = perTool ? undefined : counter.begin(original, tokenizer, countOptions);
  const digest = counter.sha256(original);
  const growing = perTool || options.shareSchemas ? undefined : counter.beginGrowing(tokenizer, { signal: options.signal });
  let prepared: PreparedCatalog;
  let beforeJob: CountJob;
  let afterJob: CountJob | undefined;
  try {
    progress('transforming', 0);
    prepared = prepareCatalog(read, {
      sharedOutput: true,
      ...(allocateShared ? { allocateShared } : {}),
      shareSchemas: options.shareSchemas ?? false,
      ...(options.level !== undefined ? { level: options.level } : {}),
      ...(planned ? { parsed: planned.parsed } : {}),
      ...(planned?.plan ? { toolLevels: planned.plan.toolLevels } : {}),
      onProgress: (fraction) => progress('transforming', fraction),
      ...(growing ? { onOutput: (written: Uint8Array) => growing.grew(written) } : {}),
    });
    throwIfAborted(options.signal);
    const transform = prepared.ok ? prepared.transform : undefined;
    if (perTool && transform) {
      beforeJob = beginToolCount(counter, original, inputToolSpans(read, transform), tokenizer, countOptions);
      afterJob = beginToolCount(counter, transform.output, outputToolSpans(transform), tokenizer, { signal: options.signal });
    } else {
      beforeJob = earlyJob ?? counter.begin(original, tokenizer, countOptions);
      afterJob = transform ? (growing?.end(transform.output) ?? counter.begin(transform.output, tokenizer, { signal: options.signal })) : undefined;
    }
  } finally {
    // Workers may be waiting for the output's next chunk: never leave them waiting.
    growing?.cancel();
  }
  const transform = prepared.ok ? prepared.transform : undefined;
  const output = transform?.output;
  const notCatalog = prepared.ok ? undefined : prepared.passThrough;
  const counting = {
    options,
    tokenizer,
    bytes,
    original,
    digest,
    output,
    toolCount: transform ? transform.tools.length : 0,
    notCatalog,
    beforeJob,
    afterJob,
    progress,
    scratch,
    budget: planned?.plan && options.budget !== undefined ? budgetReport(options.budget, planned.plan) : undefined,
    toolLevels: planned?.plan?.toolLevels,
  };
  return { counting, read, prepared };
}

async function finishShrink(counting: ShrinkCounting): Promise<ShrinkOutcome> {
  const { options, tokenizer, bytes, original, digest, output, toolCount, notCatalog, beforeJob, afterJob, progress, scratch, budget, toolLevels } = counting;
  // The workers count while this thread parses and transforms; then this
  // thread helps them (a vocabulary costs ~5 MB per thread). A job too small
  // for workers, or a counter without them, is counted here.
  const tokensBefore = await beforeJob.finish({ help: true });
  const tokensAfter = afterJob ? await afterJob.finish({ help: true }) : tokensBefore;
  throwIfAborted(options.signal);

  const passThrough = (why: PassThrough, error?: CavemanError): ShrinkOutcome => ({
    result: { ...report(tokenizer, tokensBefore, tokensBefore, options.level), pass_through: why, ...(error ? { error: error.toValue() } : {}), output: bytes },
    ...(error ? { error } : {}),
  });

  if (notCatalog) return passThrough(notCatalog);
  if (tokensAfter >= tokensBefore) {
    return passThrough({ reason: 'no_saving', message: `the shrunk catalog is not smaller (${tokensAfter} ≥ ${tokensBefore} tokens)` });
  }

  progress('storing', 0);
  const hexDigest = await digest;
  // A cancel sent while this thread was busy (transforming, checking) may be a message not read yet: let the event
  // loop read it before committing (two hops: a whole turn, its poll phase included, whichever phase this is in).
  if (options.signal) for (let hop = 0; hop < 2; hop++) await new Promise((resolve) => setImmediate(resolve));
  throwIfAborted(options.signal);
  let handle: string;
  try {
    const borrowed = borrowStore(options.store);
    try {
      handle = borrowed.store.put(
        original,
        {
          tokensBefore,
          tokensAfter,
          tokenizer,
          toolCount,
          ...recordedWith(options),
          ...(options.sourceName !== undefined ? { sourceName: options.sourceName } : {}),
          ...(options.clientInfo !== undefined ? { clientInfo: options.clientInfo } : {}),
        },
        hexDigest === undefined ? undefined : recoveryHandleOfDigest(hexDigest),
      ).handle;
    } finally {
      borrowed.release();
    }
  } catch (thrown) {
    const error = asCavemanError(thrown);
    return passThrough({ reason: 'store_error', message: error.message }, error);
  }
  progress('storing', 1);
  const handedOut = options.sharedOutput ? output! : output!.slice();
  if (scratch) {
    // Counted, hashed, stored and copied out: nothing reads these buffers again.
    if (original.buffer !== bytes.buffer) scratch.give(original.buffer);
    if (handedOut.buffer !== output!.buffer && output!.buffer instanceof SharedArrayBuffer) scratch.give(output!.buffer);
  }
  return {
    result: { ...report(tokenizer, tokensBefore, tokensAfter, options.level), ...(budget ? { budget } : {}), recovery_handle: handle, output: handedOut },
    ...(toolLevels ? { toolLevels } : {}),
  };
}

/**
 * How the store records the shrink's options: its compressor label, share_schemas and level in its metadata (defaults
 * left out), and with a budget the calls its plan stepped by, as ranks (the same plan; usage-ranks.ts).
 */
function recordedWith(options: DetailedShrinkOptions): Pick<PutMeta, 'compressor' | 'shareSchemas' | 'level' | 'calls'> {
  const shareSchemas = options.shareSchemas === true;
  const level = options.level ?? DEFAULT_LEVEL;
  const { budget } = options;
  if (!shareSchemas && level === DEFAULT_LEVEL && budget === undefined) return {};
  const calls = budget !== undefined && options.calls !== undefined ? usageRanks(options.calls) : {};
  return {
    compressor: compressorLabel({ shareSchemas, level, ...(budget !== undefined ? { budget } : {}) }),
    ...(shareSchemas ? { shareSchemas: true } : {}),
    ...(level !== DEFAULT_LEVEL ? { level } : {}),
    ...(Object.keys(calls).length > 0 ? { calls } : {}),
  };
}

/** `level` is named only when it is not the default, so a default shrink's report is the reference's. */
function report(tokenizer: TokenizerName, tokensBefore: number, tokensAfter: number, level: LevelName | undefined): ShrinkReport {
  return {
    tokens_before: tokensBefore,
    tokens_after: tokensAfter,
    ratio: savingRatio(tokensBefore, tokensAfter),
    basis: 'inferred',
    content_type: 'toolschema',
    tokenizer,
    ...(level !== undefined && level !== DEFAULT_LEVEL ? { level } : {}),
  };
}

/** Each stage's own fraction, clamped to 0…1. */
function progressReporter(onStage: StageFractions | undefined): StageFractions {
  return (stage, within) => onStage?.(stage, Math.min(1, Math.max(0, within)));
}
