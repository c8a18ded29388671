// The selection surface a typed skeleton keeps (docs/levels.md): at
// `skeletons` every property name down to depth 3, every `type`, every
// `required` list and every `enum` of up to 16 values stays exactly as the
// original has it, wherever the skeleton lists the schema it belongs to.
// Walked over the listing and the original at once, so a `oneOf` listed as
// `anyOf` is compared with the original's `oneOf`.

import { ARRAY, OBJECT, itemAt, type JsonDocument, type NodeId } from '../json/json-node';
import { escapeSegment } from '../json/json-pointer';
import { declaredDialects, declaredEra } from '../transform/dialect';
import { SKELETON_DEPTH, SKELETON_ENUM_VALUES, isTypeValue } from '../transform/skeleton-writer';
import { membersOf, sameValue } from './schema-equivalence';

/** Pointers (from the listed schema) where the skeleton lost or changed a name, a type, a required list or a short enum; empty when it kept them all. */
export function skeletonDifferences(listed: JsonDocument, listedRoot: NodeId, original: JsonDocument, originalRoot: NodeId): string[] {
  const differences: string[] = [];
  // Where `$ref` hides its siblings, they name nothing the original validates with.
  const refHidesSiblings = declaredEra(declaredDialects(original, originalRoot)).classic;

  const compare = (l: NodeId, o: NodeId, depth: number, at: string): void => {
    if (listed.kind[l] !== OBJECT || original.kind[o] !== OBJECT) return;
    const mine = membersOf(listed, l);
    const its = membersOf(original, o);
    if (!(refHidesSiblings && its.has('$ref'))) {
      for (const key of ['type', 'required', 'enum'] as const) {
        const theirs = its.get(key);
        if (theirs === undefined || !keptBySkeleton(original, key, theirs)) continue;
        const kept = mine.get(key);
        if (kept === undefined || !sameValue({ doc: listed, node: kept }, { doc: original, node: theirs })) differences.push(`${at}/${key}`);
      }
      const properties = its.get('properties');
      if (properties !== undefined && original.kind[properties] === OBJECT && depth < SKELETON_DEPTH) {
        const names = mine.get('properties');
        const listedNames = names !== undefined && listed.kind[names] === OBJECT ? membersOf(listed, names) : new Map<string, NodeId>();
        for (const [name, schema] of membersOf(original, properties)) {
          const counterpart = listedNames.get(name);
          const here = `${at}/properties/${escapeSegment(name)}`;
          if (counterpart === undefined) differences.push(here);
          else compare(counterpart, schema, depth + 1, here);
        }
      }
    }
    const items = mine.get('items');
    const theirItems = its.get('items');
    if (items !== undefined && theirItems !== undefined) compare(items, theirItems, depth + 1, `${at}/items`);
    for (const [key, theirKey] of [
      ['anyOf', its.has('anyOf') ? 'anyOf' : 'oneOf'],
      ['allOf', 'allOf'],
    ] as const) {
      const branches = mine.get(key);
      const theirs = its.get(theirKey);
      if (branches === undefined || theirs === undefined || listed.kind[branches] !== ARRAY || original.kind[theirs] !== ARRAY) continue;
      const count = Math.min(listed.count[branches]!, original.count[theirs]!);
      for (let i = 0; i < count; i++) compare(itemAt(listed, branches, i), itemAt(original, theirs, i), depth, `${at}/${key}/${i}`);
    }
  };

  compare(listedRoot, originalRoot, 0, '');
  // Root definitions the skeleton lists are compared with the original's of the same name, as parameters are.
  if (listed.kind[listedRoot] === OBJECT && original.kind[originalRoot] === OBJECT) {
    const its = membersOf(original, originalRoot);
    for (const [keyword, map] of membersOf(listed, listedRoot)) {
      const theirs = its.get(keyword);
      if ((keyword !== '$defs' && keyword !== 'definitions') || theirs === undefined || listed.kind[map] !== OBJECT || original.kind[theirs] !== OBJECT)
        continue;
      const definitions = membersOf(original, theirs);
      for (const [name, schema] of membersOf(listed, map)) {
        const counterpart = definitions.get(name);
        if (counterpart !== undefined) compare(schema, counterpart, 1, `/${keyword}/${escapeSegment(name)}`);
      }
    }
  }
  return differences;
}

/** Whether a skeleton keeps this `type`, `required` or `enum` at all (a draft-03 `type`, a long enum, an empty list it need not). */
function keptBySkeleton(doc: JsonDocument, key: 'type' | 'required' | 'enum', value: NodeId): boolean {
  if (key === 'type') return isTypeValue(doc, value);
  if (doc.kind[value] !== ARRAY) return false;
  return key === 'required' ? doc.count[value]! > 0 : doc.count[value]! <= SKELETON_ENUM_VALUES;
}
