// A catalog's text counted once gives both its total and each tool's share:
// the count is cut at the tools' edges (attribute-tokens.ts), so the totals
// shrink reports and the per-tool figures lint reports come from one pass.

import type { TokenizerName } from '../../shared/tokenizers';
import { attributionEnds, attributionOf, type CountJob, type CountJobOptions, type CountText, type ParallelTokenCounter } from '../engine/tokens';
import { utf8Offsets } from '../engine/text/utf8';
import type { TransformResult } from '../engine/transform/transform-catalog';
import type { ReadInput } from './read-catalog-text';

/** Ordered, non-overlapping [start, end) ranges of a text, one per tool. */
export type ToolSpans = (readonly [number, number])[];

export interface ToolCounts {
  total: number;
  /** Tokens of each tool, in catalog order (the rest is the envelope's). */
  parts: number[];
}

/** A count under way: its tool counts once it finished. */
export type ToolCountsPending = () => Promise<ToolCounts>;

/** The input's and the output's counts under way (a shrink's, for the report that follows it). */
export interface PendingToolCounts {
  before: ToolCountsPending;
  after: ToolCountsPending;
}

/** Begins counting `text`, cut at the edges of `spans` so each one's share can be read afterwards. */
export function beginToolCount(
  counter: ParallelTokenCounter,
  text: CountText,
  spans: ToolSpans,
  tokenizer: TokenizerName,
  options: Omit<CountJobOptions, 'ends'> = {},
): CountJob {
  return counter.begin(text, tokenizer, { ...options, ends: attributionEnds(text, spans) });
}

/** The total and each span's tokens of a finished job begun by beginToolCount. */
export function toolCountsOf(job: CountJob): ToolCounts {
  const chunks = job.chunkCounts();
  return { total: chunks.reduce((sum, count) => sum + count, 0), parts: attributionOf(chunks).parts };
}

/** Where each tool lies in the input's bytes (a BOM is part of the input, before the first tool). */
export function inputToolSpans(read: ReadInput, transform: TransformResult): ToolSpans {
  const { decoded, bytes } = read;
  if (!decoded.ok) return [];
  const bom = decoded.hadBom ? 3 : 0;
  const edges = transform.tools.flatMap((tool) => [tool.sourceStart, tool.sourceEnd]);
  // Plain ASCII (most catalogs): a character is a byte.
  const offsets = bytes.byteLength - bom === decoded.text.length ? edges : utf8Offsets(decoded.text, edges);
  const spans: [number, number][] = [];
  for (let i = 0; i < offsets.length; i += 2) spans.push([offsets[i]! + bom, offsets[i + 1]! + bom]);
  return spans;
}

/** Where each tool lies in the output's bytes. */
export function outputToolSpans(transform: TransformResult): ToolSpans {
  return transform.tools.map((tool) => [tool.outputStart, tool.outputEnd] as const);
}
