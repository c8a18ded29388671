// lint(): the per-tool token report of SPEC §2.7. It measures only and never
// writes to the store. Totals equal what shrink() reports for the same bytes.

import type { FactTally, LintReport, ToolTokens } from '../../shared/contracts';
import { savingRatio, signedRatio } from '../../shared/ratio';
import { DEFAULT_TOKENIZER, type TokenizerName } from '../../shared/tokenizers';
import { expandSharedSchemas } from '../engine/guarantees/expand-shared';
import { factLedger, type FactLedger } from '../engine/guarantees/facts-kept';
import { NO_PROGRESS, parts, span } from '../engine/tool-progress';
import type { JsonDocument } from '../engine/json/json-node';
import { parseJson } from '../engine/json/parse-json';
import { attributionEnds, attributionOf, type CountText, type ParallelTokenCounter } from '../engine/tokens';
import { outputText, transformCatalog, type TransformResult } from '../engine/transform/transform-catalog';
import { describeToolPrice } from '../mcp/describe-tool';
import { passThroughError, prepareCatalog } from './prepare-catalog';
import { readInput, type CatalogInput } from './read-catalog-text';
import { sharedCounter } from './shared-counter';

export interface LintOptions {
  tokenizer?: TokenizerName;
  /** Measure the shrink with shared sub-schemas (SPEC §2.3a; off by default). */
  shareSchemas?: boolean;
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
  const read = readInput(input);
  const shareSchemas = options.shareSchemas ?? false;
  const prepared = prepareCatalog(read, { sharedOutput: true, shareSchemas });
  if (!prepared.ok) throw passThroughError(prepared.passThrough);
  const hadBom = read.decoded.ok && read.decoded.hadBom;
  const report = await lintReportFor(prepared.doc, prepared.transform, { tokenizer, hadBom, shareSchemas, signal: options.signal, onProgress: options.onProgress }, counter);
  // What the proxy's describe tool would add, next to the saving (nothing is added to a catalog that passes through).
  if (report.total.tokens_after < report.total.tokens_before) report.describe_tool = describeToolPrice(prepared.doc, prepared.transform, tokenizer);
  return report;
}

/** Redundant and dropped facts listed in the report, at most. */
const LISTED = 100;

export interface LintTotals {
  tokenizer: TokenizerName;
  /** The transform was made with shared sub-schemas. */
  shareSchemas?: boolean;
  /** The input began with a BOM (it counts as part of the input's tokens, as shrink counts them). */
  hadBom?: boolean;
  signal?: AbortSignal | undefined;
  onProgress?: ((fraction: number) => void) | undefined;
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
export async function lintReportFor(doc: JsonDocument, transform: TransformResult, totals: LintTotals, counter: ParallelTokenCounter = sharedCounter()): Promise<LintReport> {
  const { tokenizer, signal } = totals;
  const count = (text: CountText, spans: (readonly [number, number])[]) => {
    const job = counter.begin(text, tokenizer, { ends: attributionEnds(text, spans), ...(signal ? { signal } : {}) });
    return async () => {
      await job.finish();
      const chunks = job.chunkCounts();
      return { parts: attributionOf(chunks).parts, total: chunks.reduce((a, b) => a + b, 0) };
    };
  };
  const outputSpans = (result: TransformResult) => result.tools.map((t) => [t.outputStart, t.outputEnd] as const);
  // The input as shrink counts it: a BOM belongs to the input's tokens (and to its envelope).
  const bom = totals.hadBom ? '\ufeff' : '';
  const source = count(bom + doc.text, transform.tools.map((t) => [t.sourceStart + bom.length, t.sourceEnd + bom.length] as const));
  const output = count(transform.output, outputSpans(transform));
  const share = totals.shareSchemas ?? false;
  // The facts ledger is built on this thread while the workers count (the first quarter of the progress, per tool).
  const [expanding, ledger] = parts(span(totals.onProgress ?? NO_PROGRESS, 0, 0.25), 2);
  const outputFacts = factLedger(doc, expandSharedSchemas(doc, parseJson(outputText(transform)), expanding).doc, transform.tools.length, ledger);
  const before = await source();
  totals.onProgress?.(0.25);
  const after = await output();
  totals.onProgress?.(0.5);
  const passesThrough = after.total >= before.total;

  // Minified: the input as compact JSON, nothing else changed (also the base of "beyond minification").
  const minifiedJob = count(...variant(transformCatalog(doc, { dropAnnotations: false, reduceDescriptions: false, exactStructure: false, sharedOutput: true })!));
  let withoutMetadata = before.parts;
  let withStructure = before.parts;
  if (!passesThrough) {
    const metadataJob = count(...variant(transformCatalog(doc, { reduceDescriptions: false, exactStructure: false, sharedOutput: true })!));
    // Structure changed nothing (the usual case): no need to count it.
    const structureChanged = transform.structureDrops > 0 || transform.sharedDefinitions > 0;
    const structureJob = structureChanged ? count(...variant(transformCatalog(doc, { reduceDescriptions: false, shareSchemas: share, sharedOutput: true })!)) : undefined;
    withoutMetadata = (await metadataJob()).parts;
    totals.onProgress?.(0.75);
    withStructure = structureJob ? (await structureJob()).parts : withoutMetadata;
  }
  const minified = await minifiedJob();
  const compact = passesThrough ? before.parts : minified.parts;
  // What reaches a model is the output, or on a pass-through the input itself.
  const facts = passesThrough ? factLedger(doc, doc, transform.tools.length) : outputFacts;
  totals.onProgress?.(1);
  const afterParts = passesThrough ? before.parts : after.parts;
  const totalBefore = before.total;
  const totalAfter = passesThrough ? before.total : after.total;

  function variant(result: TransformResult): [CountText, (readonly [number, number])[]] {
    return [result.output, outputSpans(result)];
  }

  const tools: ToolTokens[] = transform.tools.map((span, i) => ({
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
  }));
  const sum = (key: 'tokens_before' | 'tokens_after') => tools.reduce((s, t) => s + t[key], 0);
  const ratio = savingRatio(totalBefore, totalAfter);
  const beyondMinification = savingRatio(minified.total, totalAfter);
  const totalFacts = tools.reduce<FactTally>((sum, tool) => addTally(sum, tool.facts), { found: 0, kept: 0, redundant: 0, dropped: 0 });
  return {
    basis: 'inferred',
    content_type: 'toolschema',
    tokenizer,
    catalog_kind: transform.kind,
    share_schemas: share,
    tokens_before: totalBefore,
    tokens_after: totalAfter,
    ratio,
    tokens_minified: minified.total,
    beyond_minification: beyondMinification,
    tools,
    envelope: { tokens_before: totalBefore - sum('tokens_before'), tokens_after: totalAfter - sum('tokens_after') },
    total: { tokens_before: totalBefore, tokens_after: totalAfter, ratio, tokens_minified: minified.total, beyond_minification: beyondMinification },
    facts: {
      ...totalFacts,
      leads: { ...facts.leads },
      by_category: facts.byCategory,
      redundant_facts: facts.redundant.slice(0, LISTED).map(({ tool, location, sentence, keyword }) => ({ tool, location, sentence, keyword })),
      dropped_facts: facts.dropped.slice(0, LISTED).map(({ tool, location, sentence }) => ({ tool, location, sentence })),
    },
  };
}

function factTally(counts: FactLedger['tools'][number] | undefined): FactTally {
  return counts ? { found: counts.found, kept: counts.kept, redundant: counts.redundant, dropped: counts.dropped } : { found: 0, kept: 0, redundant: 0, dropped: 0 };
}

function addTally(a: FactTally, b: FactTally): FactTally {
  return { found: a.found + b.found, kept: a.kept + b.kept, redundant: a.redundant + b.redundant, dropped: a.dropped + b.dropped };
}

