// The selection surface of a catalog (docs/spec.md): what a host and a model use
// to pick a tool — tool names, parameter names, enum values, required lists.
// The transform must leave it byte-identical; tests and the app compare it.

import { ARRAY, OBJECT, childValues, forEachMember, keyNames, type JsonDocument, type NodeId } from '../json/json-node';
import { escapeSegment } from '../json/json-pointer';
import { TextBuilder } from '../json/text-builder';
import { writeCompact } from '../json/write-compact';
import { readCatalog } from '../transform/catalog-shape';
import { visitSchema } from '../transform/visit-schema';
import { NO_PROGRESS, perTool, type Progress } from '../tool-progress';

export interface ToolSelectionProfile {
  name: string;
  /** JSON pointers (from the tool's schema root) of every declared property, sorted. */
  parameters: string[];
  /** Pointer of each schema with an `enum` → the enum's exact compact JSON text. */
  enums: Record<string, string>;
  /** Pointer of each schema with a non-empty `required` → its sorted entries (compact JSON text). */
  required: Record<string, string[]>;
}

export interface SelectionProfile {
  tools: ToolSelectionProfile[];
}

/** Profile of a parsed catalog; a document that is not a catalog has no tools. */
export function selectionProfileOf(doc: JsonDocument, onProgress: Progress = NO_PROGRESS): SelectionProfile {
  const layout = readCatalog(doc);
  if (!layout) return { tools: [] };
  const onTool = perTool(onProgress, layout.tools.length);
  return {
    tools: layout.tools.map((tool, toolIndex) => {
      const profile: ToolSelectionProfile = { name: tool.name, parameters: [], enums: {}, required: {} };
      tool.schemas.forEach((schema, door) => addSchema(doc, schema, door, tool.schemas.length, profile));
      profile.parameters.sort();
      onTool(toolIndex);
      return profile;
    }),
  };
}

function addSchema(doc: JsonDocument, schema: NodeId, door: number, doors: number, profile: ToolSelectionProfile): void {
  // A second schema door (rare) is told apart by a prefix so pointers stay unique.
  const prefix = doors > 1 ? `[${door}]` : '';
  visitSchema(doc, schema, (node, pointer) => {
    const here = prefix + pointer;
    forEachMember(doc, node, (key, value) => {
      if (key === 'properties' && doc.kind[value] === OBJECT) {
        for (const name of keyNames(doc, value)) profile.parameters.push(`${here}/properties/${escapeSegment(name)}`);
      } else if (key === 'enum') {
        profile.enums[here] = compactText(doc, value);
      } else if (key === 'required' && doc.kind[value] === ARRAY && doc.count[value]! > 0) {
        // An empty `required` means the same as none (docs/transform.md may drop it).
        profile.required[here] = childValues(doc, value)
          .map((item) => compactText(doc, item))
          .sort();
      }
    });
  });
}

export function compactText(doc: JsonDocument, node: NodeId): string {
  const out = new TextBuilder();
  writeCompact(doc, node, out);
  return out.toString();
}

/** True when two profiles are identical (same tools, order, names, enums, required). */
export function sameSelectionProfile(a: SelectionProfile, b: SelectionProfile): boolean {
  return canonical(a) === canonical(b);
}

function canonical(profile: SelectionProfile): string {
  const sortedEntries = (record: Record<string, unknown>) => Object.entries(record).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  return JSON.stringify(profile.tools.map((tool) => [tool.name, tool.parameters, sortedEntries(tool.enums), sortedEntries(tool.required)]));
}
