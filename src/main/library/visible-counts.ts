// What the model sees (docs/transform.md), counted: each rendering of a catalog is
// one text cut at its tools' edges, so one count on the worker threads gives
// its total and each tool's exact share, and tools + envelope add up.

import { Buffer, isAscii } from 'node:buffer';
import type { RenderedTokens, VisibleTokens } from '../../shared/contracts';
import type { TokenizerName } from '../../shared/tokenizers';
import type { JsonDocument } from '../engine/json/json-node';
import type { ParallelTokenCounter } from '../engine/tokens';
import type { CatalogLayout } from '../engine/transform/catalog-shape';
import { renderVisible } from '../engine/visible/render-visible';
import { RENDERINGS, type Rendering, type RenderingName } from '../engine/visible/rendering';
import { beginToolCount, toolCountsOf, type ToolCounts } from './tool-counts';

/** A parsed catalog to render. */
export interface VisibleSide {
  doc: JsonDocument;
  layout: CatalogLayout;
  /** The document's text as bytes, when it is plain ASCII (copied instead of encoded). */
  asciiBytes?: Uint8Array | undefined;
}

interface RenderingCount {
  rendering: Rendering;
  result: () => Promise<ToolCounts>;
  cancel: () => void;
}

/** Both renderings of one side, being counted. */
export type VisibleCounting = Record<RenderingName, RenderingCount>;

/** A side whose text is the UTF-8 `bytes` it was parsed from (a shrink's output). */
export function sideOfBytes(doc: JsonDocument, layout: CatalogLayout, bytes: Uint8Array): VisibleSide {
  return { doc, layout, asciiBytes: isAscii(bytes) ? bytes : undefined };
}

/**
 * Renders both and begins counting them (the workers start at once; nothing
 * is awaited). A rendering equal to `earlier`'s (the input's, when the
 * shrink changed nothing it shows) takes that counting instead of a second.
 */
export function beginVisibleCounts(
  side: VisibleSide,
  counter: ParallelTokenCounter,
  tokenizer: TokenizerName,
  signal?: AbortSignal,
  earlier?: VisibleCounting,
): VisibleCounting {
  const counting = {} as VisibleCounting;
  for (const name of RENDERINGS) {
    const rendering = renderVisible(name, side.doc, side.layout, { shared: true, asciiBytes: side.asciiBytes });
    const same = earlier?.[name];
    if (same && sameRendering(same.rendering, rendering)) {
      counting[name] = same;
      continue;
    }
    const job = beginToolCount(counter, rendering.text, rendering.spans, tokenizer, signal ? { signal } : {});
    counting[name] = {
      rendering,
      result: async () => {
        await job.finish();
        return toolCountsOf(job);
      },
      cancel: () => job.cancel(),
    };
  }
  return counting;
}

function sameRendering(a: Rendering, b: Rendering): boolean {
  return (
    Buffer.from(a.text.buffer, a.text.byteOffset, a.text.byteLength).equals(b.text) &&
    a.spans.length === b.spans.length &&
    a.spans.every(([start, end], i) => start === b.spans[i]![0] && end === b.spans[i]![1])
  );
}

export interface VisibleFigures {
  total: VisibleTokens;
  /** Per tool, in catalog order. */
  tools: VisibleTokens[];
  /** What lies outside every tool (brackets, separators, the namespace). */
  envelope: VisibleTokens;
}

/** The figures of a before and an after being counted (pass the same counting twice when nothing changes). */
export async function visibleFigures(before: VisibleCounting, after: VisibleCounting): Promise<VisibleFigures> {
  const both = async (name: RenderingName) => ({ before: await before[name].result(), after: await after[name].result() });
  const [anthropic, openai] = await Promise.all([both('anthropic'), both('openai')]);
  const tokens = (counts: { before: ToolCounts; after: ToolCounts }, pick: (counts: ToolCounts) => number): RenderedTokens => ({
    tokens_before: pick(counts.before),
    tokens_after: pick(counts.after),
  });
  const figures = (pick: (counts: ToolCounts) => number): VisibleTokens => ({ anthropic: tokens(anthropic, pick), openai: tokens(openai, pick) });
  const toolCount = anthropic.before.parts.length;
  return {
    total: figures((counts) => counts.total),
    tools: Array.from({ length: toolCount }, (_, i) => figures((counts) => counts.parts[i] ?? 0)),
    envelope: figures((counts) => counts.total - counts.parts.reduce((sum, part) => sum + part, 0)),
  };
}
