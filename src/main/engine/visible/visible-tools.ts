// What of each catalog tool reaches a model: its name, its description and
// its parameter schema. An MCP tool carries them at its top level; an OpenAI
// tool in its `function` envelope (Chat Completions) or flat (Responses).
// Annotations, icons, `_meta`, `outputSchema`, `execution` and `title` stay
// with the client.

import { isObject, isString, memberOf, type JsonDocument, type NodeId } from '../json/json-node';
import type { CatalogLayout } from '../transform/catalog-shape';

export interface VisibleTool {
  /** The `name` string node; absent for a nameless tool and a bare schema. */
  name?: NodeId;
  /** The `description` string node; absent (or not a string) means none. */
  description?: NodeId;
  /** The parameter schema; absent when the tool has none. */
  schema?: NodeId;
}

/** Where a tool keeps its parameter schema, in order of preference. */
const SCHEMA_KEYS = ['inputSchema', 'input_schema', 'parameters'] as const;

/** Each tool's visible parts, in catalog order. */
export function visibleTools(doc: JsonDocument, layout: CatalogLayout): VisibleTool[] {
  if (layout.kind === 'schema') return layout.tools.map((tool) => ({ schema: tool.node }));
  return layout.tools.map((tool) => partsOf(doc, tool.node));
}

function partsOf(doc: JsonDocument, envelope: NodeId): VisibleTool {
  const inner = memberOf(doc, envelope, 'function');
  const holder = isObject(doc, inner) ? inner : envelope;
  const parts: VisibleTool = {};
  const name = memberOf(doc, holder, 'name');
  if (isString(doc, name)) parts.name = name;
  const description = memberOf(doc, holder, 'description');
  if (isString(doc, description)) parts.description = description;
  for (const key of SCHEMA_KEYS) {
    const schema = memberOf(doc, holder, key);
    if (schema === undefined) continue;
    parts.schema = schema;
    break;
  }
  return parts;
}
