// Tools as the checker is handed them: each one's exact text in its catalog
// (a slice of the file, never re-serialised), with its input schema parsed
// for the instance generator.

import { sourceOf } from '../../../../src/main/engine/json/json-node';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { readCatalog } from '../../../../src/main/engine/transform/catalog-shape';

export interface ToolText {
  name: string;
  text: string;
  inputSchema: unknown;
}

export function toolTexts(catalogText: string): ToolText[] {
  const doc = parseJson(catalogText);
  return (readCatalog(doc)?.tools ?? []).map((tool) => ({
    name: tool.name,
    text: sourceOf(doc, tool.node),
    inputSchema: JSON.parse(sourceOf(doc, tool.schemas[0]!)) as unknown,
  }));
}

/** A tool's text around an input schema. */
export function toolWith(name: string, inputSchema: unknown): string {
  return JSON.stringify({ name, description: `The ${name} tool.`, inputSchema });
}
