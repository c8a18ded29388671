// Argument construction (SPEC §2.6): `default` and `const` values must survive
// byte for byte, and every internal `$ref` that resolved before the transform
// must still resolve after it, within its own tool's schema.

import { isString, stringValue, type JsonDocument, type JsonNode } from '../json/json-node';
import { parseRef, pointerOf, resolvePointer } from '../json/json-pointer';
import { readCatalog } from '../transform/catalog-shape';
import { visitSchema } from '../transform/visit-schema';
import { compactText } from './selection-profile';

export interface RefReport {
  tool: string;
  /** Pointer of the schema object holding the $ref. */
  at: string;
  ref: string;
  kind: 'pointer' | 'anchor' | 'external' | 'malformed';
  resolves: boolean;
}

export interface ConstructionProfile {
  /** "tool␟pointer␟keyword" → compact JSON text of each default/const. */
  values: Record<string, string>;
  refs: RefReport[];
}

/** Every default/const value and every $ref (with whether it resolves) of a catalog. */
export function constructionProfileOf(doc: JsonDocument): ConstructionProfile {
  const profile: ConstructionProfile = { values: {}, refs: [] };
  const layout = readCatalog(doc);
  if (!layout) return profile;
  const { text } = doc;
  layout.tools.forEach((tool, toolIndex) => {
    tool.schemas.forEach((schema, door) => {
      visitSchema(text, schema, (node, path) => {
        const at = pointerOf(path);
        node.keys.forEach((keyNode, i) => {
          const key = stringValue(text, keyNode);
          const value = node.values[i]!;
          if (key === 'default' || key === 'const') {
            profile.values[`${toolIndex}\u241f${door}\u241f${at}\u241f${key}`] = compactText(text, value);
          } else if (key === '$ref' && isString(value)) {
            profile.refs.push(refReport(text, schema, tool.name, at, stringValue(text, value)));
          }
        });
      });
    });
  });
  return profile;
}

function refReport(text: string, schemaRoot: JsonNode, tool: string, at: string, ref: string): RefReport {
  const target = parseRef(ref);
  if (target === undefined) return { tool, at, ref, kind: 'malformed', resolves: false };
  if (target.kind === 'external') return { tool, at, ref, kind: 'external', resolves: false };
  if (target.kind === 'pointer') {
    return { tool, at, ref, kind: 'pointer', resolves: resolvePointer(text, schemaRoot, target.segments) !== undefined };
  }
  return { tool, at, ref, kind: 'anchor', resolves: hasAnchor(text, schemaRoot, target.name) };
}

function hasAnchor(text: string, schemaRoot: JsonNode, name: string): boolean {
  let found = false;
  visitSchema(text, schemaRoot, (node) => {
    node.keys.forEach((key, i) => {
      const value = node.values[i]!;
      const keyName = stringValue(text, key);
      if ((keyName === '$anchor' || keyName === '$dynamicAnchor') && isString(value) && stringValue(text, value) === name) found = true;
    });
  });
  return found;
}

