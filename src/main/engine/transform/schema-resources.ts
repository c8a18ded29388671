// Where each reference of a tool schema lands. A `$ref` is a URI reference
// resolved against the base URI in effect (RFC 3986 §5.2): the nearest `$id`
// around it (`id` in draft-04), else the document's own. Its fragment is a
// JSON Pointer from that resource's root or a plain name (`$anchor`,
// `$dynamicAnchor`, or a draft-07 `$id` of "#name"). Validators disagree at
// the edges, so every reading a validator may take is kept:
// - 2019-09 on, an `$id` beside the `$ref` sets its base; up to draft-07 the
//   `$ref` hides its siblings, so the base is the enclosing one;
// - a reader that ignores `$id` altogether takes "#/…" from the tool root.
// A target is named by its pointer segments from the tool schema's root.

import { ARRAY, OBJECT, STRING, itemAt, keyName, stringValue, valueAt, type JsonDocument, type NodeId } from '../json/json-node';
import { parseRef } from '../json/json-pointer';
import { fragmentOf, resolveUri, uriKey } from '../json/uri-reference';
import { indexOfQuoted } from '../text/find-quoted';
import { isDraft04, type Dialect } from './dialect';
import { holdsSchemas, isNameMap } from './schema-members';

/** Keywords whose value is a reference to resolve. */
export const REFERENCE_KEYWORDS: ReadonlySet<string> = new Set(['$ref', '$dynamicRef', '$recursiveRef']);

/** The base of a tool schema with no `$id`: its retrieval URI is unknown, so any absolute URI no schema names will do. */
const DOCUMENT_BASE = 'urn:caveman-shrink:tool-schema';

export interface RefSite {
  /** Pointer segments of the schema object holding the reference. */
  at: readonly string[];
  keyword: string;
  ref: string;
  /** Every place the reference may land (distinct, possibly none). */
  targets: string[][];
  /** How the reference reads: a JSON Pointer fragment, a plain name, nothing in this schema, or not a reference at all. */
  kind: 'pointer' | 'anchor' | 'external' | 'malformed';
}

interface PendingRef {
  at: string[];
  keyword: string;
  ref: string;
  /** Bases in effect: with the object's own `$id` (2019-09 on) and without it (up to draft-07). */
  bases: string[];
}

/**
 * Every reference of `schema` with where it lands. `dialects`: the `$schema`
 * values the tool declares (draft-04 or older: `id` names resources).
 */
export function refSites(doc: JsonDocument, schema: NodeId, dialects: ReadonlySet<Dialect> = new Set()): RefSite[] {
  // Most schemas have no reference at all: their text says so (unless a \u escape could hide a key).
  const text = doc.text.slice(doc.start[schema], doc.end[schema]);
  if (!text.includes('\\u') && !text.includes('Ref"') && indexOfQuoted(text, '$ref"') === -1) return [];
  const idKeyword = isDraft04(dialects) ? 'id' : '$id';
  const resources = new Map<string, string[]>([[uriKey(DOCUMENT_BASE), []]]);
  const anchors = new Map<string, string[]>();
  const pending: PendingRef[] = [];
  const path: string[] = [];

  const walk = (node: NodeId, outer: string): void => {
    const kind = doc.kind[node];
    if (kind === ARRAY) {
      for (let i = 0; i < doc.count[node]!; i++) {
        path.push(String(i));
        walk(itemAt(doc, node, i), outer);
        path.pop();
      }
      return;
    }
    if (kind !== OBJECT) return;
    let base = outer;
    const id = lastString(doc, node, idKeyword);
    if (id !== undefined) {
      base = resolveUri(outer, id);
      resources.set(uriKey(base), [...path]);
      const fragment = fragmentOf(base);
      if (fragment) anchors.set(`${uriKey(base)}#${decode(fragment) ?? fragment}`, [...path]);
    }
    for (let i = 0; i < doc.count[node]!; i++) {
      const key = keyName(doc, node, i);
      const value = valueAt(doc, node, i);
      if (doc.kind[value] === STRING && (key === '$anchor' || key === '$dynamicAnchor')) anchors.set(`${uriKey(base)}#${stringValue(doc, value)}`, [...path]);
      if (REFERENCE_KEYWORDS.has(key) && doc.kind[value] === STRING) {
        pending.push({ at: [...path], keyword: key, ref: stringValue(doc, value), bases: base === outer ? [base] : [base, outer] });
      }
    }
    for (let i = 0; i < doc.count[node]!; i++) {
      const key = keyName(doc, node, i);
      const value = valueAt(doc, node, i);
      if (!holdsSchemas(doc, key, value) || REFERENCE_KEYWORDS.has(key)) continue;
      path.push(key);
      if (isNameMap(doc, key, value)) {
        for (let j = 0; j < doc.count[value]!; j++) {
          path.push(keyName(doc, value, j));
          walk(valueAt(doc, value, j), base);
          path.pop();
        }
      } else walk(value, base);
      path.pop();
    }
  };
  walk(schema, DOCUMENT_BASE);

  return pending.map((site) => resolveSite(site, resources, anchors));
}

function resolveSite(site: PendingRef, resources: Map<string, string[]>, anchors: Map<string, string[]>): RefSite {
  const targets: string[][] = [];
  const seen = new Set<string>();
  const add = (target: string[] | undefined) => {
    if (target === undefined) return;
    const key = target.join('\u0000');
    if (!seen.has(key)) {
      seen.add(key);
      targets.push(target);
    }
  };
  const local = parseRef(site.ref);
  if (local === undefined) return { at: site.at, keyword: site.keyword, ref: site.ref, targets, kind: 'malformed' };
  let kind: RefSite['kind'] = local.kind === 'external' ? 'external' : local.kind;
  // A reader that ignores `$id`: "#…" from the tool root.
  if (local.kind === 'pointer') add(local.segments);
  for (const base of site.bases) {
    const absolute = resolveUri(base, site.ref);
    const resource = resources.get(uriKey(absolute));
    if (resource === undefined) continue;
    const fragment = fragmentOf(absolute) ?? '';
    const decoded = decode(fragment);
    if (decoded === undefined) {
      kind = 'malformed';
      continue;
    }
    if (decoded === '' || decoded.startsWith('/')) {
      const target = parseRef(`#${fragment}`);
      if (target?.kind === 'pointer') {
        add([...resource, ...target.segments]);
        kind = 'pointer';
      }
    } else {
      add(anchors.get(`${uriKey(absolute)}#${decoded}`));
      if (kind === 'external') kind = 'anchor';
    }
  }
  return { at: site.at, keyword: site.keyword, ref: site.ref, targets, kind };
}

function decode(fragment: string): string | undefined {
  if (!fragment.includes('%')) return fragment;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}

/** The value of the last string member named `key` (the last of duplicates wins, as in JSON.parse). */
function lastString(doc: JsonDocument, node: NodeId, key: string): string | undefined {
  for (let i = doc.count[node]! - 1; i >= 0; i--) {
    if (keyName(doc, node, i) !== key) continue;
    const value = valueAt(doc, node, i);
    return doc.kind[value] === STRING ? stringValue(doc, value) : undefined;
  }
  return undefined;
}
