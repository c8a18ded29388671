// Shared sub-schemas (docs/transform.md, opt-in): identical sub-schemas repeated
// inside one tool's schema are written once, in that schema's root `$defs`,
// and referenced with `{"$ref":"#/$defs/sN"}`. A second pass over the
// transform's own (compact) output, so "identical" means identical output
// text, and therefore identical meaning.
//
// Left alone, so every reference keeps meaning the same thing:
// - a schema whose output root already has `$defs` (the guarantee checks tell
//   our definitions apart from the author's by that: see expand-shared.ts), a
//   root with duplicate keys, or one with `$id`/`id`, anchors or dynamic
//   references anywhere (they change what "#/…" resolves against);
// - a node on the way to an existing `$ref` target;
// - the root itself and the entries of `$defs`/`definitions`.
// Names are chosen so no existing `$ref` text mentions them.

import { ARRAY, OBJECT, STRING, forEachMember, isCompact, itemAt, keyAt, keyName, sourceOf, valueAt, type JsonDocument, type NodeId } from '../json/json-node';
import { parseJson } from '../json/parse-json';
import { TOKENIZERS } from '../../../shared/tokenizers';
import { utf8ByteLength } from '../text/utf8';
import { countTokens } from '../tokens/count-tokens';
import { readCatalog } from './catalog-shape';
import { refTargets } from './ref-targets';
import type { RefTrie } from './ref-trie';
import { SUBSCHEMA_KEYWORDS, SUBSCHEMA_LIST_KEYWORDS, SUBSCHEMA_MAP_KEYWORDS } from './schema-vocabulary';
import type { TransformResult } from './transform-result';

const RESOURCE_KEYWORDS: ReadonlySet<string> = new Set(['$id', '$anchor', '$dynamicAnchor', '$recursiveAnchor', '$dynamicRef', '$recursiveRef']);

/** A sub-schema must save at least this much (bytes, with a `$ref` counted twice: it tokenizes poorly). */
const REF_WEIGHT = 2;

interface SharingPlan {
  /** Every replaced occurrence → the name of its definition. */
  replaced: Map<NodeId, string>;
  /** Definitions in the order they are written: name → the occurrence written as the body. */
  definitions: [string, NodeId][];
}

/** Steps of sharing (nodes, characters keyed, names tried, pieces written): a count a test can hold to growing linearly with the catalog. */
export interface SharingWork {
  steps: number;
}

/** Applies sharing to each tool schema of a transform's output; the result when nothing is shared. */
export function shareSchemas(result: TransformResult, sharedOutput: boolean, work: SharingWork = { steps: 0 }): TransformResult {
  const text = new TextDecoder().decode(result.output);
  let doc: JsonDocument;
  try {
    doc = parseJson(text);
  } catch {
    return result; // cannot happen: the output is our own compact JSON
  }
  const layout = readCatalog(doc);
  if (!layout) return result;

  const splices: { start: number; end: number; text: string }[] = [];
  let definitions = 0;
  const sharing: Sharing = { doc, work, textOf: identicalTexts(doc, work), unwritten: new Uint8Array(doc.kind.length) };
  for (const tool of layout.tools) {
    for (const schema of tool.schemas) {
      const plan = planSharing(sharing, schema);
      if (!plan) continue;
      const shared = writeShared(doc, schema, plan, work);
      if (!savesTokens(sourceOf(doc, schema), shared)) continue;
      definitions += plan.definitions.length;
      splices.push({ start: doc.start[schema]!, end: doc.end[schema]!, text: shared });
    }
  }
  if (splices.length === 0) return result;

  // Splices are in document order and never overlap (one per schema door).
  splices.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const splice of splices) {
    out += text.slice(at, splice.start) + splice.text;
    at = splice.end;
  }
  out += text.slice(at);

  const bytes = new TextEncoder().encode(out);
  const output = sharedOutput ? copyToShared(bytes) : bytes;
  return { ...result, output, tools: moveSpans(result, text, splices), sharedDefinitions: definitions };
}

/**
 * The byte estimate of planSharing can be wrong by a few tokens (a `$ref`
 * tokenizes worse than its length says: playwright-mcp's catalog cost 4
 * more), so a schema is written shared only when that is fewer tokens in
 * every tokenizer we count with. Counted on the schema's compact text,
 * which is what a model is handed; every tokenizer, so the output does not
 * depend on which one a report uses.
 */
function savesTokens(plain: string, shared: string): boolean {
  return TOKENIZERS.every((tokenizer) => countTokens(shared, tokenizer) < countTokens(plain, tokenizer));
}

/** Tool spans after the splices: each tool grows or shrinks by its splices' byte difference. */
function moveSpans(result: TransformResult, text: string, splices: { start: number; end: number; text: string }[]): TransformResult['tools'] {
  // Byte offset of each splice in the old output, and the running sum of length changes up to and including it.
  const at: number[] = [];
  const shiftThrough: number[] = [];
  let bytes = 0;
  let units = 0;
  let shift = 0;
  for (const splice of splices) {
    bytes += utf8ByteLength(text.slice(units, splice.start));
    units = splice.start;
    at.push(bytes);
    shift += utf8ByteLength(splice.text) - utf8ByteLength(text.slice(splice.start, splice.end));
    shiftThrough.push(shift);
  }
  /** The total change of every splice that starts before `offset`. */
  const shiftBefore = (offset: number): number => {
    let low = 0;
    let high = at.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (at[middle]! < offset) low = middle + 1;
      else high = middle;
    }
    return low === 0 ? 0 : shiftThrough[low - 1]!;
  };
  return result.tools.map((span) => ({
    ...span,
    outputStart: span.outputStart + shiftBefore(span.outputStart),
    outputEnd: span.outputEnd + shiftBefore(span.outputEnd),
  }));
}

function copyToShared(bytes: Uint8Array): Uint8Array {
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return shared;
}

/** What sharing keeps for the whole output: the numbers of identical texts, and which nodes a `$ref` took out of the text. */
interface Sharing {
  doc: JsonDocument;
  work: SharingWork;
  textOf: (node: NodeId) => number;
  /** 1 for a node inside a replaced occurrence that is not a definition's body. */
  unwritten: Uint8Array;
}

/** What to share in one schema, or undefined when nothing (or nothing safely) can be. */
function planSharing(sharing: Sharing, root: NodeId): SharingPlan | undefined {
  const { doc, work, textOf } = sharing;
  if (doc.kind[root] !== OBJECT) return undefined;
  const rootKeys = new Set<string>();
  for (let i = 0; i < doc.count[root]!; i++) {
    const key = keyName(doc, root, i);
    if (rootKeys.has(key) || key === '$defs') return undefined;
    rootKeys.add(key);
  }

  // Candidates grouped by their text, each text named by a number (identicalTexts), so no text is hashed whole at every level above it.
  const groups = new Map<number, NodeId[]>();
  const pinned = pinnedNodes(doc, root, refTargets(doc, root));
  let unsafe = false;

  const visit = (node: NodeId, candidate: boolean): void => {
    if (unsafe || doc.kind[node] !== OBJECT) return;
    work.steps++;
    if (candidate && !pinned.has(node) && doc.count[node]! > 0) {
      const text = textOf(node);
      const list = groups.get(text);
      if (list) list.push(node);
      else groups.set(text, [node]);
    }
    forEachMember(doc, node, (key, value) => {
      if (RESOURCE_KEYWORDS.has(key) || (key === 'id' && doc.kind[value] === STRING)) unsafe = true;
      if (SUBSCHEMA_MAP_KEYWORDS.has(key) && doc.kind[value] === OBJECT) {
        const definitions = key === '$defs' || key === 'definitions';
        forEachMember(doc, value, (_name, schema) => visit(schema, !definitions));
      } else if (SUBSCHEMA_LIST_KEYWORDS.has(key) && doc.kind[value] === ARRAY) {
        for (let i = 0; i < doc.count[value]!; i++) visit(itemAt(doc, value, i), true);
      } else if (SUBSCHEMA_KEYWORDS.has(key)) {
        visit(value, true);
      }
    });
  };
  visit(root, false);
  if (unsafe) return undefined;
  return chooseDefinitions(sharing, groups, takenNames(sourceOf(doc, root), work));
}

/**
 * The groups worth a definition, longest text first (a longer text is never
 * inside a shorter one, so an occurrence is settled before anything in it):
 * each occurrence that is still written becomes a `$ref`, and what lies
 * inside a replaced occurrence other than the one written as the body is
 * no longer written anywhere.
 */
function chooseDefinitions(sharing: Sharing, groups: Map<number, NodeId[]>, taken: ReadonlySet<string>): SharingPlan | undefined {
  const { doc, work, unwritten } = sharing;
  const replaced = new Map<NodeId, string>();
  const definitions: [string, NodeId][] = [];
  let next = 1;
  const nextName = (): string => {
    for (;;) {
      work.steps++;
      const name = `s${next++}`;
      if (!taken.has(name)) return name;
    }
  };

  const length = (node: NodeId) => doc.end[node]! - doc.start[node]!;
  const ordered = [...groups.values()].filter((nodes) => nodes.length > 1).sort((a, b) => length(b[0]!) - length(a[0]!));
  for (const nodes of ordered) {
    const occurrences = nodes.filter((node) => unwritten[node] === 0);
    work.steps += nodes.length;
    if (occurrences.length < 2) continue;
    const size = length(occurrences[0]!);
    const name = `s${next}`;
    const reference = `{"$ref":"#/$defs/${name}"}`.length;
    const saved = occurrences.length * size - (occurrences.length * reference * REF_WEIGHT + size + REF_WEIGHT * (name.length + 4));
    if (saved <= 0) continue;
    const chosen = nextName();
    for (const node of occurrences) replaced.set(node, chosen);
    for (const node of occurrences.slice(1)) markInside(doc, node, unwritten, work);
    definitions.push([chosen, occurrences[0]!]);
  }
  return definitions.length > 0 ? { replaced, definitions } : undefined;
}

/** Marks every node strictly inside `node` in `into`. */
function markInside(doc: JsonDocument, node: NodeId, into: Uint8Array, work: SharingWork): void {
  const stack = [node];
  while (stack.length > 0) {
    const at = stack.pop()!;
    const kind = doc.kind[at];
    if (kind !== OBJECT && kind !== ARRAY) continue;
    const first = doc.first[at]!;
    const slots = kind === OBJECT ? 2 * doc.count[at]! : doc.count[at]!;
    for (let i = 0; i < slots; i++) {
      const child = doc.slots[first + i]!;
      work.steps++;
      if (into[child] === 0) {
        into[child] = 1;
        stack.push(child);
      }
    }
  }
}

/**
 * A number for each node's text, the same number exactly when the texts are
 * the same, computed once per node from its children's numbers: a compact
 * container's text is its kind and its children's texts in order, so those
 * name it; a scalar (or a container with whitespace) is named by its text.
 */
function identicalTexts(doc: JsonDocument, work: SharingWork): (node: NodeId) => number {
  const scalars = new Map<string, number>();
  const containers = new Map<string, number>();
  let count = 0;
  const numberIn = (numbers: Map<string, number>, key: string): number => {
    work.steps += key.length;
    let number = numbers.get(key);
    if (number === undefined) numbers.set(key, (number = count++));
    return number;
  };
  /** Per node: its number, or -1 until asked. */
  const memo = new Int32Array(doc.kind.length).fill(-1);
  const textOf = (node: NodeId): number => {
    if (memo[node]! >= 0) return memo[node]!;
    const kind = doc.kind[node];
    let number: number;
    if ((kind !== OBJECT && kind !== ARRAY) || !isCompact(doc, node)) number = numberIn(scalars, sourceOf(doc, node));
    else {
      const first = doc.first[node]!;
      const slots = kind === OBJECT ? 2 * doc.count[node]! : doc.count[node]!;
      let key = kind === OBJECT ? '{' : '[';
      for (let i = 0; i < slots; i++) key += `${textOf(doc.slots[first + i]!)},`;
      number = numberIn(containers, key);
    }
    memo[node] = number;
    return number;
  };
  return textOf;
}

/** Longest number of digits a definition's name can have (names are s1, s2… up to one per node). */
const NAME_DIGITS = 16;

/**
 * Names a definition must not take because the schema's text mentions them:
 * `sN` when the text holds `/$defs/sN` (also as the start of a longer
 * pointer, `/$defs/sN7`) or the string `"sN"` — found in one pass.
 */
function takenNames(schemaText: string, work: SharingWork): Set<string> {
  work.steps += schemaText.length;
  const taken = new Set<string>();
  for (const [, digits] of schemaText.matchAll(/\/\$defs\/s(\d+)/g)) {
    for (let end = 1; end <= Math.min(digits!.length, NAME_DIGITS); end++) taken.add(`s${digits!.slice(0, end)}`);
  }
  for (const [, digits] of schemaText.matchAll(/"s(\d+)(?=")/g)) taken.add(`s${digits!}`);
  return taken;
}

/** Nodes on the way to an existing `$ref` target (they must stay where they are). */
function pinnedNodes(doc: JsonDocument, root: NodeId, trie: RefTrie | undefined): Set<NodeId> {
  const pinned = new Set<NodeId>();
  const walk = (node: NodeId, at: RefTrie): void => {
    pinned.add(node);
    let members: Map<string, NodeId> | undefined;
    for (const [segment, below] of at.children) {
      const kind = doc.kind[node];
      let child: NodeId | undefined;
      if (kind === OBJECT) {
        child = (members ??= lastMembers(doc, node)).get(segment);
      } else if (kind === ARRAY && /^(?:0|[1-9]\d*)$/u.test(segment) && Number(segment) < doc.count[node]!) {
        child = itemAt(doc, node, Number(segment));
      }
      if (child !== undefined) walk(child, below);
    }
  };
  if (trie) walk(root, trie);
  return pinned;
}

/** An object's members by name, the last of a duplicated name winning (as JSON.parse reads it). */
function lastMembers(doc: JsonDocument, object: NodeId): Map<string, NodeId> {
  const members = new Map<string, NodeId>();
  for (let i = 0; i < doc.count[object]!; i++) members.set(keyName(doc, object, i), valueAt(doc, object, i));
  return members;
}

/** The schema's text with every replaced occurrence as a `$ref` and the definitions in a new root `$defs`. */
function writeShared(doc: JsonDocument, root: NodeId, plan: SharingPlan, work: SharingWork): string {
  const starts = [...plan.replaced.keys()].map((node) => doc.start[node]!).sort((a, b) => a - b);
  // Whether a replaced node lies strictly inside `node` (so its text must be rebuilt).
  const containsReplaced = (node: NodeId): boolean => {
    const start = doc.start[node]!;
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (starts[middle]! <= start) low = middle + 1;
      else high = middle;
    }
    return low < starts.length && starts[low]! < doc.end[node]!;
  };
  // Pieces joined once at the end: building each level's text from its children's would copy a deep schema once per level.
  const write = (node: NodeId, asBody: boolean, pieces: string[]): void => {
    work.steps++;
    const name = plan.replaced.get(node);
    if (name !== undefined && !asBody) return void pieces.push(`{"$ref":"#/$defs/${name}"}`);
    const kind = doc.kind[node];
    if ((kind !== OBJECT && kind !== ARRAY) || !containsReplaced(node)) return void pieces.push(sourceOf(doc, node));
    pieces.push(kind === ARRAY ? '[' : '{');
    for (let i = 0; i < doc.count[node]!; i++) {
      if (i > 0) pieces.push(',');
      if (kind === ARRAY) write(itemAt(doc, node, i), false, pieces);
      else {
        pieces.push(sourceOf(doc, keyAt(doc, node, i)), ':');
        write(valueAt(doc, node, i), false, pieces);
      }
    }
    pieces.push(kind === ARRAY ? ']' : '}');
  };
  const body: string[] = [];
  write(root, true, body);
  const definitions: string[] = [];
  plan.definitions.forEach(([name, node], index) => {
    if (index > 0) definitions.push(',');
    definitions.push(`${JSON.stringify(name)}:`);
    write(node, true, definitions);
  });
  return `${body.join('').slice(0, -1)}${doc.count[root]! > 0 ? ',' : ''}"$defs":{${definitions.join('')}}}`;
}
