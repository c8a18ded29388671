// Recognises the catalog shapes of docs/transform.md and lists their tools. Anything
// else is not a catalog and passes through untouched.

import { ARRAY, OBJECT, isObject, isString, itemAt, keyName, memberOf, stringValue, valueAt, type JsonDocument, type NodeId } from '../json/json-node';
import { SCHEMA_DOORS, SCHEMA_SIGNATURE_KEYWORDS } from './schema-vocabulary';

export type CatalogKind = 'tool-list' | 'tool-array' | 'tool' | 'schema';

export interface CatalogTool {
  /** The tool's name, or "#n" (1-based position) when it has none; "(schema)" for a bare schema. */
  name: string;
  /** The element as it stands in the source: an envelope, or the schema itself. */
  node: NodeId;
  /** Values behind the schema doors (inputSchema, input_schema, parameters), outer envelope first. */
  schemas: NodeId[];
}

export interface CatalogLayout {
  kind: CatalogKind;
  tools: CatalogTool[];
  /** For 'tool-list': the arrays under `tools` / `functions` whose elements are envelopes. */
  lists: NodeId[];
}

const LIST_KEYS: ReadonlySet<string> = new Set(['tools', 'functions']);

/**
 * Layouts already read, per document: the transform, the guarantee checks and
 * the diff all ask for it, and a document never changes once parsed. Callers
 * must not modify the layout they get.
 */
const layouts = new WeakMap<JsonDocument, CatalogLayout | null>();

/** The layout of a catalog, or undefined when the document is not one; read once per document. */
export function readCatalog(doc: JsonDocument): CatalogLayout | undefined {
  let layout = layouts.get(doc);
  if (layout === undefined) {
    layout = layoutOf(doc) ?? null;
    layouts.set(doc, layout);
  }
  return layout ?? undefined;
}

function layoutOf(doc: JsonDocument): CatalogLayout | undefined {
  const { root } = doc;
  if (doc.kind[root] === ARRAY) {
    const items = Array.from({ length: doc.count[root]! }, (_, i) => itemAt(doc, root, i));
    if (items.length === 0 || !items.every((item) => isObject(doc, item))) return undefined;
    return { kind: 'tool-array', tools: toolsOf(doc, items), lists: [] };
  }
  if (doc.kind[root] !== OBJECT) return undefined;
  const lists = listArrays(doc, root);
  if (lists.length > 0) {
    const envelopes = lists.flatMap((list) => Array.from({ length: doc.count[list]! }, (_, i) => itemAt(doc, list, i)).filter((item) => isObject(doc, item)));
    return { kind: 'tool-list', tools: toolsOf(doc, envelopes), lists };
  }
  if (isToolEnvelope(doc, root)) return { kind: 'tool', tools: toolsOf(doc, [root]), lists: [] };
  for (let i = 0; i < doc.count[root]!; i++) {
    if (SCHEMA_SIGNATURE_KEYWORDS.has(keyName(doc, root, i))) return { kind: 'schema', tools: [{ name: '(schema)', node: root, schemas: [root] }], lists: [] };
  }
  return undefined;
}

function listArrays(doc: JsonDocument, root: NodeId): NodeId[] {
  const lists: NodeId[] = [];
  for (let i = 0; i < doc.count[root]!; i++) {
    const value = valueAt(doc, root, i);
    if (doc.kind[value] === ARRAY && LIST_KEYS.has(keyName(doc, root, i))) lists.push(value);
  }
  return lists;
}

function isToolEnvelope(doc: JsonDocument, node: NodeId): boolean {
  if (isObject(doc, memberOf(doc, node, 'function'))) return true;
  if (!isString(doc, memberOf(doc, node, 'name'))) return false;
  for (let i = 0; i < doc.count[node]!; i++) if (SCHEMA_DOORS.has(keyName(doc, node, i))) return true;
  return false;
}

function toolsOf(doc: JsonDocument, envelopes: NodeId[]): CatalogTool[] {
  return envelopes.map((envelope, index) => ({
    name: toolName(doc, envelope) ?? `#${index + 1}`,
    node: envelope,
    schemas: schemasOf(doc, envelope),
  }));
}

/** `name`, or the name of a nested `function` envelope (OpenAI). */
function toolName(doc: JsonDocument, envelope: NodeId): string | undefined {
  const name = memberOf(doc, envelope, 'name');
  if (isString(doc, name)) return stringValue(doc, name);
  const inner = memberOf(doc, envelope, 'function');
  return isObject(doc, inner) ? toolName(doc, inner) : undefined;
}

function schemasOf(doc: JsonDocument, envelope: NodeId): NodeId[] {
  const schemas: NodeId[] = [];
  for (let i = 0; i < doc.count[envelope]!; i++) {
    const name = keyName(doc, envelope, i);
    const value = valueAt(doc, envelope, i);
    if (SCHEMA_DOORS.has(name)) schemas.push(value);
    else if (name === 'function' && doc.kind[value] === OBJECT) schemas.push(...schemasOf(doc, value));
  }
  return schemas;
}
