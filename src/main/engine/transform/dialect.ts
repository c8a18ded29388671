// Which JSON Schema dialect a tool schema declares, and whether dropping its
// `$schema` would change what the schema means. MCP (2025-11-25) reads a
// schema without `$schema` as 2020-12, so `$schema` may go only when every
// keyword the schema uses means the same in its declared dialect and in
// 2020-12. What differs, from the specifications' release notes (draft-06,
// draft-07, 2019-09, 2020-12) and the meta-schemas:
// - 2020-12: `items` as an array and `additionalItems` became `prefixItems`
//   and `items`; `$recursiveRef`/`$recursiveAnchor` became `$dynamicRef`/
//   `$dynamicAnchor`; `contains` now marks items evaluated (`unevaluatedItems`).
// - 2019-09: `$ref` no longer hides its siblings; `dependencies` split into
//   `dependentSchemas`/`dependentRequired`; `$anchor` replaced plain-name
//   `$id` fragments; new `unevaluated*`, `minContains`/`maxContains`.
// - draft-07: new `if`/`then`/`else` (ignored by draft-06).
// - draft-06: `id` became `$id`; `exclusiveMinimum`/`exclusiveMaximum` became
//   numbers; new `const`, `contains`, `propertyNames`, boolean schemas
//   everywhere; `integer` now admits 1.0.
// - draft-03: `required` on the property, `divisibleBy`, `disallow`, `extends`.
// `format` is left out: it may assert in draft-07 and may be made to assert in
// 2020-12, so no instance's outcome is fixed by the dialect alone.

import { ARRAY, LITERAL, OBJECT, STRING, itemAt, keyName, sourceOf, stringValue, valueAt, type JsonDocument, type NodeId } from '../json/json-node';
import { indexOfQuoted } from '../text/find-quoted';
import type { RefTrie } from './ref-trie';
import { DROPPED_ANNOTATIONS, SUBSCHEMA_KEYWORDS, SUBSCHEMA_LIST_KEYWORDS, SUBSCHEMA_MAP_KEYWORDS } from './schema-vocabulary';
import { holdsSchemas, isNameMap } from './schema-members';
import { hasDuplicateKey, isDefaultValue } from './structural-defaults';

export type Dialect = 'draft-03' | 'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12' | 'unknown';

const KNOWN: Record<string, Dialect> = {
  'json-schema.org/draft-03/schema': 'draft-03',
  'json-schema.org/draft-04/schema': 'draft-04',
  'json-schema.org/draft-06/schema': 'draft-06',
  'json-schema.org/draft-07/schema': 'draft-07',
  'json-schema.org/draft/2019-09/schema': '2019-09',
  'json-schema.org/draft/2020-12/schema': '2020-12',
};

/** The dialect a `$schema` value names ("unknown" for any other meta-schema: every difference is then assumed). */
export function dialectOf(metaSchema: string): Dialect {
  const bare = metaSchema
    .trim()
    .replace(/^https?:\/\//iu, '')
    .replace(/#$/u, '');
  const slash = bare.indexOf('/');
  const key = slash === -1 ? bare.toLowerCase() : bare.slice(0, slash).toLowerCase() + bare.slice(slash);
  return KNOWN[key] ?? 'unknown';
}

/** The `$schema` values declared in a tool schema's schema objects, as dialects (empty: none declared, 2020-12 for MCP). */
export function declaredDialects(doc: JsonDocument, schema: NodeId): Set<Dialect> {
  const dialects = new Set<Dialect>();
  const text = doc.text.slice(doc.start[schema], doc.end[schema]);
  if (indexOfQuoted(text, '$schema"') === -1 && !text.includes('\\u')) return dialects;
  walkSchemaObjects(doc, schema, undefined, (node) => {
    for (let i = 0; i < doc.count[node]!; i++) {
      const value = valueAt(doc, node, i);
      if (doc.kind[value] === STRING && keyName(doc, node, i) === '$schema') dialects.add(dialectOf(stringValue(doc, value)));
    }
  });
  return dialects;
}

/** True when every declared dialect is draft-04 or older (boolean `exclusiveMinimum`, no boolean schemas but two). */
export function isDraft04(dialects: ReadonlySet<Dialect>): boolean {
  if (dialects.size === 0) return false;
  for (const dialect of dialects) if (dialect !== 'draft-03' && dialect !== 'draft-04') return false;
  return true;
}

/** Differences from 2020-12 by era: each flag says a family of keywords reads differently in that dialect. */
export interface Era {
  /** `items` arrays, `additionalItems`, `prefixItems`, `$dynamic*` (before 2020-12). */
  tuples: boolean;
  /** `$recursive*`, and `contains` feeding `unevaluatedItems` (2019-09). */
  recursive: boolean;
  /** `$ref` siblings, `dependencies`, `dependent*`, `unevaluated*`, `*Contains`, `$anchor`, `$id` fragments (before 2019-09). */
  classic: boolean;
  /** `if`/`then`/`else` (before draft-07). */
  conditionals: boolean;
  /** `id`, `$id`, boolean `exclusive*`, `const`, `contains`, `propertyNames`, boolean schemas, `integer` (before draft-06). */
  draft04: boolean;
  /** `divisibleBy`, `disallow`, `extends`, boolean `required`, `type` "any" or schemas (draft-03). */
  draft03: boolean;
}

const ERAS: Record<Exclude<Dialect, '2020-12'>, Era> = {
  'draft-03': { tuples: true, recursive: false, classic: true, conditionals: true, draft04: true, draft03: true },
  'draft-04': { tuples: true, recursive: false, classic: true, conditionals: true, draft04: true, draft03: false },
  'draft-06': { tuples: true, recursive: false, classic: true, conditionals: true, draft04: false, draft03: false },
  'draft-07': { tuples: true, recursive: false, classic: true, conditionals: false, draft04: false, draft03: false },
  '2019-09': { tuples: true, recursive: true, classic: false, conditionals: false, draft04: false, draft03: false },
  unknown: { tuples: true, recursive: true, classic: true, conditionals: true, draft04: true, draft03: true },
};

/** Siblings of `$ref` that assert nothing in any dialect (anything else is ignored beside `$ref` before 2019-09). */
const ANNOTATION_ONLY: ReadonlySet<string> = new Set([
  ...DROPPED_ANNOTATIONS,
  'description',
  'default',
  'readOnly',
  'writeOnly',
  'deprecated',
  'contentMediaType',
  'contentEncoding',
  '$defs',
  'definitions',
]);

const ERA_2020: Era = { tuples: false, recursive: false, classic: false, conditionals: false, draft04: false, draft03: false };

/** What reads differently from 2020-12 in some of `dialects` (nothing when none is declared: MCP reads 2020-12). */
export function declaredEra(dialects: ReadonlySet<Dialect>): Era {
  const eras: Era[] = [];
  for (const dialect of dialects) if (dialect !== '2020-12') eras.push(ERAS[dialect]);
  return eras.length === 0 ? ERA_2020 : mergeEras(eras);
}

/** Keywords whose boolean schema value draft-04 accepts. */
const DRAFT04_BOOLEAN_SCHEMAS: ReadonlySet<string> = new Set(['additionalProperties', 'additionalItems']);

export interface DialectScan {
  /** The tool's `$ref` targets: a member on the way to one is kept whatever it is. */
  targets: RefTrie | undefined;
  /** Whether default-valued keywords are dropped (they then read the same in every dialect, or are gone). */
  exactStructure: boolean;
}

/**
 * True when some keyword of `schema`, as the transform writes it, means
 * something else in one of `dialects` than in 2020-12: its `$schema` must
 * then stay. Only schema objects count (not vendor data or annotations), and
 * a keyword the transform drops as a default counts only where it is kept.
 */
export function needsDialect(doc: JsonDocument, schema: NodeId, dialects: ReadonlySet<Dialect>, scan: DialectScan): boolean {
  const era = declaredEra(dialects);
  if (era === ERA_2020) return false;
  const draft04 = isDraft04(dialects);
  let found = false;
  walkSchemaObjects(doc, schema, scan.targets, (node, targets) => {
    if (found) return;
    const kept = (key: string, value: NodeId): boolean =>
      !scan.exactStructure ||
      targets?.child(key) !== undefined ||
      !isDefaultValue(doc, key, value, draft04) ||
      hasDuplicateKey(doc, node, key, (j) => keyName(doc, node, j));
    let ref = false;
    let assertingSibling = false;
    for (let i = 0; i < doc.count[node]! && !found; i++) {
      const key = keyName(doc, node, i);
      const value = valueAt(doc, node, i);
      if (!kept(key, value)) continue;
      if (key === '$ref') ref = true;
      else if (!ANNOTATION_ONLY.has(key)) assertingSibling = true;
      found = differs(doc, key, value, era) || (era.draft04 && holdsBooleanSchema(doc, key, value));
    }
    if (ref && assertingSibling && era.classic) found = true;
  });
  return found;
}

/** Whether `key: value` puts a boolean where a schema stands (draft-04 takes booleans only for two keywords). */
function holdsBooleanSchema(doc: JsonDocument, key: string, value: NodeId): boolean {
  const kind = doc.kind[value];
  if (SUBSCHEMA_KEYWORDS.has(key)) return !DRAFT04_BOOLEAN_SCHEMAS.has(key) && isBoolean(doc, value);
  if (SUBSCHEMA_LIST_KEYWORDS.has(key) && kind === ARRAY) {
    for (let i = 0; i < doc.count[value]!; i++) if (isBoolean(doc, itemAt(doc, value, i))) return true;
  } else if (SUBSCHEMA_MAP_KEYWORDS.has(key) && kind === OBJECT) {
    for (let i = 0; i < doc.count[value]!; i++) if (isBoolean(doc, valueAt(doc, value, i))) return true;
  }
  return false;
}

function isBoolean(doc: JsonDocument, value: NodeId): boolean {
  if (doc.kind[value] !== LITERAL) return false;
  const text = sourceOf(doc, value);
  return text === 'true' || text === 'false';
}

function mergeEras(eras: Era[]): Era {
  const any = (flag: keyof Era) => eras.some((era) => era[flag]);
  return {
    tuples: any('tuples'),
    recursive: any('recursive'),
    classic: any('classic'),
    conditionals: any('conditionals'),
    draft04: any('draft04'),
    draft03: any('draft03'),
  };
}

/** Whether one member (already known to be written and not a no-op default) reads differently in `era` than in 2020-12. */
function differs(doc: JsonDocument, key: string, value: NodeId, era: Era): boolean {
  const kind = doc.kind[value];
  switch (key) {
    case 'items':
      return era.tuples && kind === ARRAY;
    case 'additionalItems':
    case 'prefixItems':
    case '$dynamicRef':
    case '$dynamicAnchor':
      return era.tuples;
    case '$recursiveRef':
    case '$recursiveAnchor':
      return era.recursive;
    case 'unevaluatedItems':
      return era.recursive || era.classic;
    case 'dependencies':
    case 'dependentRequired':
    case 'dependentSchemas':
    case 'unevaluatedProperties':
    case 'minContains':
    case 'maxContains':
    case '$anchor':
      return era.classic;
    case '$id':
      return era.draft04 || (era.classic && kind === STRING && /#./u.test(stringValue(doc, value)));
    case 'id':
      return era.draft04 && kind === STRING;
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return era.draft04 && kind === LITERAL;
    case 'const':
    case 'contains':
    case 'propertyNames':
      return era.draft04;
    case 'if':
    case 'then':
    case 'else':
      return era.conditionals;
    case 'type':
      return (
        (era.draft04 && typeNames(doc, value).includes('integer')) ||
        (era.draft03 && (typeNames(doc, value).includes('any') || (kind === ARRAY && hasObjectItem(doc, value))))
      );
    case 'required':
      return era.draft03 && kind !== ARRAY;
    case 'divisibleBy':
    case 'disallow':
    case 'extends':
      return era.draft03;
    default:
      return false;
  }
}

function typeNames(doc: JsonDocument, value: NodeId): string[] {
  if (doc.kind[value] === STRING) return [stringValue(doc, value)];
  if (doc.kind[value] !== ARRAY) return [];
  const names: string[] = [];
  for (let i = 0; i < doc.count[value]!; i++) {
    const item = itemAt(doc, value, i);
    if (doc.kind[item] === STRING) names.push(stringValue(doc, item));
  }
  return names;
}

function hasObjectItem(doc: JsonDocument, array: NodeId): boolean {
  for (let i = 0; i < doc.count[array]!; i++) if (doc.kind[itemAt(doc, array, i)] === OBJECT) return true;
  return false;
}

/**
 * Visits the schema objects of `schema` where the transform writes them as
 * schemas (where it drops default-valued keywords), with the part of the
 * `$ref`-target trie below each.
 */
function walkSchemaObjects(doc: JsonDocument, schema: NodeId, trie: RefTrie | undefined, visit: (node: NodeId, targets: RefTrie | undefined) => void): void {
  const walk = (node: NodeId, targets: RefTrie | undefined): void => {
    if (doc.kind[node] !== OBJECT) return;
    visit(node, targets);
    for (let i = 0; i < doc.count[node]!; i++) {
      const member = keyName(doc, node, i);
      const value = valueAt(doc, node, i);
      if (!holdsSchemas(doc, member, value)) continue;
      const below = targets?.child(member);
      if (isNameMap(doc, member, value)) {
        if (SUBSCHEMA_MAP_KEYWORDS.has(member)) for (let j = 0; j < doc.count[value]!; j++) walk(valueAt(doc, value, j), below?.child(keyName(doc, value, j)));
      } else if (SUBSCHEMA_LIST_KEYWORDS.has(member) && doc.kind[value] === ARRAY) {
        for (let j = 0; j < doc.count[value]!; j++) walk(itemAt(doc, value, j), below?.child(String(j)));
      } else if (SUBSCHEMA_KEYWORDS.has(member)) walk(value, below);
    }
  };
  walk(schema, trie);
}
