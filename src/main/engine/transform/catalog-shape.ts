// Recognises the catalog shapes of SPEC §2.1 and lists their tools. Anything
// else is not a catalog and passes through untouched.

import {
  ARRAY,
  OBJECT,
  isObject,
  isString,
  memberOf,
  stringValue,
  type ArrayNode,
  type JsonDocument,
  type JsonNode,
  type ObjectNode,
} from '../json/json-node';
import { SCHEMA_DOORS, SCHEMA_SIGNATURE_KEYWORDS } from './schema-vocabulary';

export type CatalogKind = 'tool-list' | 'tool-array' | 'tool' | 'schema';

export interface CatalogTool {
  /** The tool's name, or "#n" (1-based position) when it has none; "(schema)" for a bare schema. */
  name: string;
  /** The element as it stands in the source: an envelope, or the schema itself. */
  node: JsonNode;
  /** Values behind the schema doors (inputSchema, input_schema, parameters), outer envelope first. */
  schemas: JsonNode[];
}

export interface CatalogLayout {
  kind: CatalogKind;
  tools: CatalogTool[];
  /** For 'tool-list': the arrays under `tools` / `functions` whose elements are envelopes. */
  lists: ArrayNode[];
}

const LIST_KEYS: ReadonlySet<string> = new Set(['tools', 'functions']);

/** The layout of a catalog, or undefined when the document is not one. */
export function readCatalog(doc: JsonDocument): CatalogLayout | undefined {
  const { text, root } = doc;
  if (root.kind === ARRAY) {
    if (root.items.length === 0 || !root.items.every(isObject)) return undefined;
    return { kind: 'tool-array', tools: toolsOf(text, root.items as ObjectNode[]), lists: [] };
  }
  if (root.kind !== OBJECT) return undefined;
  const lists = listArrays(text, root);
  if (lists.length > 0) {
    const envelopes = lists.flatMap((list) => list.items.filter(isObject));
    return { kind: 'tool-list', tools: toolsOf(text, envelopes), lists };
  }
  if (isToolEnvelope(text, root)) return { kind: 'tool', tools: toolsOf(text, [root]), lists: [] };
  if (root.keys.some((key) => SCHEMA_SIGNATURE_KEYWORDS.has(stringValue(text, key)))) {
    return { kind: 'schema', tools: [{ name: '(schema)', node: root, schemas: [root] }], lists: [] };
  }
  return undefined;
}

function listArrays(text: string, root: ObjectNode): ArrayNode[] {
  const lists: ArrayNode[] = [];
  root.keys.forEach((key, i) => {
    const value = root.values[i]!;
    if (value.kind === ARRAY && LIST_KEYS.has(stringValue(text, key))) lists.push(value);
  });
  return lists;
}

function isToolEnvelope(text: string, node: ObjectNode): boolean {
  if (isObject(memberOf(text, node, 'function'))) return true;
  if (!isString(memberOf(text, node, 'name'))) return false;
  return node.keys.some((key) => SCHEMA_DOORS.has(stringValue(text, key)));
}

function toolsOf(text: string, envelopes: ObjectNode[]): CatalogTool[] {
  return envelopes.map((envelope, index) => ({
    name: toolName(text, envelope) ?? `#${index + 1}`,
    node: envelope,
    schemas: schemasOf(text, envelope),
  }));
}

/** `name`, or the name of a nested `function` envelope (OpenAI). */
function toolName(text: string, envelope: ObjectNode): string | undefined {
  const name = memberOf(text, envelope, 'name');
  if (isString(name)) return stringValue(text, name);
  const inner = memberOf(text, envelope, 'function');
  return isObject(inner) ? toolName(text, inner) : undefined;
}

function schemasOf(text: string, envelope: ObjectNode): JsonNode[] {
  const schemas: JsonNode[] = [];
  envelope.keys.forEach((key, i) => {
    const name = stringValue(text, key);
    const value = envelope.values[i]!;
    if (SCHEMA_DOORS.has(name)) schemas.push(value);
    else if (name === 'function' && value.kind === OBJECT) schemas.push(...schemasOf(text, value));
  });
  return schemas;
}
