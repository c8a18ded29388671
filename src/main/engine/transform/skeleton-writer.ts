// A tool schema's typed skeleton, the schema `skeletons` lists
// (docs/levels.md): property names, `type`, `required`, `enum` up to 16
// values, `const`, `default`, `nullable`, `additionalProperties: false`,
// nested properties and array items to depth 3, `anyOf`/`allOf` branches
// (`oneOf` written as `anyOf`: relaxed branches may overlap), and `$ref`s to
// the root or a root `$defs` entry with the entries they need. Everything
// else is deferred.
//
// What it lists accepts every argument object the original accepts: each
// keyword kept means in the listing what it means in the original (whatever
// dialect the original declares; the skeleton declares none, so a reader
// takes 2020-12), and only keywords whose dropping can only widen what
// validates are dropped. Hence `additionalProperties: false` stays only
// beside every property name and no `patternProperties`; `items` only
// without `prefixItems`; `const` not where draft-04 (which has no `const`)
// is declared; no sibling of a `$ref` where the dialect has `$ref` hide its
// siblings; and `not`, `if`/`then`/`else`, `contains` are dropped whole,
// never relaxed inside.

import { ARRAY, LITERAL, OBJECT, STRING, itemAt, keyAt, keyName, sourceOf, stringValue, valueAt, type JsonDocument, type NodeId } from '../json/json-node';
import { resolvePointer } from '../json/json-pointer';
import type { JsonSink } from '../json/json-sink';
import { TextBuilder } from '../json/text-builder';
import { writeCompact } from '../json/write-compact';
import { declaredDialects, declaredEra, isDraft04, type Era } from './dialect';
import { refSites } from './schema-resources';
import { DROPPED_ANNOTATIONS } from './schema-vocabulary';
import { isDefaultValue } from './structural-defaults';

/** How deep properties and array items are written: the root's parameters are depth 1. */
export const SKELETON_DEPTH = 3;
/** The longest `enum` a skeleton keeps. */
export const SKELETON_ENUM_VALUES = 16;

const TYPE_NAMES: ReadonlySet<string> = new Set(['null', 'boolean', 'object', 'array', 'number', 'string', 'integer']);
/** Dropped without losing anything a validator reads (with the annotations and default-valued keywords). */
const NEUTRAL: ReadonlySet<string> = new Set(['$id', '$anchor', '$dynamicAnchor', '$recursiveAnchor', 'deprecated', 'readOnly', 'writeOnly']);
const DEFINITION_MAPS: ReadonlySet<string> = new Set(['$defs', 'definitions']);

/** Writes the skeleton of `schema`; true when it left out anything a validator or a reader would see. */
export function writeSkeleton(doc: JsonDocument, schema: NodeId, out: JsonSink): boolean {
  const writer = new SkeletonWriter(doc, schema, out);
  writer.writeRoot();
  return writer.lost;
}

/** Writes `{"type":"object"}` (what `names` lists); true when `schema` said more than that. */
export function writeObjectSchema(doc: JsonDocument, schema: NodeId, out: JsonSink): boolean {
  out.push('{"type":"object"}');
  if (doc.kind[schema] !== OBJECT) return true;
  const draft04 = isDraft04(declaredDialects(doc, schema));
  return lastMembers(doc, schema).some(([key, value]) => {
    if (key === 'type') return !(doc.kind[value] === STRING && stringValue(doc, value) === 'object');
    return !isNeutral(doc, key, value, draft04);
  });
}

/** The members a parser keeps (the last of duplicate keys), in their order: [key, value, key node]. */
function lastMembers(doc: JsonDocument, node: NodeId): [string, NodeId, NodeId][] {
  const members: [string, NodeId, NodeId][] = [];
  const seen = new Set<string>();
  for (let i = doc.count[node]! - 1; i >= 0; i--) {
    const key = keyName(doc, node, i);
    if (seen.has(key)) continue;
    seen.add(key);
    members.push([key, valueAt(doc, node, i), keyAt(doc, node, i)]);
  }
  return members.reverse();
}

function isNeutral(doc: JsonDocument, key: string, value: NodeId, draft04: boolean): boolean {
  if (DROPPED_ANNOTATIONS.has(key) || NEUTRAL.has(key)) return true;
  if (key === 'description') return doc.kind[value] !== STRING || stringValue(doc, value).trim() === '';
  return isDefaultValue(doc, key, value, draft04);
}

/** A `$ref` the skeleton keeps, by the schema object that holds it: where it lands (the root, or one root definition). */
type KeptRef = { keyword: string; name: string } | 'root';

class SkeletonWriter {
  lost = false;
  private readonly era: Era;
  private readonly draft04: boolean;
  private readonly refs = new Map<NodeId, KeptRef>();
  /** Root definitions the written skeleton references, in the order first met. */
  private readonly needed: { keyword: string; name: string; node: NodeId }[] = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly doc: JsonDocument,
    private readonly root: NodeId,
    private out: JsonSink,
  ) {
    const dialects = declaredDialects(doc, root);
    this.era = declaredEra(dialects);
    this.draft04 = isDraft04(dialects);
    for (const site of refSites(doc, root, dialects)) {
      const [target, other] = site.targets;
      if (site.keyword !== '$ref' || site.kind !== 'pointer' || !site.ref.startsWith('#') || target === undefined || other !== undefined) continue;
      const holder = resolvePointer(doc, root, site.at);
      if (holder === undefined) continue;
      if (target.length === 0) this.refs.set(holder, 'root');
      else if (target.length === 2 && DEFINITION_MAPS.has(target[0]!) && resolvePointer(doc, root, target) !== undefined)
        this.refs.set(holder, { keyword: target[0]!, name: target[1]! });
    }
  }

  writeRoot(): void {
    if (this.doc.kind[this.root] === OBJECT) this.writeObject(this.root, 0, true);
    else this.writeNode(this.root, 0);
  }

  private writeNode(node: NodeId, depth: number): void {
    const { doc } = this;
    if (doc.kind[node] === OBJECT) return this.writeObject(node, depth, false);
    const text = sourceOf(doc, node);
    if (doc.kind[node] === LITERAL && (text === 'true' || text === 'false')) return this.out.push(text);
    // Not a schema: nothing a validator could hold a value to.
    this.out.push('{}');
    this.lost = true;
  }

  private writeObject(node: NodeId, depth: number, isRoot: boolean): void {
    const { doc } = this;
    const members = lastMembers(doc, node);
    const has = (key: string) => members.some(([name]) => name === key);
    const valueOf = (key: string) => members.find(([name]) => name === key)?.[1];
    let first = true;
    const begin = (keyNode: NodeId | string) => {
      this.out.push(first ? '' : ',');
      first = false;
      if (typeof keyNode === 'string') this.out.push(keyNode);
      else this.out.copy(doc.text, doc.start[keyNode]!, doc.end[keyNode]!);
      this.out.push(':');
    };
    this.out.push('{');
    const ref = valueOf('$ref');
    const refOnly = ref !== undefined && doc.kind[ref] === STRING && this.era.classic;
    for (const [key, value, keyNode] of members) {
      if (refOnly && key !== '$ref') continue;
      // The root's definitions are written after its other members, as far as they are needed.
      if (isRoot && DEFINITION_MAPS.has(key) && doc.kind[value] === OBJECT) continue;
      if (!this.writeMember(node, key, value, keyNode, depth, begin, has, valueOf)) {
        if (!isNeutral(doc, key, value, this.draft04)) this.lost = true;
      }
    }
    if (isRoot) this.writeDefinitions(begin, members);
    this.out.push('}');
  }

  /** Writes one member if the skeleton keeps it; false when it does not. */
  private writeMember(
    node: NodeId,
    key: string,
    value: NodeId,
    keyNode: NodeId,
    depth: number,
    begin: (key: NodeId | string) => void,
    has: (key: string) => boolean,
    valueOf: (key: string) => NodeId | undefined,
  ): boolean {
    const { doc } = this;
    const kind = doc.kind[value];
    const verbatim = () => {
      begin(keyNode);
      writeCompact(doc, value, this.out);
      return true;
    };
    switch (key) {
      case '$ref':
        return this.writeRef(node, value, keyNode, begin);
      case 'type':
        return isTypeValue(doc, value) && verbatim();
      case 'enum':
        return kind === ARRAY && doc.count[value]! <= SKELETON_ENUM_VALUES && verbatim();
      case 'const':
        return !this.era.draft04 && verbatim();
      case 'default':
        return verbatim();
      case 'nullable':
        return kind === LITERAL && verbatim();
      case 'required':
        return kind === ARRAY && doc.count[value]! > 0 && verbatim();
      case 'properties':
        return kind === OBJECT && doc.count[value]! > 0 && depth < SKELETON_DEPTH && this.writeProperties(value, keyNode, depth, begin);
      case 'additionalProperties': {
        const properties = valueOf('properties');
        const allNamed = properties === undefined || (doc.kind[properties] === OBJECT && depth < SKELETON_DEPTH);
        const patterns = valueOf('patternProperties');
        const noPatterns = patterns === undefined || (doc.kind[patterns] === OBJECT && doc.count[patterns] === 0);
        return kind === LITERAL && sourceOf(doc, value) === 'false' && allNamed && noPatterns && verbatim();
      }
      case 'items':
        if (kind === ARRAY || has('prefixItems') || depth >= SKELETON_DEPTH || isDefaultValue(doc, key, value, this.draft04)) return false;
        begin(keyNode);
        this.writeNode(value, depth + 1);
        return true;
      case 'anyOf':
      case 'allOf':
        return kind === ARRAY && doc.count[value]! > 0 && this.writeBranches(value, keyNode, depth, begin);
      case 'oneOf':
        if (kind !== ARRAY || doc.count[value] === 0 || has('anyOf')) return false;
        // Relaxed branches may overlap, where oneOf would reject what two of them accept.
        if (doc.count[value]! > 1) this.lost = true;
        return this.writeBranches(value, '"anyOf"', depth, begin);
      default:
        return false;
    }
  }

  private writeRef(holder: NodeId, value: NodeId, keyNode: NodeId, begin: (key: NodeId | string) => void): boolean {
    const { doc } = this;
    const kept = this.refs.get(holder);
    if (kept === undefined || doc.kind[value] !== STRING) return false;
    begin(keyNode);
    writeCompact(doc, value, this.out);
    if (kept !== 'root') this.need(kept.keyword, kept.name);
    return true;
  }

  private writeProperties(map: NodeId, keyNode: NodeId, depth: number, begin: (key: NodeId | string) => void): boolean {
    const { doc } = this;
    begin(keyNode);
    this.out.push('{');
    lastMembers(doc, map).forEach(([, value, nameNode], i) => {
      if (i > 0) this.out.push(',');
      this.out.copy(doc.text, doc.start[nameNode]!, doc.end[nameNode]!);
      this.out.push(':');
      this.writeNode(value, depth + 1);
    });
    this.out.push('}');
    return true;
  }

  private writeBranches(list: NodeId, key: NodeId | string, depth: number, begin: (key: NodeId | string) => void): boolean {
    const { doc } = this;
    begin(key);
    this.out.push('[');
    for (let i = 0; i < doc.count[list]!; i++) {
      if (i > 0) this.out.push(',');
      this.writeNode(itemAt(doc, list, i), depth);
    }
    this.out.push(']');
    return true;
  }

  private need(keyword: string, name: string): void {
    const key = `${keyword}\u0000${name}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.needed.push({ keyword, name, node: resolvePointer(this.doc, this.root, [keyword, name])! });
  }

  /** The root definitions the skeleton references (and those they reference), each a skeleton too, under the keyword the original used. */
  private writeDefinitions(begin: (key: NodeId | string) => void, members: readonly [string, NodeId, NodeId][]): void {
    const defined = members.reduce(
      (sum, [key, value]) => sum + (DEFINITION_MAPS.has(key) && this.doc.kind[value] === OBJECT ? lastMembers(this.doc, value).length : 0),
      0,
    );
    const maps = new Map<string, TextBuilder>();
    const outer = this.out;
    for (let i = 0; i < this.needed.length; i++) {
      const { keyword, name, node } = this.needed[i]!;
      let map = maps.get(keyword);
      if (map === undefined) maps.set(keyword, (map = new TextBuilder()));
      this.out = map;
      map.push(`${map.length === 0 ? '' : ','}${JSON.stringify(name)}:`);
      this.writeNode(node, 1);
    }
    this.out = outer;
    // A definition left out is one a `$ref` the skeleton dropped could have needed: the tool is marked.
    if (this.needed.length < defined) this.lost = true;
    for (const [keyword, map] of maps) {
      begin(JSON.stringify(keyword));
      this.out.push(`{${map.toString()}}`);
    }
  }
}

/** A `type` a 2020-12 reader takes: one of the seven type names, or a non-empty list of them. */
export function isTypeValue(doc: JsonDocument, value: NodeId): boolean {
  if (doc.kind[value] === STRING) return TYPE_NAMES.has(stringValue(doc, value));
  if (doc.kind[value] !== ARRAY || doc.count[value] === 0) return false;
  for (let i = 0; i < doc.count[value]!; i++) {
    const item = itemAt(doc, value, i);
    if (doc.kind[item] !== STRING || !TYPE_NAMES.has(stringValue(doc, item))) return false;
  }
  return true;
}
