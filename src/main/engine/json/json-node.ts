// The lossless JSON tree. A plain JSON.parse loses key order for integer-like
// keys, duplicate keys and the source text of numbers and strings; this tree
// keeps all of them by pointing into the source text instead of copying values.

export const OBJECT = 0;
export const ARRAY = 1;
export const STRING = 2;
export const NUMBER = 3;
export const LITERAL = 4;

interface NodeBase {
  /** Offset of the node's first character in the source text. */
  start: number;
  /** Offset just past the node's last character. */
  end: number;
}

export interface ObjectNode extends NodeBase {
  kind: typeof OBJECT;
  /** Keys in source order, duplicates included; keys[i] belongs to values[i]. */
  keys: StringNode[];
  values: JsonNode[];
  /** True when the source slice has no whitespace outside strings. */
  compact: boolean;
}

export interface ArrayNode extends NodeBase {
  kind: typeof ARRAY;
  items: JsonNode[];
  compact: boolean;
}

export interface StringNode extends NodeBase {
  kind: typeof STRING;
  /** True when the source text contains a backslash escape. */
  escaped: boolean;
}

export interface NumberNode extends NodeBase {
  kind: typeof NUMBER;
}

/** `true`, `false` or `null`. */
export interface LiteralNode extends NodeBase {
  kind: typeof LITERAL;
}

export type JsonNode = ObjectNode | ArrayNode | StringNode | NumberNode | LiteralNode;

/** A parsed document: the source text and the tree that points into it. */
export interface JsonDocument {
  text: string;
  root: JsonNode;
}

/** The exact source text of a node, whitespace included. */
export function sourceOf(doc: JsonDocument, node: JsonNode): string {
  return doc.text.slice(node.start, node.end);
}

/** The decoded value of a string node (escapes resolved, lone surrogates kept). */
export function stringValue(text: string, node: StringNode): string {
  if (!node.escaped) return text.slice(node.start + 1, node.end - 1);
  return JSON.parse(text.slice(node.start, node.end)) as string;
}

/** The value of the last member named `key` (last wins, as in JSON.parse). */
export function memberOf(text: string, node: ObjectNode, key: string): JsonNode | undefined {
  for (let i = node.keys.length - 1; i >= 0; i--) {
    if (stringValue(text, node.keys[i]!) === key) return node.values[i];
  }
  return undefined;
}

/** Decoded key names of an object, in source order. */
export function keyNames(text: string, node: ObjectNode): string[] {
  return node.keys.map((key) => stringValue(text, key));
}

export function isObject(node: JsonNode | undefined): node is ObjectNode {
  return node?.kind === OBJECT;
}

export function isArray(node: JsonNode | undefined): node is ArrayNode {
  return node?.kind === ARRAY;
}

export function isString(node: JsonNode | undefined): node is StringNode {
  return node?.kind === STRING;
}
