// A $ref may point into a place the transform would otherwise drop or rewrite
// (an "examples" entry, a description). Such places are kept verbatim so every
// internal $ref target survives (docs/spec.md). The targets form a trie of
// pointer segments from the tool schema's root that the writer walks
// alongside the schema. Where an `$id` changes the base a reference is
// resolved against, schema-resources.ts says where it lands.

import { ARRAY, OBJECT, STRING, itemAt, keyAt, stringValue, valueAt, type JsonDocument, type NodeId } from '../json/json-node';
import { parseRef } from '../json/json-pointer';
import { indexOfQuoted } from '../text/find-quoted';
import type { Dialect } from './dialect';
import { refSites } from './schema-resources';
import { holdsSchemas, isNameMap } from './schema-members';
import { RefTrie } from './ref-trie';

/** A key named $ref, as text, after its opening quote. */
const REF_KEY_TAIL = '$ref"';

/** Keys that make a schema's references land elsewhere than "#…" from its root says (or that the text search does not find). */
const RESOLUTION_KEYS = ['$id"', '$dynamicRef"', '$recursiveRef"'];

/**
 * The trie of every internal $ref target in `schema`, or undefined when it
 * has none. `dialects`: the `$schema` values it declares (dialect.ts).
 */
export function refTargets(doc: JsonDocument, schema: NodeId, dialects?: ReadonlySet<Dialect>): RefTrie | undefined {
  // The search stays inside the schema's own text (a slice is a view, not a
  // copy), or a catalog of many tools would be searched many times over.
  const slice = doc.text.slice(doc.start[schema], doc.end[schema]);
  // Without a \u escape, a key named $ref is spelled exactly "$ref": the
  // places that text occurs are the only candidates, and each is settled by
  // descending to it (most schemas have none, the rest a few among thousands
  // of nodes). A key written with escapes ("\u0024ref"), and a schema whose
  // `$id`s set bases (or draft-04's `id`s), are walked instead.
  if (
    slice.includes('\\u') ||
    RESOLUTION_KEYS.some((key) => indexOfQuoted(slice, key) !== -1) ||
    ((dialects?.has('draft-04') || dialects?.has('draft-03')) && indexOfQuoted(slice, 'id"') !== -1)
  ) {
    return refTargetsByWalk(doc, schema, dialects);
  }
  let trie: RefTrie | undefined;
  const base = doc.start[schema]!;
  for (let at = indexOfQuoted(slice, REF_KEY_TAIL); at !== -1; at = indexOfQuoted(slice, REF_KEY_TAIL, at + 1)) {
    const value = refValueAt(doc, schema, base + at);
    if (value !== undefined) trie = addTarget(doc, value, trie);
  }
  return trie;
}

/**
 * The same targets found by visiting every node of `schema` and resolving
 * each reference against its base: what refTargets() must always agree with
 * (the tests hold it to that).
 */
export function refTargetsByWalk(doc: JsonDocument, schema: NodeId, dialects?: ReadonlySet<Dialect>): RefTrie | undefined {
  let trie: RefTrie | undefined;
  for (const site of refSites(doc, schema, dialects)) {
    for (const target of site.targets) if (target.length > 0) (trie ??= new RefTrie()).add(target);
  }
  return trie;
}

function addTarget(doc: JsonDocument, value: NodeId, trie: RefTrie | undefined): RefTrie | undefined {
  if (doc.kind[value] !== STRING) return trie;
  const target = parseRef(stringValue(doc, value));
  if (target?.kind !== 'pointer' || target.segments.length === 0) return trie;
  (trie ??= new RefTrie()).add(target.segments);
  return trie;
}

/**
 * When the `"$ref"` text at `offset` is a key the walk would read as a
 * $ref (not a property name, not inside data or a string), its value.
 * Descends from `node` by offsets, applying the walk's rules at each step.
 */
function refValueAt(doc: JsonDocument, node: NodeId, offset: number): NodeId | undefined {
  for (;;) {
    const kind = doc.kind[node];
    if (kind === ARRAY) {
      const item = itemHolding(doc, node, offset);
      if (item === undefined) return undefined;
      node = item;
      continue;
    }
    if (kind !== OBJECT) return undefined;
    const member = memberAt(doc, node, offset);
    if (member === undefined) return undefined;
    const keyNode = keyAt(doc, node, member);
    const value = valueAt(doc, node, member);
    if (offset < doc.end[keyNode]!) return offset === doc.start[keyNode] ? value : undefined;
    if (offset < doc.start[value]!) return undefined;
    const key = stringValue(doc, keyNode);
    if (!holdsSchemas(doc, key, value)) return undefined;
    if (isNameMap(doc, key, value)) {
      // A name map's keys are names: only its values are schemas.
      const named = memberAt(doc, value, offset);
      if (named === undefined) return undefined;
      const entry = valueAt(doc, value, named);
      if (offset < doc.start[entry]!) return undefined;
      node = entry;
      continue;
    }
    node = value;
  }
}

/** The index of the last member of `object` whose key starts at or before `offset` (binary search), or undefined. */
function memberAt(doc: JsonDocument, object: NodeId, offset: number): number | undefined {
  const index = lastStartingBy(doc, object, offset, true);
  return index === -1 || offset >= doc.end[valueAt(doc, object, index)]! ? undefined : index;
}

/** The item of `array` that contains `offset`, or undefined. */
function itemHolding(doc: JsonDocument, array: NodeId, offset: number): NodeId | undefined {
  const index = lastStartingBy(doc, array, offset, false);
  if (index === -1) return undefined;
  const item = itemAt(doc, array, index);
  return offset < doc.end[item]! ? item : undefined;
}

/** The last child index whose start (an object member's key) is at or before `offset`; -1 for none. */
function lastStartingBy(doc: JsonDocument, container: NodeId, offset: number, isObject: boolean): number {
  let low = 0;
  let high = doc.count[container]! - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const child = isObject ? keyAt(doc, container, middle) : itemAt(doc, container, middle);
    if (doc.start[child]! <= offset) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
