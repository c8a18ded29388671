// A tools/list listing as text, never re-serialised: each tool is the exact
// slice of the server's own answer line (found with the lossless parser), so
// `1.0`, `\u00e9`, `1e400` and the server's spacing survive into the catalog
// that is shrunk and stored, and into what the describe tool answers. The
// same listing therefore gives the same catalog bytes, and the same handle,
// on every run and every machine.

import { CavemanError } from '../../../shared/errors';
import { childCount, isArray, isObject, isString, itemAt, memberOf, sourceOf, stringValue, type JsonDocument } from '../../engine/json/json-node';
import { MAX_JSON_DEPTH, parseJson } from '../../engine/json/parse-json';

export interface ListingPage {
  /** Each tool's exact text in the answer. */
  tools: string[];
  nextCursor?: string | undefined;
}

/** The page a tools/list answer line holds. Throws cave_mcp_protocol when its result has no tools array. */
export function pageOfAnswer(line: string): ListingPage {
  const doc = parseJson(line, MAX_JSON_DEPTH);
  const result = isObject(doc, doc.root) ? memberOf(doc, doc.root, 'result') : undefined;
  const list = isObject(doc, result) ? memberOf(doc, result, 'tools') : undefined;
  if (!isArray(doc, list)) throw new CavemanError('cave_mcp_protocol', 'the server answered tools/list without a tools array');
  const cursor = memberOf(doc, result!, 'nextCursor');
  return { tools: itemTexts(doc, list), nextCursor: isString(doc, cursor) ? stringValue(doc, cursor) : undefined };
}

/** The catalog that is shrunk and stored: `{"tools":[` + the tools' texts joined by `,` + `]}`. */
export function catalogText(tools: readonly string[]): string {
  return `{"tools":[${tools.join(',')}]}`;
}

/** Each tool's text in a `{"tools":[…]}` catalog (the engine's output has that shape too). */
export function toolTexts(catalog: JsonDocument): string[] {
  const list = isObject(catalog, catalog.root) ? memberOf(catalog, catalog.root, 'tools') : undefined;
  if (!isArray(catalog, list)) throw new CavemanError('cave_internal', 'the catalog has no tools array');
  return itemTexts(catalog, list);
}

function itemTexts(doc: JsonDocument, list: number): string[] {
  const texts: string[] = [];
  for (let i = 0; i < childCount(doc, list); i++) texts.push(sourceOf(doc, itemAt(doc, list, i)));
  return texts;
}

/** Each tool's `name`, read from its text (undefined when it has none, or the text is not an object). */
export function toolNames(tools: readonly string[]): (string | undefined)[] {
  return tools.map((text) => {
    const doc = parseJson(text, MAX_JSON_DEPTH);
    const name = isObject(doc, doc.root) ? memberOf(doc, doc.root, 'name') : undefined;
    return isString(doc, name) ? stringValue(doc, name) : undefined;
  });
}
