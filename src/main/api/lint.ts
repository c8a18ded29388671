// lint(): the per-tool token report of SPEC §2.7. It measures only and never
// writes to the store. Totals equal what shrink() reports for the same bytes.

import type { LintReport, ToolTokens } from '../../shared/contracts';
import { savingRatio, signedRatio } from '../../shared/ratio';
import { DEFAULT_TOKENIZER, type TokenizerName } from '../../shared/tokenizers';
import type { JsonDocument } from '../engine/json/json-node';
import { attributionEnds, attributionOf, type CountText, type ParallelTokenCounter } from '../engine/tokens';
import { transformCatalog, type TransformResult } from '../engine/transform/transform-catalog';
import { describeToolPrice } from '../mcp/describe-tool';
import { passThroughError, prepareCatalog } from './prepare-catalog';
import { readInput, type CatalogInput } from './read-catalog-text';
import { sharedCounter } from './shared-counter';

export interface LintOptions {
  tokenizer?: TokenizerName;
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
  const prepared = prepareCatalog(read, { sharedOutput: true });
  if (!prepared.ok) throw passThroughError(prepared.passThrough);
  const hadBom = read.decoded.ok && read.decoded.hadBom;
  const report = await lintReportFor(prepared.doc, prepared.transform, { tokenizer, hadBom, signal: options.signal, onProgress: options.onProgress }, counter);
  // What the proxy's describe tool would add, next to the saving (nothing is added to a catalog that passes through).
  if (report.total.tokens_after < report.total.tokens_before) report.describe_tool = describeToolPrice(prepared.doc, prepared.transform, tokenizer);
  return report;
}

export interface LintTotals {
  tokenizer: TokenizerName;
  /** The input began with a BOM (it counts as part of the input's tokens, as shrink counts them). */
  hadBom?: boolean;
  signal?: AbortSignal | undefined;
  onProgress?: ((fraction: number) => void) | undefined;
}

/**
 * Builds the report from an already transformed document. Each tool's counts
 * are its exact share of the whole text's tokens, so tools + envelope equal
 * the totals. The four texts (the input, the output, and the two partial
 * transforms that attribute a saving to whitespace, metadata and prose) are
 * counted on the worker threads at once. A catalog whose output is not
 * smaller passes through in shrink, so then every "after" equals its "before".
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
  const before = await source();
  totals.onProgress?.(0.25);
  const after = await output();
  totals.onProgress?.(0.5);
  const passesThrough = after.total >= before.total;

  let compact = before.parts;
  let withoutMetadata = before.parts;
  if (!passesThrough) {
    const compactJob = count(...variant(transformCatalog(doc, { dropAnnotations: false, reduceDescriptions: false, sharedOutput: true })!));
    const metadataJob = count(...variant(transformCatalog(doc, { reduceDescriptions: false, sharedOutput: true })!));
    compact = (await compactJob()).parts;
    totals.onProgress?.(0.75);
    withoutMetadata = (await metadataJob()).parts;
  }
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
    saving: { whitespace: before.parts[i]! - compact[i]!, metadata: compact[i]! - withoutMetadata[i]!, prose: withoutMetadata[i]! - afterParts[i]! },
  }));
  const sum = (key: 'tokens_before' | 'tokens_after') => tools.reduce((s, t) => s + t[key], 0);
  return {
    basis: 'inferred',
    content_type: 'toolschema',
    tokenizer,
    catalog_kind: transform.kind,
    tools,
    envelope: { tokens_before: totalBefore - sum('tokens_before'), tokens_after: totalAfter - sum('tokens_after') },
    total: { tokens_before: totalBefore, tokens_after: totalAfter, ratio: savingRatio(totalBefore, totalAfter) },
  };
}
