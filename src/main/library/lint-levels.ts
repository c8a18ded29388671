// lintLevels(): every level at a glance — the catalog's
// tokens as it came and at each level, as JSON and in both renderings of
// what the model sees (docs/transform.md). One parse; each level is one transform;
// every text is begun on the worker threads before any count is awaited.

import type { LevelRow, LevelsReport } from '../../shared/contracts';
import { signedRatio } from '../../shared/ratio';
import { LEVELS } from '../../shared/levels';
import { DEFAULT_TOKENIZER, type TokenizerName } from '../../shared/tokenizers';
import { deferralsOf } from '../engine/guarantees/deferrals';
import { MAX_JSON_DEPTH, parseJson } from '../engine/json/parse-json';
import type { CountJob, ParallelTokenCounter } from '../engine/tokens';
import { readCatalog } from '../engine/transform/catalog-shape';
import { outputText, transformCatalog } from '../engine/transform/transform-catalog';
import { passThroughError, prepareCatalog } from './prepare-catalog';
import { readInput, type CatalogInput } from './read-catalog-text';
import { sharedCounter } from './shared-counter';
import { beginVisibleCounts, sideOfBytes, type VisibleCounting } from './visible-counts';

export interface LintLevelsOptions {
  tokenizer?: TokenizerName;
  /** Measure each level with shared sub-schemas (docs/transform.md; off by default). */
  shareSchemas?: boolean;
  counter?: ParallelTokenCounter;
  signal?: AbortSignal;
}

interface LevelCounting {
  level: LevelRow['level'];
  json: CountJob;
  visible: VisibleCounting;
  markedTools: number;
}

/**
 * Throws CavemanError when the input is not a catalog, as lint does. A level
 * whose JSON is not fewer tokens than the input's passes through (as shrink
 * would): its row then carries the input's figures.
 */
export async function lintLevels(input: CatalogInput, options: LintLevelsOptions = {}): Promise<LevelsReport> {
  const tokenizer = options.tokenizer ?? DEFAULT_TOKENIZER;
  const counter = options.counter ?? sharedCounter();
  const shareSchemas = options.shareSchemas ?? false;
  const { signal } = options;
  const jobOptions = signal ? { signal } : {};
  const read = readInput(input);
  const [first, ...rest] = LEVELS;
  const prepared = prepareCatalog(read, { sharedOutput: true, shareSchemas, level: first! });
  if (!prepared.ok) throw passThroughError(prepared.passThrough);
  const { doc, layout } = prepared;
  const asciiBytes = read.decoded.ok ? read.decoded.asciiBytes : undefined;

  const originalJson = counter.begin(read.bytes, tokenizer, jobOptions);
  const minified = transformCatalog(doc, { dropAnnotations: false, reduceDescriptions: false, exactStructure: false, sharedOutput: true })!;
  const minifiedJson = counter.begin(minified.output, tokenizer, jobOptions);
  const originalVisible = beginVisibleCounts({ doc, layout, asciiBytes }, counter, tokenizer, signal);
  const levels: LevelCounting[] = [];
  for (const level of [first!, ...rest]) {
    const transform = level === first ? prepared.transform : transformCatalog(doc, { level, shareSchemas, sharedOutput: true })!;
    const shrunk = parseJson(outputText(transform), MAX_JSON_DEPTH);
    levels.push({
      level,
      json: counter.begin(transform.output, tokenizer, jobOptions),
      visible: beginVisibleCounts(sideOfBytes(shrunk, readCatalog(shrunk)!, transform.output), counter, tokenizer, signal, originalVisible),
      markedTools: deferralsOf(shrunk, level).marked.size,
    });
  }

  const original = {
    json: await originalJson.finish({ help: true }),
    anthropic: (await originalVisible.anthropic.result()).total,
    openai: (await originalVisible.openai.result()).total,
  };
  const tokensMinified = await minifiedJson.finish({ help: true });
  const rows: LevelRow[] = [];
  for (const counting of levels) {
    const json = await counting.json.finish({ help: true });
    const passesThrough = json >= original.json;
    if (passesThrough)
      for (const name of ['anthropic', 'openai'] as const) if (counting.visible[name] !== originalVisible[name]) counting.visible[name].cancel();
    const seen = passesThrough
      ? original
      : { json, anthropic: (await counting.visible.anthropic.result()).total, openai: (await counting.visible.openai.result()).total };
    rows.push({
      level: counting.level,
      ...seen,
      beyond_minification: signedRatio(tokensMinified, seen.json),
      marked_tools: passesThrough ? 0 : counting.markedTools,
      passes_through: passesThrough,
    });
  }
  return { basis: 'inferred', tokenizer, share_schemas: shareSchemas, tokens_minified: tokensMinified, original, levels: rows };
}
