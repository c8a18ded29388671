// Every description of a catalog with where it lives: its tool, a location
// string ("0:tool#/inputSchema/properties/x/description") that names the same
// place before and after a shrink, and the schema object it belongs to (whose
// keywords rule 3 compares with; none for a tool's own description).

import { OBJECT, STRING, forEachMember, stringValue, type JsonDocument, type NodeId } from '../json/json-node';
import { pointerOf } from '../json/json-pointer';
import { readCatalog } from '../transform/catalog-shape';
import { SCHEMA_DOORS } from '../transform/schema-vocabulary';
import { visitSchema } from '../transform/visit-schema';

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

/** Descriptions in document order (a location may repeat with duplicate keys); listed once per document, not to be modified. */
export function descriptionSites(doc: JsonDocument): readonly DescriptionSite[] {
  let sites = listed.get(doc);
  if (sites === undefined) {
    sites = sitesOf(doc);
    listed.set(doc, sites);
  }
  return sites;
}

function sitesOf(doc: JsonDocument): DescriptionSite[] {
  const sites: DescriptionSite[] = [];
  const layout = readCatalog(doc);
  if (!layout) return sites;
  layout.tools.forEach((tool, toolIndex) => {
    const base = `${toolIndex}:${tool.name}#`;
    const add = (location: string, value: NodeId, owner?: NodeId) => {
      if (doc.kind[value] !== STRING) return;
      sites.push({ toolIndex, tool: tool.name, location, text: stringValue(doc, value), ...(owner !== undefined ? { owner } : {}) });
    };
    const addSchema = (schema: NodeId, at: string) => {
      visitSchema(doc, schema, (node, path) => {
        forEachMember(doc, node, (key, value) => {
          if (key === 'description') add(at + pointerOf([...path, 'description']), value, node);
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
