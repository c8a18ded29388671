// The `anthropic` rendering (docs/transform.md): the tools as an MCP client hands
// them to Claude's Messages API, `[{"name":…,"description":…,"input_schema":…}]`
// in catalog order, compact, every value in its exact source text.
//
// Decisions where a catalog does not say: a tool without a string
// description has no `description` key; a nameless tool (and a bare schema,
// which is only a schema) has no `name` key; a tool without a parameter
// schema gets `{"type":"object"}`, the least the API accepts. A catalog
// without tools renders as nothing (no tools are sent).

import type { JsonDocument } from '../json/json-node';
import type { JsonSink } from '../json/json-sink';
import { writeCompact } from '../json/write-compact';
import type { CatalogLayout } from '../transform/catalog-shape';
import type { RenderedSpans } from './rendering';
import { visibleTools } from './visible-tools';

/** The schema a tool without one is sent with. */
export const EMPTY_INPUT_SCHEMA = '{"type":"object"}';

/** Writes the rendering to `out`; returns each tool's span in it. */
export function renderAnthropic(doc: JsonDocument, layout: CatalogLayout, out: JsonSink): RenderedSpans {
  const tools = visibleTools(doc, layout);
  const spans: RenderedSpans = [];
  if (tools.length === 0) return spans;
  const { text, start, end } = doc;
  out.push('[');
  tools.forEach((tool, i) => {
    if (i > 0) out.push(',');
    const from = out.length;
    let separator = '{';
    if (tool.name !== undefined) {
      out.push(`${separator}"name":`);
      out.copy(text, start[tool.name]!, end[tool.name]!);
      separator = ',';
    }
    if (tool.description !== undefined) {
      out.push(`${separator}"description":`);
      out.copy(text, start[tool.description]!, end[tool.description]!);
      separator = ',';
    }
    out.push(`${separator}"input_schema":`);
    if (tool.schema === undefined) out.push(EMPTY_INPUT_SCHEMA);
    else writeCompact(doc, tool.schema, out);
    out.push('}');
    spans.push([from, out.length]);
  });
  out.push(']');
  return spans;
}
