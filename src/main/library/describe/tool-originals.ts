// A catalog's tools one by one, as they stand in the original: each tool's
// exact source text (a slice of the stored original, never re-serialised,
// so it is byte-exact) and whether the shrunk catalog shortened it.
//
// "Shortened" means: some non-empty description of the tool — its own, or a
// `description` keyword anywhere in its schemas — is cut or gone in the
// shrunk catalog, or its own description gained the deferral marker (at
// `skeletons` and `names` a schema's detail may go with no description cut). Dropped annotations (titles, examples, `$schema`,
// `$comment`), removed defaults and whitespace do not count: a tool whose
// descriptions all survive word for word is *complete* — the listing already
// carries every sentence its author wrote. Shared sub-schemas are expanded
// first: a description moved into the tool's `$defs` is still there.

import { descriptionsOf } from '../../engine/guarantees/constraint-survival';
import { endingInMarker } from '../../engine/guarantees/deferrals';
import { expandSharedSchemas } from '../../engine/guarantees/expand-shared';
import { sourceOf, type JsonDocument } from '../../engine/json/json-node';
import { readCatalog } from '../../engine/transform/catalog-shape';

export interface ToolOriginal {
  /** The tool's name ("#n" when it has none, "(schema)" for a bare schema). */
  name: string;
  /** Its exact source text in the original catalog. */
  text: string;
  /** Some non-empty description of the tool is cut or gone in the shrunk catalog. */
  shortened: boolean;
}

/** Every tool of `original`, in order, compared with the same tool in `shrunk` (its transform output). */
export function toolOriginals(original: JsonDocument, shrunk: JsonDocument): ToolOriginal[] {
  const layout = readCatalog(original);
  if (!layout) return [];
  const shortened = shortenedToolIndexes(original, shrunk);
  return layout.tools.map((tool, index) => ({ name: tool.name, text: sourceOf(original, tool.node), shortened: shortened.has(index) }));
}

/** Positions (0-based, in catalog order) of the tools with a non-empty description that is not the same in `shrunk`. */
export function shortenedToolIndexes(original: JsonDocument, shrunk: JsonDocument): Set<number> {
  const after = descriptionsOf(expandSharedSchemas(original, shrunk).doc);
  const indexes = new Set<number>();
  const nonEmpty = (texts: readonly string[]) => texts.filter((text) => text.trim() !== '');
  for (const [location, texts] of descriptionsOf(original)) {
    const before = nonEmpty(texts);
    const kept = nonEmpty(after.get(location) ?? []);
    if (before.length !== kept.length || before.some((text, n) => text !== kept[n])) indexes.add(Number(location.slice(0, location.indexOf(':'))));
  }
  const markedBefore = endingInMarker(original);
  for (const toolIndex of endingInMarker(shrunk)) if (!markedBefore.has(toolIndex)) indexes.add(toolIndex);
  return indexes;
}
