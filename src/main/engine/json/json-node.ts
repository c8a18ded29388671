// The lossless JSON tree. A plain JSON.parse loses key order for integer-like
// keys, duplicate keys and the source text of numbers and strings; this tree
// keeps all of them by pointing into the source text instead of copying values.
//
// Nodes are numbers (ids) into a few typed arrays rather than objects: a
// 32 MiB catalog has about a million nodes, which as objects cost ~110 MB of
// heap and most of the garbage collector's time; as table rows they cost
// ~22 bytes each and nothing to collect.

export const OBJECT = 0;
export const ARRAY = 1;
export const STRING = 2;
export const NUMBER = 3;
/** `true`, `false` or `null`. */
export const LITERAL = 4;

export type NodeKind = typeof OBJECT | typeof ARRAY | typeof STRING | typeof NUMBER | typeof LITERAL;

/** A node of a document: an index into its tables. */
export type NodeId = number;

/** flags: a string whose source text contains a backslash escape. */
export const ESCAPED = 1;
/** flags: a container whose source slice has no whitespace outside strings. */
export const COMPACT = 2;

/** A parsed document: the source text and the tree that points into it. */
export interface JsonDocument {
  readonly text: string;
  readonly root: NodeId;
  /** Per node: its kind. */
  readonly kind: Uint8Array;
  /** Per node: offset of its first character in `text`. */
  readonly start: Int32Array;
  /** Per node: offset just past its last character. */
  readonly end: Int32Array;
  /** Per node: ESCAPED / COMPACT bits. */
  readonly flags: Uint8Array;
  /** Per container: index in `slots` of its first child. */
  readonly first: Int32Array;
  /** Per container: members of an object, items of an array. */
  readonly count: Int32Array;
  /** Children in order: an object's as key, value pairs; an array's items. */
  readonly slots: Int32Array;
}

export function kindOf(doc: JsonDocument, node: NodeId): NodeKind {
  return doc.kind[node] as NodeKind;
}

export function isObject(doc: JsonDocument, node: NodeId | undefined): node is NodeId {
  return node !== undefined && doc.kind[node] === OBJECT;
}

export function isArray(doc: JsonDocument, node: NodeId | undefined): node is NodeId {
  return node !== undefined && doc.kind[node] === ARRAY;
}

export function isString(doc: JsonDocument, node: NodeId | undefined): node is NodeId {
  return node !== undefined && doc.kind[node] === STRING;
}

/** True when a container's source text has no whitespace outside strings. */
export function isCompact(doc: JsonDocument, node: NodeId): boolean {
  return (doc.flags[node]! & COMPACT) !== 0;
}

/** Members of an object or items of an array (0 for scalars). */
export function childCount(doc: JsonDocument, node: NodeId): number {
  return doc.count[node]!;
}

/** The key (a string node) of an object's i-th member. */
export function keyAt(doc: JsonDocument, object: NodeId, index: number): NodeId {
  return doc.slots[doc.first[object]! + 2 * index]!;
}

/** The value of an object's i-th member. */
export function valueAt(doc: JsonDocument, object: NodeId, index: number): NodeId {
  return doc.slots[doc.first[object]! + 2 * index + 1]!;
}

/** An array's i-th item. */
export function itemAt(doc: JsonDocument, array: NodeId, index: number): NodeId {
  return doc.slots[doc.first[array]! + index]!;
}

/** The exact source text of a node, whitespace included. */
export function sourceOf(doc: JsonDocument, node: NodeId): string {
  return doc.text.slice(doc.start[node], doc.end[node]);
}

/** The decoded value of a string node (escapes resolved, lone surrogates kept). */
export function stringValue(doc: JsonDocument, node: NodeId): string {
  const start = doc.start[node]!;
  const end = doc.end[node]!;
  if ((doc.flags[node]! & ESCAPED) === 0) return doc.text.slice(start + 1, end - 1);
  return JSON.parse(doc.text.slice(start, end)) as string;
}

/** The decoded name of an object's i-th key. */
export function keyName(doc: JsonDocument, object: NodeId, index: number): string {
  return stringValue(doc, keyAt(doc, object, index));
}

/** Decoded key names of an object, in source order. */
export function keyNames(doc: JsonDocument, object: NodeId): string[] {
  const names: string[] = [];
  for (let i = 0; i < doc.count[object]!; i++) names.push(keyName(doc, object, i));
  return names;
}

/** The value of the last member named `key` (last wins, as in JSON.parse). */
export function memberOf(doc: JsonDocument, object: NodeId, key: string): NodeId | undefined {
  for (let i = doc.count[object]! - 1; i >= 0; i--) {
    if (keyName(doc, object, i) === key) return valueAt(doc, object, i);
  }
  return undefined;
}

/** The children of a container (an object's values, an array's items). */
export function childValues(doc: JsonDocument, node: NodeId): NodeId[] {
  const values: NodeId[] = [];
  const kind = doc.kind[node];
  for (let i = 0; i < doc.count[node]!; i++) values.push(kind === OBJECT ? valueAt(doc, node, i) : itemAt(doc, node, i));
  return values;
}

/** Calls `visit` for each member of an object, in source order (duplicates included). */
export function forEachMember(doc: JsonDocument, object: NodeId, visit: (key: string, value: NodeId, keyNode: NodeId) => void): void {
  for (let i = 0; i < doc.count[object]!; i++) visit(keyName(doc, object, i), valueAt(doc, object, i), keyAt(doc, object, i));
}
