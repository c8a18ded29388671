// A $ref may point into a place the transform would otherwise drop or rewrite
// (an "examples" entry, a description). Such places are kept verbatim so every
// internal $ref target survives (SPEC §2.6). The targets form a trie of
// pointer segments that the writer walks alongside the schema.

import { ARRAY, OBJECT, STRING, itemAt, keyName, stringValue, valueAt, type JsonDocument, type NodeId } from '../json/json-node';
import { parseRef } from '../json/json-pointer';
import { DROPPED_ANNOTATIONS, NAME_MAP_KEYWORDS, VERBATIM_KEYWORDS } from './schema-vocabulary';

/** Pointer segments leading to $ref targets: a child exists for every segment on some target's path. */
export class RefTrie {
  readonly children = new Map<string, RefTrie>();

  child(segment: string): RefTrie | undefined {
    return this.children.get(segment);
  }

  add(segments: readonly string[], from = 0): void {
    if (from >= segments.length) return;
    let next = this.children.get(segments[from]!);
    if (!next) this.children.set(segments[from]!, (next = new RefTrie()));
    next.add(segments, from + 1);
  }
}

/** The trie of every internal pointer $ref target in `schema`, or undefined when it has none. */
export function refTargets(doc: JsonDocument, schema: NodeId): RefTrie | undefined {
  // Most schemas have no $ref at all: a text search settles that without a
  // walk. The search must stay inside the schema's own text (a slice is a view,
  // not a copy), or a catalog of many tools would be searched many times over.
  if (!doc.text.slice(doc.start[schema], doc.end[schema]).includes('"$ref"')) return undefined;
  let trie: RefTrie | undefined;
  const walk = (node: NodeId): void => {
    const kind = doc.kind[node];
    if (kind === ARRAY) {
      for (let i = 0; i < doc.count[node]!; i++) walk(itemAt(doc, node, i));
      return;
    }
    if (kind !== OBJECT) return;
    for (let i = 0; i < doc.count[node]!; i++) {
      const key = keyName(doc, node, i);
      const value = valueAt(doc, node, i);
      if (key === '$ref') {
        if (doc.kind[value] !== STRING) continue;
        const target = parseRef(stringValue(doc, value));
        if (target?.kind === 'pointer' && target.segments.length > 0) (trie ??= new RefTrie()).add(target.segments);
      } else if (DROPPED_ANNOTATIONS.has(key) || VERBATIM_KEYWORDS.has(key) || (key === 'description' && doc.kind[value] === STRING)) {
        continue;
      } else if (NAME_MAP_KEYWORDS.has(key) && doc.kind[value] === OBJECT) {
        for (let j = 0; j < doc.count[value]!; j++) walk(valueAt(doc, value, j));
      } else {
        walk(value);
      }
    }
  };
  walk(schema);
  return trie;
}
