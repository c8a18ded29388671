// What each tool costs in the listing Claude is handed at one level (the
// `anthropic` rendering of the shrunk catalog, docs/transform.md), with the
// describe tool listed after the tools as the proxy lists it: one text per
// level, counted once, cut at the tools' edges so each tool's share is exact
// and the shares of tools at different levels add up (every cut falls on a
// safe boundary inside the next tool's `{"name`, which no level changes).

import { Buffer } from 'node:buffer';
import type { LevelName } from '../../shared/levels';
import type { TokenizerName } from '../../shared/tokenizers';
import { describeToolDefinition, describeToolName } from './describe/describe-tool-definition';
import type { JsonDocument } from '../engine/json/json-node';
import { MAX_JSON_DEPTH, parseJson } from '../engine/json/parse-json';
import { attributeTokens, countTokens, type ParallelTokenCounter } from '../engine/tokens';
import type { CatalogLayout } from '../engine/transform/catalog-shape';
import { readCatalog } from '../engine/transform/catalog-shape';
import { outputText, transformCatalog } from '../engine/transform/transform-catalog';
import { renderVisible } from '../engine/visible/render-visible';
import type { Rendering } from '../engine/visible/rendering';
import { beginToolCount, toolCountsOf } from './tool-counts';

export interface ListingCosts {
  /** Each tool's tokens, in catalog order. */
  parts: number[];
  /** The listing's tokens outside every tool. */
  total: number;
}

export interface ListingOptions {
  shareSchemas: boolean;
}

/** The listing of `doc` (laid out as `layout`) shrunk at `level`, as Claude is handed it, the describe tool last. */
export function listingAt(doc: JsonDocument, layout: CatalogLayout, level: LevelName, options: ListingOptions): Rendering {
  // Private memory: the output is decoded and parsed here, and the rendering copied once into shared memory below.
  const transform = transformCatalog(doc, { level, shareSchemas: options.shareSchemas })!;
  const shrunk = parseJson(outputText(transform), MAX_JSON_DEPTH);
  const rendering = renderVisible('anthropic', shrunk, readCatalog(shrunk)!);
  if (rendering.text.byteLength === 0) return rendering;
  const { name, description, inputSchema } = describeToolDefinition(describeToolName(layout.tools.map((tool) => tool.name)));
  // `]` ends the list: the describe tool goes before it.
  const entry = Buffer.from(`,${JSON.stringify({ name, description, input_schema: inputSchema })}]`, 'utf8');
  const text = new Uint8Array(new SharedArrayBuffer(rendering.text.byteLength - 1 + entry.byteLength));
  text.set(rendering.text.subarray(0, rendering.text.byteLength - 1));
  text.set(entry, rendering.text.byteLength - 1);
  return { text, spans: rendering.spans };
}

/** Begins counting a listing on the worker threads; the costs once counted. */
export function beginListingCosts(
  listing: Rendering,
  counter: ParallelTokenCounter,
  tokenizer: TokenizerName,
  signal?: AbortSignal,
): () => Promise<ListingCosts> {
  const job = beginToolCount(counter, listing.text, listing.spans, tokenizer, signal ? { signal } : {});
  return async () => {
    await job.finish({ help: true });
    const { total, parts } = toolCountsOf(job);
    return { parts, total };
  };
}

/** The same costs counted on this thread (a slice is decoded: a decoder takes no shared memory). */
export function listingCostsNow(listing: Rendering, tokenizer: TokenizerName): ListingCosts {
  const { text, spans } = listing;
  const { parts, rest } = attributeTokens(text, spans, (start, end) => countTokens(decoder.decode(text.slice(start, end)), tokenizer));
  return { parts, total: rest + parts.reduce((sum, part) => sum + part, 0) };
}

const decoder = new TextDecoder();
