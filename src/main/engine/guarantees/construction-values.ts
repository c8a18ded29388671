// Argument construction (docs/spec.md): `default` and `const` values must survive
// byte for byte, and every internal `$ref` that resolved before the transform
// must still resolve after it, within its own tool's schema, to the same
// places (resolved against the `$id` bases in effect: schema-resources.ts).

import { forEachMember, type JsonDocument } from '../json/json-node';
import { pointerOf, resolvePointer } from '../json/json-pointer';
import { readCatalog } from '../transform/catalog-shape';
import { declaredDialects } from '../transform/dialect';
import { refSites } from '../transform/schema-resources';
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

/** A reference with the places it lands (pointers from the tool schema's root): every reading a validator may take. */
export interface ResolvedRef extends RefReport {
  targets: string[];
  /** The tool's place in the catalog. */
  toolIndex: number;
}

export interface ConstructionProfile {
  /** "tool␟door␟pointer␟keyword" → compact JSON text of each default/const. */
  values: Record<string, string>;
  refs: ResolvedRef[];
}

/** Every default/const value and every $ref (with whether it resolves) of a catalog. */
export function constructionProfileOf(doc: JsonDocument, onProgress: Progress = NO_PROGRESS): ConstructionProfile {
  const profile: ConstructionProfile = { values: {}, refs: [] };
  const layout = readCatalog(doc);
  if (!layout) return profile;
  const onTool = perTool(onProgress, layout.tools.length);
  layout.tools.forEach((tool, toolIndex) => {
    tool.schemas.forEach((schema, door) => {
      visitSchema(doc, schema, (node, at) => {
        forEachMember(doc, node, (key, value) => {
          if (key === 'default' || key === 'const') profile.values[`${toolIndex}\u241f${door}\u241f${at}\u241f${key}`] = compactText(doc, value);
        });
      });
      for (const site of refSites(doc, schema, declaredDialects(doc, schema))) {
        const targets = site.targets.filter((target) => resolvePointer(doc, schema, target) !== undefined).map(pointerOf);
        profile.refs.push({ tool: tool.name, toolIndex, at: pointerOf(site.at), ref: site.ref, kind: site.kind, resolves: targets.length > 0, targets });
      }
    });
    onTool(toolIndex);
  });
  return profile;
}
