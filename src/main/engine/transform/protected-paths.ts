// A $ref may point into a place the transform would otherwise drop or rewrite
// (an "examples" entry, a description). Such places are kept verbatim so
// every internal $ref target survives (SPEC §2.6).

import { isString, stringValue, type JsonNode } from '../json/json-node';
import { parseRef, pointerOf } from '../json/json-pointer';
import { visitSchema } from './visit-schema';

/** Every pointer prefix of every internal $ref target in `schema`; undefined when there are none. */
export function refProtectedPaths(text: string, schema: JsonNode): Set<string> | undefined {
  let paths: Set<string> | undefined;
  visitSchema(text, schema, (node) => {
    node.keys.forEach((key, i) => {
      const ref = node.values[i]!;
      if (!isString(ref) || stringValue(text, key) !== '$ref') return;
      const target = parseRef(stringValue(text, ref));
      if (target?.kind !== 'pointer') return;
      paths ??= new Set();
      for (let n = 1; n <= target.segments.length; n++) paths.add(pointerOf(target.segments.slice(0, n)));
    });
  });
  return paths;
}
