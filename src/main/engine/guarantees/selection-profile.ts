// The selection surface of a catalog (SPEC §2.6): what a host and a model use
// to pick a tool — tool names, parameter names, enum values, required lists.
// The transform must leave it byte-identical; tests and the app compare it.

import { OBJECT, isArray, stringValue, type JsonDocument, type JsonNode } from '../json/json-node';
import { pointerOf } from '../json/json-pointer';
import { TextBuilder } from '../json/text-builder';
import { writeCompact } from '../json/write-compact';
import { readCatalog } from '../transform/catalog-shape';
import { visitSchema } from '../transform/visit-schema';

export interface ToolSelectionProfile {
  name: string;
  /** JSON pointers (from the tool's schema root) of every declared property, sorted. */
  parameters: string[];
  /** Pointer of each schema with an `enum` → the enum's exact compact JSON text. */
  enums: Record<string, string>;
  /** Pointer of each schema with `required` → its sorted entries (compact JSON text). */
  required: Record<string, string[]>;
}

export interface SelectionProfile {
  tools: ToolSelectionProfile[];
}

/** Profile of a parsed catalog; a document that is not a catalog has no tools. */
export function selectionProfileOf(doc: JsonDocument): SelectionProfile {
  const layout = readCatalog(doc);
  if (!layout) return { tools: [] };
  return {
    tools: layout.tools.map((tool) => {
      const profile: ToolSelectionProfile = { name: tool.name, parameters: [], enums: {}, required: {} };
      tool.schemas.forEach((schema, door) => addSchema(doc.text, schema, door, tool.schemas.length, profile));
      profile.parameters.sort();
      return profile;
    }),
  };
}

function addSchema(text: string, schema: JsonNode, door: number, doors: number, profile: ToolSelectionProfile): void {
  // A second schema door (rare) is told apart by a prefix so pointers stay unique.
  const prefix = doors > 1 ? `[${door}]` : '';
  visitSchema(text, schema, (node, path) => {
    const here = prefix + pointerOf(path);
    node.keys.forEach((keyNode, i) => {
      const key = stringValue(text, keyNode);
      const value = node.values[i]!;
      if (key === 'properties' && value.kind === OBJECT) {
        for (const name of value.keys) profile.parameters.push(prefix + pointerOf([...path, 'properties', stringValue(text, name)]));
      } else if (key === 'enum') {
        profile.enums[here] = compactText(text, value);
      } else if (key === 'required' && isArray(value)) {
        profile.required[here] = value.items.map((item) => compactText(text, item)).sort();
      }
    });
  });
}

export function compactText(text: string, node: JsonNode): string {
  const out = new TextBuilder();
  writeCompact(text, node, out);
  return out.toString();
}

/** True when two profiles are identical (same tools, order, names, enums, required). */
export function sameSelectionProfile(a: SelectionProfile, b: SelectionProfile): boolean {
  return canonical(a) === canonical(b);
}

function canonical(profile: SelectionProfile): string {
  const sortedEntries = (record: Record<string, unknown>) => Object.entries(record).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  return JSON.stringify(
    profile.tools.map((tool) => [tool.name, tool.parameters, sortedEntries(tool.enums), sortedEntries(tool.required)]),
  );
}
