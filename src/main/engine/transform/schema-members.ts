// Which members of a schema are themselves schema territory: the rules the
// transform writes by, shared by everything that looks inside a schema for a
// keyword ($ref targets, unevaluated*). Data keywords (annotations, enum,
// const, default, …) and descriptions hold no schemas; a name map's keys are
// names, only its values are schemas; a $ref's value is a reference.

import { ARRAY, OBJECT, STRING, itemAt, keyName, valueAt, type JsonDocument, type NodeId } from '../json/json-node';
import { DROPPED_ANNOTATIONS, NAME_MAP_KEYWORDS, VERBATIM_KEYWORDS } from './schema-vocabulary';

/** False for members whose value holds no schemas: a $ref, annotations, verbatim keywords, a description. */
export function holdsSchemas(doc: JsonDocument, key: string, value: NodeId): boolean {
  return !(key === '$ref' || DROPPED_ANNOTATIONS.has(key) || VERBATIM_KEYWORDS.has(key) || (key === 'description' && doc.kind[value] === STRING));
}

/** True when `key` names a map of names to schemas and `value` is one. */
export function isNameMap(doc: JsonDocument, key: string, value: NodeId): boolean {
  return NAME_MAP_KEYWORDS.has(key) && doc.kind[value] === OBJECT;
}

/**
 * Calls `visit` with every member of every schema object in `schema`, in
 * document order, until it returns true; true when it did.
 */
export function someSchemaMember(doc: JsonDocument, schema: NodeId, visit: (key: string, value: NodeId) => boolean): boolean {
  const walk = (node: NodeId): boolean => {
    const kind = doc.kind[node];
    if (kind === ARRAY) {
      for (let i = 0; i < doc.count[node]!; i++) if (walk(itemAt(doc, node, i))) return true;
      return false;
    }
    if (kind !== OBJECT) return false;
    for (let i = 0; i < doc.count[node]!; i++) {
      const key = keyName(doc, node, i);
      const value = valueAt(doc, node, i);
      if (visit(key, value)) return true;
      if (!holdsSchemas(doc, key, value)) continue;
      if (isNameMap(doc, key, value)) {
        for (let j = 0; j < doc.count[value]!; j++) if (walk(valueAt(doc, value, j))) return true;
      } else if (walk(value)) return true;
    }
    return false;
  };
  return walk(schema);
}
