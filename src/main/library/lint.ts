// lint(): the per-tool token report of docs/cli.md. It measures only and never
// writes to the store. Totals equal what shrink() reports for the same bytes.

import { Buffer } from 'node:buffer';
import type { FactTally, LintReport, TokenTriple, ToolTokens } from '../../shared/contracts';
import { savingRatio, signedRatio } from '../../shared/ratio';
import { DEFAULT_LEVEL, type LevelName } from '../../shared/levels';
import { DEFAULT_TOKENIZER, type TokenizerName } from '../../shared/tokenizers';
import { checkOutput, type CheckedOutput } from '../engine/guarantees/check-guarantees';
import { factLedger, type FactLedger } from '../engine/guarantees/facts-kept';
import { NO_PROGRESS, parts, span, type Progress } from '../engine/tool-progress';
import { parseJson } from '../engine/json/parse-json';
import type { ParallelTokenCounter } from '../engine/tokens';
import { outputText, transformCatalog, type TransformResult } from '../engine/transform/transform-catalog';
import { readCatalog } from '../engine/transform/catalog-shape';
import type { JsonDocument } from '../engine/json/json-node';
import { describeToolDefinition, describeToolPrice } from './describe';
import { passThroughError, prepareCatalog, type CatalogPrepared } from './prepare-catalog';
import { readInput, type CatalogInput, type ReadInput } from './read-catalog-text';
import { sharedCounter } from './shared-counter';
import { budgetOptionsOf, budgetReport, planInput } from './plan-budget';
import { RENDERINGS } from '../engine/visible/rendering';
import { beginVisibleCounts, sideOfBytes, visibleFigures, type VisibleCounting, type VisibleFigures } from './visible-counts';
import {
  beginToolCount,
  inputToolSpans,
  outputToolSpans,
  toolCountsOf,
  type PendingToolCounts,
  type ToolCounts,
  type ToolCountsPending,
  type ToolSpans,
} from './tool-counts';

export interface LintOptions {
  tokenizer?: TokenizerName;
  /** Measure the shrink with shared sub-schemas (docs/transform.md; off by default). */
  shareSchemas?: boolean;
  /** Measure the shrink at this level (docs/levels.md): `facts` by default; with `budget`, the richest level a tool is listed at. */
  level?: LevelName;
  /** Measure the shrink a budget plans (ShrinkOptions.budget): each tool's level is in the report. Throws cave_bad_request below the catalog's floor. */
  budget?: number;
  /** With `budget`: calls per tool name; a tool called more is stepped down later. */
  calls?: Readonly<Record<string, number>>;
  counter?: ParallelTokenCounter;
  signal?: AbortSignal;
  /** 0…1 as tools are measured. */
  onProgress?: (fraction: number) => void;
}

/**
 * Measures a catalog tool by tool. Throws CavemanError when the input is not
 * a catalog: cave_input_too_large, cave_invalid_utf8, cave_invalid_json
 * (message with line and column), cave_too_deep, cave_not_catalog.
 */
export async function lint(input: CatalogInput, options: LintOptions = {}): Promise<LintReport> {
  const tokenizer = options.tokenizer ?? DEFAULT_TOKENIZER;
  const counter = options.counter ?? sharedCounter();
  const shareSchemas = options.shareSchemas ?? false;
  const level = options.level ?? DEFAULT_LEVEL;
  const planned = options.budget === undefined ? undefined : await planInput(input, budgetOptionsOf({ ...options, counter }, options.budget));
  const read = planned?.read ?? readInput(input);
  const toolLevels = planned?.plan?.toolLevels;
  const prepared = prepareCatalog(read, {
    sharedOutput: true,
    shareSchemas,
    level,
    ...(planned ? { parsed: planned.parsed } : {}),
    ...(toolLevels ? { toolLevels } : {}),
  });
  if (!prepared.ok) throw passThroughError(prepared.passThrough);
  const totals = { tokenizer, shareSchemas, level, signal: options.signal, onProgress: options.onProgress, describeTool: true, toolLevels };
  const report = await lintReportFor(read, prepared, totals, counter);
  if (planned?.plan && options.budget !== undefined) report.budget = budgetReport(options.budget, planned.plan);
  return report;
}

/** Redundant and dropped facts listed in the report, at most. */
const LISTED = 100;

export interface LintTotals {
  tokenizer: TokenizerName;
  /** The transform was made with shared sub-schemas. */
  shareSchemas?: boolean;
  /** The level the transform was made at (`facts` when not given): what the facts ledger may count as deferred. */
  level?: LevelName | undefined;
  /** Each tool's level, when a budget's plan made the transform: the report names each tool's. */
  toolLevels?: readonly LevelName[] | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((fraction: number) => void) | undefined;
  /** Hears the variant transforms, which run before lintReportFor first awaits (about a second at 32 MiB). */
  onVariantsProgress?: Progress | undefined;
  /** Hears the workers counting the variants (a caller that awaits the report late can show that wait). */
  onVariantsCounted?: Progress | undefined;
  /** Add what the proxy's describe tool would cost beside the saving (lint's report; nothing is added to a catalog that passes through). */
  describeTool?: boolean | undefined;
}

/** What a caller that shrank and checked the catalog already knows, so it is not computed again. */
export interface KnownFigures {
  /** The input's and the output's tokens with each tool's share, as a shrink under way counts them. */
  counts?: PendingToolCounts | undefined;
  /** The output checked against the input, with one ledger row per tool (checkOutput). */
  checked?: CheckedOutput | undefined;
  /** The output parsed (what is rendered as the model sees it). */
  output?: JsonDocument | undefined;
}

/**
 * Builds the report from an already transformed document. Each tool's counts
 * are its exact share of the whole text's tokens, so tools + envelope equal
 * the totals. The input, the output, and the partial transforms that
 * attribute a saving to whitespace, metadata, structure and prose are counted
 * on the worker threads at once; the minified input (whitespace only) is also
 * what "saved beyond minification" is measured against. A catalog whose
 * output is not smaller passes through in shrink, so then every "after"
 * equals its "before" (and no fact is touched).
 */
export async function lintReportFor(
  read: ReadInput,
  prepared: CatalogPrepared,
  totals: LintTotals,
  counter: ParallelTokenCounter = sharedCounter(),
  known: KnownFigures = {},
): Promise<LintReport> {
  const { tokenizer, signal } = totals;
  const { doc, transform } = prepared;
  const count = countOnce(counter, tokenizer, signal);
  // The input as shrink counts it: its bytes, a BOM included (it belongs to the envelope).
  const source = count(read.bytes, inputToolSpans(read, transform), known.counts?.before);
  const output = count(transform.output, outputToolSpans(transform), known.counts?.after);
  // Every count is begun before anything is awaited, so the workers count
  // them while this thread (or the caller, which need not await at once) works on.
  const variants = beginVariants(prepared, totals, count);
  // What the model sees of the input and of the output (docs/transform.md), counted beside the rest.
  const visibleBefore = beginVisibleCounts(
    { doc, layout: prepared.layout, asciiBytes: read.decoded.ok ? read.decoded.asciiBytes : undefined },
    counter,
    tokenizer,
    signal,
  );
  const outputDoc = known.output ?? parseJson(outputText(transform));
  const visibleAfter = beginVisibleCounts(sideOfBytes(outputDoc, readCatalog(outputDoc)!, transform.output), counter, tokenizer, signal, visibleBefore);
  // The facts ledger is built on this thread while the workers count (the first quarter of the progress, per tool).
  const checking = span(totals.onProgress ?? NO_PROGRESS, 0, 0.25);
  const level = totals.level ?? DEFAULT_LEVEL;
  const outputFacts = (known.checked ?? checkOutput(doc, outputDoc, transform.tools.length, checking, totals.toolLevels ?? level)).ledger;
  const figures = await settleCounts(source, output, variants, { before: visibleBefore, after: visibleAfter }, totals.onProgress);
  // What reaches a model is the output, or on a pass-through the input itself.
  const facts = figures.passesThrough ? factLedger(doc, doc, transform.tools.length) : outputFacts;
  totals.onProgress?.(1);
  const report = assembleReport(prepared, totals, figures, facts);
  // The output as parsed for its renderings: its descriptions tell which tools were shortened.
  if (totals.describeTool && report.tokens_after < report.tokens_before) {
    const price = describeToolPrice(doc, transform, tokenizer, outputDoc);
    if (price.tokens > 0) {
      const { anthropic, openai } = await describeToolShares(price.name, tokenizer, counter, signal);
      price.visible = { anthropic, openai };
    }
    report.describe_tool = price;
  }
  return report;
}

/** One text being counted on the workers (or already known). */
interface Counting {
  text: Uint8Array;
  spans: ToolSpans;
  result: () => Promise<ToolCounts>;
  cancel: () => void;
}

type CountText = (text: Uint8Array, spans: ToolSpans, known?: ToolCountsPending, progress?: Progress) => Counting;

/**
 * Begins counting texts, each once: a variant byte for byte equal to a text already
 * counted (nothing to trim, nothing to minify) takes that text's counts.
 */
function countOnce(counter: ParallelTokenCounter, tokenizer: TokenizerName, signal: AbortSignal | undefined): CountText {
  const counted: Counting[] = [];
  return (text, spans, known, progress) => {
    const same = counted.find((c) => sameText(c.text, text) && sameSpans(c.spans, spans));
    if (same) return same;
    let counting: Counting;
    if (known) counting = { text, spans, result: known, cancel: () => undefined };
    else {
      const job = beginToolCount(counter, text, spans, tokenizer, {
        ...(signal ? { signal } : {}),
        ...(progress ? { onProgress: (done: number, total: number) => progress(done / total) } : {}),
      });
      const result = async () => {
        await job.finish();
        return toolCountsOf(job);
      };
      counting = { text, spans, result, cancel: () => job.cancel() };
    }
    counted.push(counting);
    return counting;
  };
}

/** The partial transforms a saving is attributed by, being counted. */
interface VariantCounts {
  /** The input as compact JSON, nothing else changed (also the base of "beyond minification"). */
  minified: Counting;
  /** Minified with the metadata trimmed. */
  metadata: Counting;
  /** Trimmed with the structure changed too; absent when structure changed nothing (the usual case). */
  structure: Counting | undefined;
}

function beginVariants({ doc, transform }: CatalogPrepared, totals: LintTotals, count: CountText): VariantCounts {
  const share = totals.shareSchemas ?? false;
  const structureChanged = transform.structureDrops > 0 || transform.sharedDefinitions > 0;
  const variants = structureChanged ? 3 : 2;
  const [minifying = NO_PROGRESS, trimming = NO_PROGRESS, restructuring = NO_PROGRESS] = parts(totals.onVariantsProgress ?? NO_PROGRESS, variants);
  const [minifiedCounted, trimmedCounted, restructuredCounted] = totals.onVariantsCounted ? parts(totals.onVariantsCounted, variants) : [];
  const variant = (result: TransformResult): [Uint8Array, ToolSpans] => [result.output, outputToolSpans(result)];
  const minified = count(
    ...variant(transformCatalog(doc, { dropAnnotations: false, reduceDescriptions: false, exactStructure: false, sharedOutput: true, onProgress: minifying })!),
    undefined,
    minifiedCounted,
  );
  const metadata = count(
    ...variant(transformCatalog(doc, { reduceDescriptions: false, exactStructure: false, sharedOutput: true, onProgress: trimming })!),
    undefined,
    trimmedCounted,
  );
  const structure = structureChanged
    ? count(
        ...variant(transformCatalog(doc, { reduceDescriptions: false, shareSchemas: share, sharedOutput: true, onProgress: restructuring })!),
        undefined,
        restructuredCounted,
      )
    : undefined;
  return { minified, metadata, structure };
}

/** Every count, awaited: per tool after each step of the shrink, and the totals. */
interface CountedFigures {
  before: ToolCounts;
  /** The output's, or the input's when the catalog passes through. */
  after: ToolCounts;
  minified: ToolCounts;
  /** Per tool: minified, then without metadata, then with the structure changed too. */
  compact: readonly number[];
  withoutMetadata: readonly number[];
  withStructure: readonly number[];
  passesThrough: boolean;
  visible: VisibleFigures;
}

/** Awaits the counts in the order the progress reports them; a pass-through cancels what it need not attribute. */
async function settleCounts(
  source: Counting,
  output: Counting,
  variants: VariantCounts,
  visible: { before: VisibleCounting; after: VisibleCounting },
  onProgress: LintTotals['onProgress'],
): Promise<CountedFigures> {
  const before = await source.result();
  onProgress?.(0.25);
  const after = await output.result();
  onProgress?.(0.5);
  const passesThrough = after.total >= before.total;
  let withoutMetadata = before.parts;
  let withStructure = before.parts;
  if (!passesThrough) {
    withoutMetadata = (await variants.metadata.result()).parts;
    onProgress?.(0.75);
    withStructure = variants.structure ? (await variants.structure.result()).parts : withoutMetadata;
  } else {
    // A pass-through saves nothing to attribute.
    for (const unused of [variants.metadata, variants.structure]) if (unused !== variants.minified) unused?.cancel();
    for (const name of RENDERINGS) if (visible.after[name] !== visible.before[name]) visible.after[name].cancel();
  }
  const minified = await variants.minified.result();
  const seen = await visibleFigures(visible.before, passesThrough ? visible.before : visible.after);
  return {
    before,
    after: passesThrough ? before : after,
    minified,
    compact: passesThrough ? before.parts : minified.parts,
    withoutMetadata,
    withStructure,
    passesThrough,
    visible: seen,
  };
}

/** Each tool's counts and the saving by kind (whitespace, metadata, structure, prose), its facts and what the model sees. */
function toolTokensOf(transform: CatalogPrepared['transform'], figures: CountedFigures, facts: FactLedger, toolLevels: LintTotals['toolLevels']): ToolTokens[] {
  const { before, compact, withoutMetadata, withStructure, visible } = figures;
  const afterParts = figures.after.parts;
  return transform.tools.map((span, i) => ({
    name: span.name,
    tokens_before: before.parts[i]!,
    tokens_after: afterParts[i]!,
    ratio: signedRatio(before.parts[i]!, afterParts[i]!),
    saving: {
      whitespace: before.parts[i]! - compact[i]!,
      metadata: compact[i]! - withoutMetadata[i]!,
      structure: withoutMetadata[i]! - withStructure[i]!,
      prose: withStructure[i]! - afterParts[i]!,
    },
    facts: factTally(facts.tools[i]),
    visible: visible.tools[i]!,
    ...(toolLevels ? { level: toolLevels[i]! } : {}),
  }));
}

/** The report: the tools, the envelope (what lies outside them), the totals and the facts. */
function assembleReport({ transform }: CatalogPrepared, totals: LintTotals, figures: CountedFigures, facts: FactLedger): LintReport {
  const tools = toolTokensOf(transform, figures, facts, totals.toolLevels);
  const totalBefore = figures.before.total;
  const totalAfter = figures.after.total;
  const minifiedTotal = figures.minified.total;
  const sum = (key: 'tokens_before' | 'tokens_after') => tools.reduce((s, t) => s + t[key], 0);
  const ratio = savingRatio(totalBefore, totalAfter);
  const beyondMinification = savingRatio(minifiedTotal, totalAfter);
  const totalFacts = tools.reduce<FactTally>((sum, tool) => addTally(sum, tool.facts), { found: 0, kept: 0, redundant: 0, deferred: 0, dropped: 0 });
  return {
    basis: 'inferred',
    content_type: 'toolschema',
    tokenizer: totals.tokenizer,
    catalog_kind: transform.kind,
    share_schemas: totals.shareSchemas ?? false,
    level: totals.level ?? DEFAULT_LEVEL,
    tokens_before: totalBefore,
    tokens_after: totalAfter,
    ratio,
    tokens_minified: minifiedTotal,
    beyond_minification: beyondMinification,
    tools,
    envelope: { tokens_before: totalBefore - sum('tokens_before'), tokens_after: totalAfter - sum('tokens_after'), visible: figures.visible.envelope },
    total: { tokens_before: totalBefore, tokens_after: totalAfter, ratio, tokens_minified: minifiedTotal, beyond_minification: beyondMinification },
    visible: figures.visible.total,
    facts: {
      ...totalFacts,
      leads: { ...facts.leads },
      tool_descriptions: { ...facts.toolDescriptions },
      by_category: facts.byCategory,
      redundant_facts: facts.redundant.slice(0, LISTED).map(({ tool, location, sentence, keyword }) => ({ tool, location, sentence, keyword })),
      dropped_facts: facts.dropped.slice(0, LISTED).map(({ tool, location, sentence }) => ({ tool, location, sentence })),
    },
  };
}

/** The describe tool's share of a listing that holds it, as JSON and in each rendering (what it adds, up to the envelope's join). */
export async function describeToolShares(name: string, tokenizer: TokenizerName, counter: ParallelTokenCounter, signal?: AbortSignal): Promise<TokenTriple> {
  const read = readInput(JSON.stringify({ tools: [describeToolDefinition(name)] }));
  // Measured as listed: the proxy never shrinks its own tool.
  const prepared = prepareCatalog(read, { sharedOutput: true });
  if (!prepared.ok) throw passThroughError(prepared.passThrough);
  const [tool] = (await lintReportFor(read, prepared, { tokenizer, signal }, counter)).tools;
  return { json: tool!.tokens_before, anthropic: tool!.visible.anthropic.tokens_before, openai: tool!.visible.openai.tokens_before };
}

function sameText(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

function sameSpans(a: ToolSpans, b: ToolSpans): boolean {
  return a.length === b.length && a.every(([start, end], i) => start === b[i]![0] && end === b[i]![1]);
}

function factTally(counts: FactLedger['tools'][number] | undefined): FactTally {
  return counts
    ? { found: counts.found, kept: counts.kept, redundant: counts.redundant, deferred: counts.deferred, dropped: counts.dropped }
    : { found: 0, kept: 0, redundant: 0, deferred: 0, dropped: 0 };
}

function addTally(a: FactTally, b: FactTally): FactTally {
  return {
    found: a.found + b.found,
    kept: a.kept + b.kept,
    redundant: a.redundant + b.redundant,
    deferred: (a.deferred ?? 0) + (b.deferred ?? 0),
    dropped: a.dropped + b.dropped,
  };
}
