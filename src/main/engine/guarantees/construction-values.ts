// Argument construction (SPEC §2.6): `default` and `const` values must survive
// byte for byte, and every internal `$ref` that resolved before the transform
// must still resolve after it, within its own tool's schema.

import { STRING, forEachMember, stringValue, type JsonDocument, type NodeId } from '../json/json-node';
import { parseRef, pointerOf, resolvePointer } from '../json/json-pointer';
import { readCatalog } from '../transform/catalog-shape';
import { visitSchema } from '../transform/visit-schema';
import { compactText } from './selection-profile';
import { NO_PROGRESS, perTool, type Progress } from '../tool-progress';

export interface RefReport {
  tool: string;
  /** Pointer of the schema object holding the $ref. */
  at: string;
  ref: string;
  kind: 'pointer' | 'anchor' | 'external' | 'malformed';
  resolves: boolean;
}

export interface ConstructionProfile {
  /** "tool␟door␟pointer␟keyword" → compact JSON text of each default/const. */
  values: Record<string, string>;
  refs: RefReport[];
}

/** Every default/const value and every $ref (with whether it resolves) of a catalog. */
export function constructionProfileOf(doc: JsonDocument, onProgress: Progress = NO_PROGRESS): ConstructionProfile {
  const profile: ConstructionProfile = { values: {}, refs: [] };
  const layout = readCatalog(doc);
  if (!layout) return profile;
  const onTool = perTool(onProgress, layout.tools.length);
  layout.tools.forEach((tool, toolIndex) => {
    tool.schemas.forEach((schema, door) => {
      visitSchema(doc, schema, (node, path) => {
        const at = pointerOf(path);
        forEachMember(doc, node, (key, value) => {
          if (key === 'default' || key === 'const') {
            profile.values[`${toolIndex}\u241f${door}\u241f${at}\u241f${key}`] = compactText(doc, value);
          } else if (key === '$ref' && doc.kind[value] === STRING) {
            profile.refs.push(refReport(doc, schema, tool.name, at, stringValue(doc, value)));
          }
        });
      });
    });
    onTool(toolIndex);
  });
  return profile;
}

function refReport(doc: JsonDocument, schemaRoot: NodeId, tool: string, at: string, ref: string): RefReport {
  const target = parseRef(ref);
  if (target === undefined) return { tool, at, ref, kind: 'malformed', resolves: false };
  if (target.kind === 'external') return { tool, at, ref, kind: 'external', resolves: false };
  if (target.kind === 'pointer') {
    return { tool, at, ref, kind: 'pointer', resolves: resolvePointer(doc, schemaRoot, target.segments) !== undefined };
  }
  return { tool, at, ref, kind: 'anchor', resolves: hasAnchor(doc, schemaRoot, target.name) };
}

function hasAnchor(doc: JsonDocument, schemaRoot: NodeId, name: string): boolean {
  let found = false;
  visitSchema(doc, schemaRoot, (node) => {
    forEachMember(doc, node, (key, value) => {
      if ((key === '$anchor' || key === '$dynamicAnchor') && doc.kind[value] === STRING && stringValue(doc, value) === name) found = true;
    });
  });
  return found;
}
