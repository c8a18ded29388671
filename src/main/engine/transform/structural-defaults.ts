// Exact structural savings (docs/transform.md): a keyword whose value is the JSON
// Schema default means the same as no keyword at all, so it can go without
// changing what validates. Only in schema objects (never in vendor data),
// never where a $ref points, never a key that appears twice in its object
// (the last of duplicate keys wins, so dropping one could change the value),
// and never the root's `type`, `properties` or `required` (hosts read the
// root's shape). Keywords whose annotations `unevaluated*` reads are dropped
// only in a schema that has no `unevaluated*` keyword at all. A default of
// one dialect only is dropped only there: `exclusiveMinimum: false` is the
// default of draft-04 (and invalid from draft-06 on, where it is a number),
// while `items: true` and `required: []` are invalid in draft-04.

import { ARRAY, LITERAL, NUMBER, OBJECT, STRING, sourceOf, type JsonDocument, type NodeId } from '../json/json-node';

type DefaultTest = (doc: JsonDocument, value: NodeId) => boolean;

const isLiteral =
  (text: string): DefaultTest =>
  (doc, value) =>
    doc.kind[value] === LITERAL && sourceOf(doc, value) === text;
const isTrueOrEmptySchema: DefaultTest = (doc, value) => isLiteral('true')(doc, value) || (doc.kind[value] === OBJECT && doc.count[value] === 0);
const isEmptyObject: DefaultTest = (doc, value) => doc.kind[value] === OBJECT && doc.count[value] === 0;
const isEmptyArray: DefaultTest = (doc, value) => doc.kind[value] === ARRAY && doc.count[value] === 0;
const isEmptyString: DefaultTest = (doc, value) => doc.kind[value] === STRING && doc.end[value]! - doc.start[value]! === 2;
const isNumber =
  (n: number): DefaultTest =>
  (doc, value) =>
    doc.kind[value] === NUMBER && Number(sourceOf(doc, value)) === n;
const isFalse = isLiteral('false');

/** Keyword → "its value is the default". */
export const DEFAULT_VALUED: ReadonlyMap<string, DefaultTest> = new Map<string, DefaultTest>([
  ['additionalProperties', isTrueOrEmptySchema],
  ['additionalItems', isTrueOrEmptySchema],
  ['items', isTrueOrEmptySchema],
  ['unevaluatedProperties', isTrueOrEmptySchema],
  ['unevaluatedItems', isTrueOrEmptySchema],
  ['propertyNames', isTrueOrEmptySchema],
  ['properties', isEmptyObject],
  ['patternProperties', isEmptyObject],
  ['dependentSchemas', isEmptyObject],
  ['dependentRequired', isEmptyObject],
  ['dependencies', isEmptyObject],
  ['$defs', isEmptyObject],
  ['definitions', isEmptyObject],
  ['required', isEmptyArray],
  ['description', isEmptyString],
  ['uniqueItems', isFalse],
  ['deprecated', isFalse],
  ['readOnly', isFalse],
  ['writeOnly', isFalse],
  ['exclusiveMinimum', isFalse],
  ['exclusiveMaximum', isFalse],
  ['minItems', isNumber(0)],
  ['minLength', isNumber(0)],
  ['minProperties', isNumber(0)],
  ['minContains', isNumber(1)],
]);

/** Defaults of draft-04 and older only (a number from draft-06 on). */
const DRAFT04_ONLY: ReadonlySet<string> = new Set(['exclusiveMinimum', 'exclusiveMaximum']);

/** True when `key: value` is the keyword's default in the dialect in effect (`draft04`: draft-04 or older declared). */
export function isDefaultValue(doc: JsonDocument, key: string, value: NodeId, draft04: boolean): boolean {
  const test = DEFAULT_VALUED.get(key);
  if (test === undefined || !test(doc, value)) return false;
  if (DRAFT04_ONLY.has(key)) return draft04;
  // Draft-04 has no boolean schemas besides additionalProperties/additionalItems, and wants `required` non-empty.
  if (draft04 && ((key === 'items' && doc.kind[value] === LITERAL) || key === 'required')) return false;
  return true;
}

/** Keywords whose (default) annotation `unevaluatedProperties` / `unevaluatedItems` can see. */
const ANNOTATING: ReadonlySet<string> = new Set(['additionalProperties', 'additionalItems', 'items', 'unevaluatedProperties', 'unevaluatedItems']);

/** Kept on a tool's root schema even when empty: hosts read the root's shape. */
const ROOT_SHAPE: ReadonlySet<string> = new Set(['type', 'properties', 'required']);

export interface StructureScope {
  /**
   * Whether the schema this node belongs to has an `unevaluatedProperties`/
   * `unevaluatedItems` keyword: asked only when an annotating keyword has its
   * default value (rare), so most schemas are never searched.
   */
  unevaluated: () => boolean;
  root: boolean;
  /** The tool schema declares draft-04 or older (dialect.ts): its defaults differ a little. */
  draft04?: boolean;
}

/** True when member `key: value` of a schema object can be dropped without changing its meaning. */
export function isDroppableDefault(doc: JsonDocument, key: string, value: NodeId, scope: StructureScope): boolean {
  if (!isDefaultValue(doc, key, value, scope.draft04 ?? false)) return false;
  if (scope.root && ROOT_SHAPE.has(key)) return false;
  return !(ANNOTATING.has(key) && scope.unevaluated());
}

/** True when `key` occurs more than once among the members of `node`. */
export function hasDuplicateKey(doc: JsonDocument, node: NodeId, key: string, keyName: (i: number) => string): boolean {
  let seen = 0;
  for (let i = 0; i < doc.count[node]!; i++) if (keyName(i) === key && ++seen > 1) return true;
  return false;
}
