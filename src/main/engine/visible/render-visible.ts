// Both renderings of a catalog (docs/transform.md), as UTF-8 bytes with each tool's span.

import type { JsonDocument } from '../json/json-node';
import { ByteWriter } from '../json/byte-writer';
import type { JsonSink } from '../json/json-sink';
import type { CatalogLayout } from '../transform/catalog-shape';
import { renderAnthropic } from './render-anthropic';
import { renderOpenAi } from './render-openai';
import type { RenderedSpans, Rendering, RenderingName, RenderOptions } from './rendering';

type Renderer = (doc: JsonDocument, layout: CatalogLayout, out: JsonSink) => RenderedSpans;

const RENDERERS: Record<RenderingName, { render: Renderer; share: number }> = {
  // Compact JSON without annotations: a little less than the source, pretty-printed or not.
  anthropic: { render: renderAnthropic, share: 1 },
  // No quotes, braces or keywords' names: about half the JSON.
  openai: { render: renderOpenAi, share: 0.5 },
};

/** One rendering of a catalog. */
export function renderVisible(name: RenderingName, doc: JsonDocument, layout: CatalogLayout, options: RenderOptions = {}): Rendering {
  const { render, share } = RENDERERS[name];
  const out = new ByteWriter(Math.ceil(doc.text.length * share) + 64, {
    shared: options.shared ?? false,
    ...(options.asciiBytes ? { source: { text: doc.text, bytes: options.asciiBytes } } : {}),
  });
  const spans = render(doc, layout, out);
  return { text: out.bytes(), spans };
}
