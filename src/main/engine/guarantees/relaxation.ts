// The relaxation guarantee (docs/levels.md), at every level: each listed
// input schema accepts every argument object its original accepts, so a
// client that validates against what it was handed never refuses a valid
// call. Checked without a validator, keyword by keyword, over both schemas
// at once: every keyword the listed schema asserts is one the original
// asserts at the same place, as strictly or more loosely — a sub-schema a
// relaxation of the original's, `oneOf` kept only as it was (its branches
// relaxed become `anyOf`), `not`, `if`/`then`/`else`, `contains` only as
// they were, `additionalProperties` only beside at least the original's
// property names, `$ref`s landing where the original's land (each pair of
// schemas is taken as holding while it is being checked, so recursive
// schemas end). Where the original's `$ref` hides its siblings (up to
// draft-07) no sibling may assert in the listing.

import { ARRAY, LITERAL, OBJECT, STRING, itemAt, sourceOf, stringValue, type JsonDocument, type NodeId } from '../json/json-node';
import { escapeSegment, resolvePointer } from '../json/json-pointer';
import { readCatalog } from '../transform/catalog-shape';
import { declaredDialects, declaredEra, type Era } from '../transform/dialect';
import { refSites } from '../transform/schema-resources';
import { assertingMembers, membersOf, sameSchema, sameValue, type At } from './schema-equivalence';

export interface RelaxationFailure {
  tool: string;
  /** Pointer, from the tool's listed schema, of where it asserts more than the original. */
  at: string;
  reason: string;
}

/** Keywords whose sub-schemas must mean exactly what the original's do: relaxing them would tighten. */
const EXACT: ReadonlySet<string> = new Set(['oneOf', 'not', 'if', 'then', 'else', 'contains', 'minContains', 'maxContains', '$dynamicRef', '$recursiveRef']);
/** Keywords whose values are schemas by name, each listed one a relaxation of the original's of that name. */
const SCHEMA_MAPS: ReadonlySet<string> = new Set(['properties', 'patternProperties', 'dependentSchemas']);
const SCHEMA_VALUES: ReadonlySet<string> = new Set(['additionalProperties', 'additionalItems', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems']);

/** One side of a tool: its schema root, where its `$ref`s land (by the `$ref` value), and how its dialect reads keywords. */
interface Side {
  doc: JsonDocument;
  root: NodeId;
  refs: Map<NodeId, NodeId[]>;
  refHidesSiblings: boolean;
  /** Keywords the declared dialect does not know: they assert nothing there. */
  unknown: ReadonlySet<string>;
}

function sideOf(doc: JsonDocument, root: NodeId): Side {
  const dialects = declaredDialects(doc, root);
  const refs = new Map<NodeId, NodeId[]>();
  for (const site of refSites(doc, root, dialects)) {
    if (site.keyword !== '$ref') continue;
    const holder = resolvePointer(doc, root, site.at);
    const value = holder === undefined || doc.kind[holder] !== OBJECT ? undefined : membersOf(doc, holder).get('$ref');
    if (value !== undefined)
      refs.set(
        value,
        site.targets.flatMap((target) => resolvePointer(doc, root, target) ?? []),
      );
  }
  const era = declaredEra(dialects);
  return { doc, root, refs, refHidesSiblings: era.classic, unknown: unknownKeywords(era) };
}

/** What a dialect of `era` does not read (draft-04 has no `const`, draft-06 no `if`…). */
function unknownKeywords(era: Era): Set<string> {
  const unknown = new Set<string>();
  const add = (when: boolean, ...keys: string[]) => when && keys.forEach((key) => unknown.add(key));
  add(era.draft04, 'const', 'contains', 'propertyNames', 'if', 'then', 'else');
  add(era.conditionals, 'if', 'then', 'else');
  add(era.classic, 'dependentRequired', 'dependentSchemas', 'unevaluatedProperties', 'unevaluatedItems', 'minContains', 'maxContains');
  add(era.tuples, 'prefixItems', '$dynamicRef');
  add(!era.recursive, '$recursiveRef');
  return unknown;
}

/** Every tool of `after` (its output, shared sub-schemas expanded) whose listed schema asserts more than `before`'s; `tools`: how many were checked. */
export function relaxationFailures(before: JsonDocument, after: JsonDocument): { tools: number; failures: RelaxationFailure[] } {
  const original = readCatalog(before);
  const listed = readCatalog(after);
  if (!original || !listed) return { tools: 0, failures: [] };
  const failures: RelaxationFailure[] = [];
  original.tools.forEach((tool, i) => {
    tool.schemas.forEach((schema, door) => {
      const counterpart = listed.tools[i]?.schemas[door];
      if (counterpart === undefined) return;
      const failure = new RelaxationWalk(sideOf(after, counterpart), sideOf(before, schema)).check();
      if (failure) failures.push({ tool: tool.name, ...failure });
    });
  });
  return { tools: original.tools.length, failures };
}

class RelaxationWalk {
  /** Pairs being checked or checked already (listed node, original node). */
  private readonly assumed = new Set<string>();

  constructor(
    private readonly listed: Side,
    private readonly original: Side,
  ) {}

  check(): Omit<RelaxationFailure, 'tool'> | undefined {
    return this.relaxes(this.listed.root, this.original.root, '');
  }

  /** Undefined when `l` accepts everything `o` accepts, else where and why not. */
  private relaxes(l: NodeId, o: NodeId, at: string): Omit<RelaxationFailure, 'tool'> | undefined {
    const pair = `${l} ${o}`;
    if (this.assumed.has(pair)) return undefined;
    this.assumed.add(pair);
    const L = this.listed.doc;
    const O = this.original.doc;
    if (isLiteral(O, o, 'false')) return undefined;
    const listedAsserts = this.effective(this.listed, l);
    if (listedAsserts !== undefined && listedAsserts.size === 0) return undefined;
    if (isLiteral(L, l, 'true')) return undefined;
    const originalAsserts = this.effective(this.original, o);
    if (listedAsserts === undefined) return sameValue({ doc: L, node: l }, { doc: O, node: o }) ? undefined : { at, reason: 'not the original schema' };
    if (originalAsserts === undefined) return { at, reason: 'asserts where the original schema is not an object' };
    for (const [key, value] of listedAsserts) {
      const failure = this.keywordRelaxes(key, value, listedAsserts, originalAsserts, `${at}/${escapeSegment(key)}`);
      if (failure) return failure;
    }
    return undefined;
  }

  /** A schema object's asserting members (only its `$ref` where that hides its siblings); undefined for a boolean or a non-schema. */
  private effective(side: Side, node: NodeId): Map<string, NodeId> | undefined {
    if (side.doc.kind[node] !== OBJECT) return undefined;
    const members = assertingMembers(side.doc, node);
    for (const key of side.unknown) members.delete(key);
    const ref = members.get('$ref');
    if (ref !== undefined && side.refHidesSiblings) return new Map([['$ref', ref]]);
    return members;
  }

  private keywordRelaxes(
    key: string,
    value: NodeId,
    listed: Map<string, NodeId>,
    original: Map<string, NodeId>,
    at: string,
  ): Omit<RelaxationFailure, 'tool'> | undefined {
    const L = this.listed.doc;
    const O = this.original.doc;
    const fail = (reason: string) => ({ at, reason });
    if (key === 'nullable') return undefined;
    if (key === 'anyOf') return this.listRelaxes(value, original.get('anyOf') ?? original.get('oneOf'), at);
    const theirs = original.get(key);
    if (theirs === undefined) return fail(`${key} is not in the original here`);
    const mine: At = { doc: L, node: value };
    const its: At = { doc: O, node: theirs };
    if (EXACT.has(key)) return sameSchema(mine, its) ? undefined : fail(`${key} differs from the original's, where only the same is no tighter`);
    if (key.startsWith('unevaluated'))
      return this.sameNode(listed, original) ? undefined : fail(`${key} sees what the other keywords evaluate: only the original's whole schema keeps it`);
    if (key === '$ref') return this.refRelaxes(value, theirs, at);
    if (key === 'allOf' || key === 'prefixItems') return this.listRelaxes(value, theirs, at, true);
    if (SCHEMA_MAPS.has(key)) return this.mapRelaxes(value, theirs, at);
    if (key === 'items') return this.itemsRelax(value, theirs, listed, original, at);
    if (SCHEMA_VALUES.has(key)) return this.namesCovered(key, listed, original) ?? this.relaxes(value, theirs, at);
    if (key === 'dependencies') return this.mapRelaxes(value, theirs, at);
    if (key === 'required') return subsetOf(L, value, O, theirs) ? undefined : fail('requires a name the original does not');
    if (key === 'type') {
      if (!typesCover(L, value, O, theirs)) return fail('admits fewer types than the original');
      const nullable = original.get('nullable');
      const kept = listed.get('nullable');
      const dropped = nullable !== undefined && isLiteral(O, nullable, 'true') && !(kept !== undefined && isLiteral(L, kept, 'true'));
      return dropped ? fail('drops nullable beside type') : undefined;
    }
    return sameValue(mine, its) ? undefined : fail(`${key} differs from the original's`);
  }

  /** `additionalProperties`/`additionalItems` read their siblings: the listing must name at least what the original names. */
  private namesCovered(key: string, listed: Map<string, NodeId>, original: Map<string, NodeId>): Omit<RelaxationFailure, 'tool'> | undefined {
    const L = this.listed.doc;
    const O = this.original.doc;
    const covers = (keyword: string) => {
      const theirs = original.get(keyword);
      if (theirs === undefined || O.kind[theirs] !== OBJECT) return true;
      const mine = listed.get(keyword);
      const names = mine !== undefined && L.kind[mine] === OBJECT ? membersOf(L, mine) : new Map();
      return [...membersOf(O, theirs).keys()].every((name) => names.has(name));
    };
    if (key === 'additionalProperties' && !(covers('properties') && covers('patternProperties')))
      return { at: key, reason: 'additionalProperties beside fewer property names than the original' };
    if (key === 'additionalItems' && !sameLength(L, listed.get('items'), O, original.get('items')))
      return { at: key, reason: 'additionalItems beside fewer tuple items than the original' };
    return undefined;
  }

  private itemsRelax(value: NodeId, theirs: NodeId, listed: Map<string, NodeId>, original: Map<string, NodeId>, at: string) {
    const L = this.listed.doc;
    const O = this.original.doc;
    if (original.has('prefixItems') && !sameLength(L, listed.get('prefixItems'), O, original.get('prefixItems')))
      return { at, reason: 'items without the tuple items the original puts before them' };
    if (L.kind[value] === ARRAY || O.kind[theirs] === ARRAY) return this.listRelaxes(value, theirs, at, true);
    return this.relaxes(value, theirs, at);
  }

  /** Branches of `anyOf`, `allOf`, tuples: as many as the original's, each a relaxation of its own. */
  private listRelaxes(value: NodeId, theirs: NodeId | undefined, at: string, sameKeyword = false) {
    const L = this.listed.doc;
    const O = this.original.doc;
    if (theirs === undefined || L.kind[value] !== ARRAY || O.kind[theirs] !== ARRAY || L.count[value] !== O.count[theirs])
      return { at, reason: sameKeyword ? 'not the original list of schemas' : 'anyOf not the original anyOf or oneOf' };
    for (let i = 0; i < L.count[value]!; i++) {
      const failure = this.relaxes(itemAt(L, value, i), itemAt(O, theirs, i), `${at}/${i}`);
      if (failure) return failure;
    }
    return undefined;
  }

  private mapRelaxes(value: NodeId, theirs: NodeId, at: string) {
    const L = this.listed.doc;
    const O = this.original.doc;
    if (L.kind[value] !== OBJECT || O.kind[theirs] !== OBJECT)
      return sameValue({ doc: L, node: value }, { doc: O, node: theirs }) ? undefined : { at, reason: 'not the original' };
    const its = membersOf(O, theirs);
    for (const [name, schema] of membersOf(L, value)) {
      const counterpart = its.get(name);
      const here = `${at}/${escapeSegment(name)}`;
      if (counterpart === undefined) return { at: here, reason: 'not in the original' };
      if (L.kind[schema] === ARRAY || O.kind[counterpart] === ARRAY) {
        if (!sameValue({ doc: L, node: schema }, { doc: O, node: counterpart })) return { at: here, reason: 'not the original list' };
        continue;
      }
      const failure = this.relaxes(schema, counterpart, here);
      if (failure) return failure;
    }
    return undefined;
  }

  private refRelaxes(value: NodeId, theirs: NodeId, at: string) {
    const targetsL = this.listed.refs.get(value) ?? [];
    const targetsO = this.original.refs.get(theirs) ?? [];
    if (targetsO.length === 0) return undefined;
    if (targetsL.length === 0) return { at, reason: '$ref does not resolve in the listing' };
    for (const l of targetsL)
      for (const o of targetsO) {
        const failure = this.relaxes(l, o, at);
        if (failure) return failure;
      }
    return undefined;
  }

  private sameNode(listed: Map<string, NodeId>, original: Map<string, NodeId>): boolean {
    if (listed.size !== original.size) return false;
    for (const [key, value] of listed) {
      const theirs = original.get(key);
      if (theirs === undefined || !sameSchema({ doc: this.listed.doc, node: value }, { doc: this.original.doc, node: theirs })) return false;
    }
    return true;
  }
}

function isLiteral(doc: JsonDocument, node: NodeId, text: string): boolean {
  return doc.kind[node] === LITERAL && sourceOf(doc, node) === text;
}

function sameLength(L: JsonDocument, mine: NodeId | undefined, O: JsonDocument, theirs: NodeId | undefined): boolean {
  const length = (doc: JsonDocument, node: NodeId | undefined) => (node !== undefined && doc.kind[node] === ARRAY ? doc.count[node]! : 0);
  return length(L, mine) === length(O, theirs);
}

function stringsOf(doc: JsonDocument, node: NodeId): string[] | undefined {
  if (doc.kind[node] === STRING) return [stringValue(doc, node)];
  if (doc.kind[node] !== ARRAY) return undefined;
  const items: string[] = [];
  for (let i = 0; i < doc.count[node]!; i++) {
    const item = itemAt(doc, node, i);
    if (doc.kind[item] !== STRING) return undefined;
    items.push(stringValue(doc, item));
  }
  return items;
}

function subsetOf(L: JsonDocument, mine: NodeId, O: JsonDocument, theirs: NodeId): boolean {
  const names = stringsOf(L, mine);
  const required = stringsOf(O, theirs);
  if (names === undefined || required === undefined) return sameValue({ doc: L, node: mine }, { doc: O, node: theirs });
  return names.every((name) => required.includes(name));
}

function typesCover(L: JsonDocument, mine: NodeId, O: JsonDocument, theirs: NodeId): boolean {
  const listed = stringsOf(L, mine);
  const original = stringsOf(O, theirs);
  if (listed === undefined || original === undefined) return sameValue({ doc: L, node: mine }, { doc: O, node: theirs });
  return original.every((type) => listed.includes(type) || (type === 'integer' && listed.includes('number')));
}
