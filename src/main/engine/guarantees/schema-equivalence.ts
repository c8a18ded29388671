// What two schema fragments mean, compared without running a validator: the
// same members once annotations (descriptions, titles, examples, defaults…)
// and default-valued keywords are set aside, the last of duplicate keys as a
// parser keeps it, and values (`enum`, `const`, …) equal as JSON values.
// The relaxation check (relaxation.ts) asks it where a listed schema may not
// differ at all: inside `not`, `if`, `contains`, an exclusive `oneOf`.

import { ARRAY, LITERAL, NUMBER, OBJECT, STRING, itemAt, keyName, sourceOf, stringValue, valueAt, type JsonDocument, type NodeId } from '../json/json-node';
import { DROPPED_ANNOTATIONS, NAME_MAP_KEYWORDS } from '../transform/schema-vocabulary';
import { isDefaultValue } from '../transform/structural-defaults';

/** Keywords no validator asserts with (their absence or presence changes nothing that validates). */
const ANNOTATIONS: ReadonlySet<string> = new Set([
  ...DROPPED_ANNOTATIONS,
  'description',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$recursiveAnchor',
  '$defs',
  'definitions',
]);

/** Keywords whose values are data, compared as JSON values. */
const DATA: ReadonlySet<string> = new Set(['enum', 'const', 'required', 'default', 'examples', 'example', 'type', 'dependentRequired']);

/** A node of one document. */
export interface At {
  doc: JsonDocument;
  node: NodeId;
}

/** True when `key: value` asserts nothing: an annotation, or a keyword at its default value. */
export function assertsNothing(doc: JsonDocument, key: string, value: NodeId): boolean {
  return ANNOTATIONS.has(key) || isDefaultValue(doc, key, value, false);
}

/** An object's members as a parser keeps them (the last of duplicate keys). */
export function membersOf(doc: JsonDocument, node: NodeId): Map<string, NodeId> {
  const members = new Map<string, NodeId>();
  for (let i = 0; i < doc.count[node]!; i++) members.set(keyName(doc, node, i), valueAt(doc, node, i));
  return members;
}

/** The members that assert something. */
export function assertingMembers(doc: JsonDocument, node: NodeId): Map<string, NodeId> {
  const members = membersOf(doc, node);
  for (const [key, value] of members) if (assertsNothing(doc, key, value)) members.delete(key);
  return members;
}

/** Equal as JSON values: objects by their members (any order), numbers by value, strings decoded. */
export function sameValue(a: At, b: At): boolean {
  const kind = a.doc.kind[a.node];
  if (kind !== b.doc.kind[b.node]) return false;
  switch (kind) {
    case STRING:
      return stringValue(a.doc, a.node) === stringValue(b.doc, b.node);
    case NUMBER:
      return Number(sourceOf(a.doc, a.node)) === Number(sourceOf(b.doc, b.node));
    case LITERAL:
      return sourceOf(a.doc, a.node) === sourceOf(b.doc, b.node);
    case ARRAY:
      return sameItems(a, b, sameValue);
    default: {
      const ma = membersOf(a.doc, a.node);
      const mb = membersOf(b.doc, b.node);
      return ma.size === mb.size && [...ma].every(([key, value]) => mb.has(key) && sameValue({ doc: a.doc, node: value }, { doc: b.doc, node: mb.get(key)! }));
    }
  }
}

/** The same schema: the same asserting members, each meaning the same. */
export function sameSchema(a: At, b: At): boolean {
  const kind = a.doc.kind[a.node];
  if (kind !== OBJECT || b.doc.kind[b.node] !== OBJECT) {
    if (kind === ARRAY && b.doc.kind[b.node] === ARRAY) return sameItems(a, b, sameSchema);
    return sameValue(a, b);
  }
  const ma = assertingMembers(a.doc, a.node);
  const mb = assertingMembers(b.doc, b.node);
  if (ma.size !== mb.size) return false;
  for (const [key, value] of ma) {
    const other = mb.get(key);
    if (other === undefined) return false;
    const x = { doc: a.doc, node: value };
    const y = { doc: b.doc, node: other };
    if (!(DATA.has(key) ? sameValue(x, y) : NAME_MAP_KEYWORDS.has(key) ? sameNameMap(x, y) : sameSchema(x, y))) return false;
  }
  return true;
}

/** A name map (`properties`, `$defs`…): the same names, each with the same schema; its names are names, never keywords. */
function sameNameMap(a: At, b: At): boolean {
  if (a.doc.kind[a.node] !== OBJECT || b.doc.kind[b.node] !== OBJECT) return sameSchema(a, b);
  const ma = membersOf(a.doc, a.node);
  const mb = membersOf(b.doc, b.node);
  return ma.size === mb.size && [...ma].every(([name, value]) => mb.has(name) && sameSchema({ doc: a.doc, node: value }, { doc: b.doc, node: mb.get(name)! }));
}

function sameItems(a: At, b: At, same: (x: At, y: At) => boolean): boolean {
  const count = a.doc.count[a.node]!;
  if (count !== b.doc.count[b.node]) return false;
  for (let i = 0; i < count; i++) if (!same({ doc: a.doc, node: itemAt(a.doc, a.node, i) }, { doc: b.doc, node: itemAt(b.doc, b.node, i) })) return false;
  return true;
}
