// One definition of "schema territory" for every reader of a tool schema
// (ref collection, guarantee checks, selection profile): the same doors and
// the same skipped keywords as the transform itself.

import { ARRAY, OBJECT, isString, stringValue, type JsonNode, type ObjectNode } from '../json/json-node';
import { DROPPED_ANNOTATIONS, NAME_MAP_KEYWORDS, VERBATIM_KEYWORDS } from './schema-vocabulary';

/** Called for every schema object with its pointer segments from the schema root. */
export type SchemaObjectVisitor = (node: ObjectNode, path: readonly string[]) => void;

/**
 * Visits every object of a schema in document order. Does not enter dropped
 * annotations, verbatim keywords (enum, required, default, const) or
 * description values; enters the values of name maps such as `properties`.
 */
export function visitSchema(text: string, root: JsonNode, visit: SchemaObjectVisitor): void {
  const path: string[] = [];
  const walk = (node: JsonNode): void => {
    if (node.kind === ARRAY) {
      node.items.forEach((item, index) => {
        path.push(String(index));
        walk(item);
        path.pop();
      });
      return;
    }
    if (node.kind !== OBJECT) return;
    visit(node, path);
    for (let i = 0; i < node.keys.length; i++) {
      const key = stringValue(text, node.keys[i]!);
      const value = node.values[i]!;
      if (DROPPED_ANNOTATIONS.has(key) || VERBATIM_KEYWORDS.has(key)) continue;
      if (key === 'description' && isString(value)) continue;
      path.push(key);
      if (NAME_MAP_KEYWORDS.has(key) && value.kind === OBJECT) {
        for (let j = 0; j < value.keys.length; j++) {
          path.push(stringValue(text, value.keys[j]!));
          walk(value.values[j]!);
          path.pop();
        }
      } else {
        walk(value);
      }
      path.pop();
    }
  };
  walk(root);
}
