// lint(): the per-tool token report of SPEC §2.7. It measures only and never
// writes to the store. Totals equal what shrink() reports for the same bytes.

import type { LintReport, ToolTokens } from '../../shared/contracts';
import { CavemanError } from '../../shared/errors';
import { savingRatio, signedRatio } from '../../shared/ratio';
import { DEFAULT_TOKENIZER, type TokenizerName } from '../../shared/tokenizers';
import type { JsonDocument } from '../engine/json/json-node';
import { countTokens, type ParallelTokenCounter } from '../engine/tokens';
import { transformCatalog, type TransformResult } from '../engine/transform/transform-catalog';
import { attributeTokens } from '../engine/tokens/attribute-tokens';
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
  const beforeJob = counter.begin(read.bytes, tokenizer, { signal: options.signal });
  const prepared = prepareCatalog(read, { sharedOutput: true });
  if (!prepared.ok) {
    await beforeJob.finish().catch(() => undefined);
    throw passThroughError(prepared.passThrough);
  }
  const afterJob = counter.begin(prepared.transform.output, tokenizer, { signal: options.signal });
  const totalBefore = await beforeJob.finish();
  const totalAfter = await afterJob.finish();
  return lintReportFor(prepared.doc, prepared.transform, { tokenizer, totalBefore, totalAfter, signal: options.signal, onProgress: options.onProgress });
}

export interface LintTotals {
  tokenizer: TokenizerName;
  /** Tokens of the whole input (as shrink reports them). */
  totalBefore: number;
  /** Tokens of the whole shrunk output. */
  totalAfter: number;
  signal?: AbortSignal | undefined;
  onProgress?: ((fraction: number) => void) | undefined;
}

/**
 * Builds the report from an already transformed document. Each tool's counts
 * are its exact share of the whole text's tokens, so tools + envelope equal
 * the totals. A catalog whose output is not smaller passes through in
 * shrink, so then every "after" equals its "before".
 */
export function lintReportFor(doc: JsonDocument, transform: TransformResult, totals: LintTotals): LintReport {
  const { tokenizer } = totals;
  const passesThrough = totals.totalAfter >= totals.totalBefore;
  const checkpoint = (fraction: number) => {
    if (totals.signal?.aborted) throw new CavemanError('cave_cancelled', 'lint was cancelled');
    totals.onProgress?.(fraction);
  };
  const countSource = (start: number, end: number) => countTokens(doc.text.slice(start, end), tokenizer);
  const before = attributeTokens(doc.text, transform.tools.map((t) => [t.sourceStart, t.sourceEnd] as const), countSource).parts;
  checkpoint(0.25);
  const sharesOf = (result: TransformResult) => {
    const count = (start: number, end: number) => countTokens(utf8.decode(result.output.subarray(start, end)), tokenizer);
    return attributeTokens(result.output, result.tools.map((t) => [t.outputStart, t.outputEnd] as const), count).parts;
  };
  const after = passesThrough ? before : sharesOf(transform);
  checkpoint(0.5);
  const compact = passesThrough ? before : sharesOf(transformCatalog(doc, { dropAnnotations: false, reduceDescriptions: false })!);
  checkpoint(0.75);
  const withoutMetadata = passesThrough ? before : sharesOf(transformCatalog(doc, { reduceDescriptions: false })!);
  checkpoint(1);

  const tools: ToolTokens[] = transform.tools.map((span, i) => ({
    name: span.name,
    tokens_before: before[i]!,
    tokens_after: after[i]!,
    ratio: signedRatio(before[i]!, after[i]!),
    saving: { whitespace: before[i]! - compact[i]!, metadata: compact[i]! - withoutMetadata[i]!, prose: withoutMetadata[i]! - after[i]! },
  }));
  const totalAfter = passesThrough ? totals.totalBefore : totals.totalAfter;
  const sum = (key: 'tokens_before' | 'tokens_after') => tools.reduce((s, t) => s + t[key], 0);
  return {
    basis: 'inferred',
    content_type: 'toolschema',
    tokenizer,
    catalog_kind: transform.kind,
    tools,
    envelope: { tokens_before: totals.totalBefore - sum('tokens_before'), tokens_after: totalAfter - sum('tokens_after') },
    total: { tokens_before: totals.totalBefore, tokens_after: totalAfter, ratio: savingRatio(totals.totalBefore, totalAfter) },
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
