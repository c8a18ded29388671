// One definition of "schema territory" for every reader of a tool schema
// (guarantee checks, selection profile): the same doors and the same skipped
// keywords as the transform itself.

import { ARRAY, OBJECT, STRING, keyName, valueAt, itemAt, type JsonDocument, type NodeId } from '../json/json-node';
import { escapeSegment } from '../json/json-pointer';
import { DROPPED_ANNOTATIONS, NAME_MAP_KEYWORDS, VERBATIM_KEYWORDS } from './schema-vocabulary';

/**
 * Called for every schema object with its JSON Pointer from the schema root (without "#"), built a segment at a
 * time: the guarantee walks want it for every node, and writing it from the whole path each time would dominate
 * their cost.
 */
export type SchemaObjectVisitor = (node: NodeId, pointer: string) => void;

/**
 * Visits every object of a schema in document order. Does not enter dropped
 * annotations, verbatim keywords (enum, required, default, const) or
 * description values; enters the values of name maps such as `properties`.
 */
export function visitSchema(doc: JsonDocument, root: NodeId, visit: SchemaObjectVisitor): void {
  const walk = (node: NodeId, pointer: string): void => {
    const kind = doc.kind[node];
    if (kind === ARRAY) {
      for (let i = 0; i < doc.count[node]!; i++) {
        walk(itemAt(doc, node, i), `${pointer}/${i}`);
      }
      return;
    }
    if (kind !== OBJECT) return;
    visit(node, pointer);
    for (let i = 0; i < doc.count[node]!; i++) {
      const key = keyName(doc, node, i);
      const value = valueAt(doc, node, i);
      if (DROPPED_ANNOTATIONS.has(key) || VERBATIM_KEYWORDS.has(key)) continue;
      if (key === 'description' && doc.kind[value] === STRING) continue;
      const keyPointer = `${pointer}/${escapeSegment(key)}`;
      if (NAME_MAP_KEYWORDS.has(key) && doc.kind[value] === OBJECT) {
        for (let j = 0; j < doc.count[value]!; j++) {
          const name = keyName(doc, value, j);
          walk(valueAt(doc, value, j), `${keyPointer}/${escapeSegment(name)}`);
        }
      } else {
        walk(value, keyPointer);
      }
    }
  };
  walk(root, '');
}
