// Every description of a catalog with where it lives: its tool, a location
// string ("0:tool#/inputSchema/properties/x/description") that names the same
// place before and after a shrink, and the schema object it belongs to (whose
// keywords rule 3 compares with; none for a tool's own description).

import { OBJECT, STRING, forEachMember, stringValue, type JsonDocument, type NodeId } from '../json/json-node';
import { pointerOf } from '../json/json-pointer';
import { readCatalog } from '../transform/catalog-shape';
import { SCHEMA_DOORS } from '../transform/schema-vocabulary';
import { visitSchema } from '../transform/visit-schema';
import { NO_PROGRESS, parts, perTool, type Progress } from '../tool-progress';
import { hasWideCharacters, narrowed } from '../text/one-byte';

export interface DescriptionSite {
  toolIndex: number;
  tool: string;
  location: string;
  text: string;
  /** The schema object holding the description; undefined for an envelope's description. */
  owner?: NodeId;
}

/** Sites already listed, per document: every guarantee check reads them, and a parsed document never changes. */
const listed = new WeakMap<JsonDocument, readonly DescriptionSite[]>();

/**
 * Descriptions in document order (a location may repeat with duplicate keys);
 * listed once per document, not to be modified. `onProgress` hears the tools
 * done (all at once when the list is remembered).
 */
export function descriptionSites(doc: JsonDocument, onProgress: Progress = NO_PROGRESS): readonly DescriptionSite[] {
  let sites = listed.get(doc);
  if (sites === undefined) {
    sites = sitesOf(doc, onProgress);
    listed.set(doc, sites);
  } else onProgress(1);
  return sites;
}

/**
 * Lists the sites of each document not listed yet, each listing a share of
 * `onProgress`, and returns the share left for the caller's own walk over the
 * sites — all of it when every list is remembered, so the bar never jumps
 * over work that is not done.
 */
export function listSites(docs: readonly JsonDocument[], onProgress: Progress): Progress {
  const unlisted = docs.filter((doc) => !listed.has(doc));
  const shares = parts(onProgress, unlisted.length + 1);
  unlisted.forEach((doc, i) => descriptionSites(doc, shares[i]));
  return shares[unlisted.length]!;
}

function sitesOf(doc: JsonDocument, onProgress: Progress): DescriptionSite[] {
  const sites: DescriptionSite[] = [];
  const layout = readCatalog(doc);
  if (!layout) return sites;
  const onTool = perTool(onProgress, layout.tools.length);
  // In a two-byte document each description is copied one-byte where it can be (one-byte.ts): every check reads it as sentences.
  const wide = hasWideCharacters(doc.text);
  layout.tools.forEach((tool, toolIndex) => {
    const base = `${toolIndex}:${tool.name}#`;
    const add = (location: string, value: NodeId, owner?: NodeId) => {
      if (doc.kind[value] !== STRING) return;
      const text = wide ? narrowed(stringValue(doc, value)) : stringValue(doc, value);
      sites.push({ toolIndex, tool: tool.name, location, text, ...(owner !== undefined ? { owner } : {}) });
    };
    const addSchema = (schema: NodeId, at: string) => {
      visitSchema(doc, schema, (node, pointer) => {
        forEachMember(doc, node, (key, value) => {
          if (key === 'description') add(`${at}${pointer}/description`, value, node);
        });
      });
    };
    const addEnvelope = (envelope: NodeId, path: string[]) => {
      forEachMember(doc, envelope, (key, value) => {
        if (key === 'description') add(base + pointerOf([...path, key]), value);
        else if (SCHEMA_DOORS.has(key)) addSchema(value, base + pointerOf([...path, key]));
        else if (key === 'function' && doc.kind[value] === OBJECT) addEnvelope(value, [...path, key]);
      });
    };
    if (layout.kind === 'schema') addSchema(tool.node, base);
    else addEnvelope(tool.node, []);
    onTool(toolIndex);
  });
  return sites;
}

/** Sites grouped by location, in document order within a location. */
export function sitesByLocation(sites: readonly DescriptionSite[]): Map<string, DescriptionSite[]> {
  const byLocation = new Map<string, DescriptionSite[]>();
  for (const site of sites) {
    const list = byLocation.get(site.location);
    if (list) list.push(site);
    else byLocation.set(site.location, [site]);
  }
  return byLocation;
}
