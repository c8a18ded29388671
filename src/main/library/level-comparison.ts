// Every level at a glance: the catalog shrunk at each
// level, counted as JSON and as the model sees it in both renderings
// (docs/transform.md), beside the input. The input is read and parsed once; each
// level's transform and counts run on the worker threads at once. A level
// whose output would not be smaller passes through, as shrink would, so its
// figures are the input's. An analysis already counted the input and its own
// level (the per-tool report's totals): given those, they are not counted again.

import type { LevelComparison, LevelFigures } from '../../shared/contracts';
import { LEVELS, type LevelName } from '../../shared/levels';
import { DEFAULT_TOKENIZER, type TokenizerName } from '../../shared/tokenizers';
import { parseJson } from '../engine/json/parse-json';
import type { ParallelTokenCounter } from '../engine/tokens';
import { readCatalog } from '../engine/transform/catalog-shape';
import { outputText, transformCatalog } from '../engine/transform/transform-catalog';
import { passThroughError, prepareCatalog } from './prepare-catalog';
import { readInput, type CatalogInput } from './read-catalog-text';
import { sharedCounter } from './shared-counter';
import { beginVisibleCounts, sideOfBytes, type VisibleCounting } from './visible-counts';

export interface LevelComparisonOptions {
  tokenizer?: TokenizerName;
  /** Shrink with shared sub-schemas (docs/transform.md; off by default). */
  shareSchemas?: boolean;
  counter?: ParallelTokenCounter;
  signal?: AbortSignal;
  /** Figures an analysis of the same bytes, tokenizer and sharing already has (knownLevelFigures()). */
  known?: KnownLevelFigures | undefined;
}

/** The input's figures and one level's, as an analysis at that level counted them. */
export interface KnownLevelFigures {
  before: LevelComparison['before'];
  figures: LevelFigures;
}

/** What the per-tool report of an analysis at `level` says of the comparison's figures (the same counts of the same texts). */
export function knownLevelFigures(
  level: LevelName,
  report: { tokens_before: number; tokens_after: number; visible: Record<'anthropic' | 'openai', { tokens_before: number; tokens_after: number }> },
): KnownLevelFigures {
  const { tokens_before, tokens_after, visible } = report;
  // The report's "after" is its "before" exactly when the shrink would not be smaller (lint's pass-through rule, the same as below).
  const passesThrough = tokens_after >= tokens_before;
  return {
    before: { tokens: tokens_before, anthropic: visible.anthropic.tokens_before, openai: visible.openai.tokens_before },
    figures: {
      level,
      tokens: tokens_after,
      anthropic: visible.anthropic.tokens_after,
      openai: visible.openai.tokens_after,
      ...(passesThrough ? { passesThrough: true as const } : {}),
    },
  };
}

/** Throws CavemanError when the input is not a catalog (as lint does). */
export async function compareLevels(input: CatalogInput, options: LevelComparisonOptions = {}): Promise<LevelComparison> {
  const tokenizer = options.tokenizer ?? DEFAULT_TOKENIZER;
  const counter = options.counter ?? sharedCounter();
  const shareSchemas = options.shareSchemas ?? false;
  const { signal } = options;
  const read = readInput(input);
  const prepared = prepareCatalog(read, { sharedOutput: true, shareSchemas, level: LEVELS[0] });
  if (!prepared.ok) throw passThroughError(prepared.passThrough);
  const { doc, layout } = prepared;
  const asciiBytes = read.decoded.ok ? read.decoded.asciiBytes : undefined;
  const countOptions = signal ? { signal } : {};

  const { known } = options;
  const jsonBefore = known ? undefined : counter.count(read.bytes, tokenizer, countOptions);
  const seenBefore = known ? undefined : beginVisibleCounts({ doc, layout, asciiBytes }, counter, tokenizer, signal);
  // Every level is begun before anything is awaited, so the workers count them all at once.
  const begun = LEVELS.map((level): { figures: LevelFigures } | { level: LevelName; json: Promise<number>; seen: VisibleCounting } => {
    if (level === known?.figures.level) return { figures: known.figures };
    const transform =
      level === LEVELS[0] ? prepared.transform : transformCatalog(doc, { sharedOutput: true, shareSchemas, level, ...(asciiBytes ? { asciiBytes } : {}) })!;
    const outputDoc = parseJson(outputText(transform));
    return {
      level,
      json: counter.count(transform.output, tokenizer, countOptions),
      seen: beginVisibleCounts(sideOfBytes(outputDoc, readCatalog(outputDoc)!, transform.output), counter, tokenizer, signal, seenBefore),
    };
  });

  const tokensBefore = known ? known.before.tokens : await jsonBefore!;
  const before = known ? { anthropic: known.before.anthropic, openai: known.before.openai } : await renderedTotals(seenBefore!);
  const levels: LevelFigures[] = [];
  for (const counting of begun) {
    if ('figures' in counting) {
      levels.push(counting.figures);
      continue;
    }
    const { level, json, seen } = counting;
    const tokens = await json;
    const passesThrough = tokens >= tokensBefore;
    if (passesThrough) for (const name of ['anthropic', 'openai'] as const) if (seen[name] !== seenBefore?.[name]) seen[name].cancel();
    const after = passesThrough ? before : await renderedTotals(seen);
    levels.push({
      level,
      tokens: passesThrough ? tokensBefore : tokens,
      anthropic: after.anthropic,
      openai: after.openai,
      ...(passesThrough ? { passesThrough: true as const } : {}),
    });
  }
  return { tokenizer, shareSchemas, before: { tokens: tokensBefore, anthropic: before.anthropic, openai: before.openai }, levels };
}

async function renderedTotals(counting: VisibleCounting): Promise<{ anthropic: number; openai: number }> {
  const [anthropic, openai] = await Promise.all([counting.anthropic.result(), counting.openai.result()]);
  return { anthropic: anthropic.total, openai: openai.total };
}
