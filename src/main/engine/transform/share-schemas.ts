// Shared sub-schemas (SPEC §2.3a, opt-in): identical sub-schemas repeated
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

import { ARRAY, OBJECT, STRING, forEachMember, itemAt, keyAt, keyName, sourceOf, valueAt, type JsonDocument, type NodeId } from '../json/json-node';
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

/** Applies sharing to each tool schema of a transform's output; the result when nothing is shared. */
export function shareSchemas(result: TransformResult, sharedOutput: boolean): TransformResult {
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
  for (const tool of layout.tools) {
    for (const schema of tool.schemas) {
      const plan = planSharing(doc, schema);
      if (!plan) continue;
      const shared = writeShared(doc, schema, plan);
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

/** What to share in one schema, or undefined when nothing (or nothing safely) can be. */
function planSharing(doc: JsonDocument, root: NodeId): SharingPlan | undefined {
  if (doc.kind[root] !== OBJECT) return undefined;
  const rootKeys = new Set<string>();
  for (let i = 0; i < doc.count[root]!; i++) {
    const key = keyName(doc, root, i);
    if (rootKeys.has(key) || key === '$defs') return undefined;
    rootKeys.add(key);
  }
  const schemaText = sourceOf(doc, root);

  const parent = new Map<NodeId, NodeId>();
  const groups = new Map<string, NodeId[]>();
  const pinned = pinnedNodes(doc, root, refTargets(doc, root));
  let unsafe = false;

  const visit = (node: NodeId, up: NodeId | undefined, candidate: boolean): void => {
    if (unsafe || doc.kind[node] !== OBJECT) return;
    if (up !== undefined) parent.set(node, up);
    if (candidate && !pinned.has(node) && doc.count[node]! > 0) {
      const source = sourceOf(doc, node);
      const list = groups.get(source);
      if (list) list.push(node);
      else groups.set(source, [node]);
    }
    forEachMember(doc, node, (key, value) => {
      if (RESOURCE_KEYWORDS.has(key) || (key === 'id' && doc.kind[value] === STRING)) unsafe = true;
      if (SUBSCHEMA_MAP_KEYWORDS.has(key) && doc.kind[value] === OBJECT) {
        const definitions = key === '$defs' || key === 'definitions';
        forEachMember(doc, value, (_name, schema) => visit(schema, node, !definitions));
      } else if (SUBSCHEMA_LIST_KEYWORDS.has(key) && doc.kind[value] === ARRAY) {
        for (let i = 0; i < doc.count[value]!; i++) visit(itemAt(doc, value, i), node, true);
      } else if (SUBSCHEMA_KEYWORDS.has(key)) {
        visit(value, node, true);
      }
    });
  };
  visit(root, undefined, false);
  if (unsafe) return undefined;

  const replaced = new Map<NodeId, string>();
  const representatives = new Set<NodeId>();
  const definitions: [string, NodeId][] = [];
  /** True when the node's text is still written somewhere (not inside a replaced non-representative). */
  const written = (node: NodeId): boolean => {
    for (let up = parent.get(node); up !== undefined; up = parent.get(up)) {
      if (replaced.has(up) && !representatives.has(up)) return false;
    }
    return true;
  };
  let next = 1;
  const nextName = (): string => {
    for (;;) {
      const name = `s${next++}`;
      if (!schemaText.includes(`/$defs/${name}`) && !schemaText.includes(`"${name}"`)) return name;
    }
  };

  const ordered = [...groups.entries()].filter(([, nodes]) => nodes.length > 1).sort(([a], [b]) => b.length - a.length);
  for (const [source, nodes] of ordered) {
    const occurrences = nodes.filter(written);
    if (occurrences.length < 2) continue;
    const name = `s${next}`;
    const reference = `{"$ref":"#/$defs/${name}"}`.length;
    const saved = occurrences.length * source.length - (occurrences.length * reference * REF_WEIGHT + source.length + REF_WEIGHT * (name.length + 4));
    if (saved <= 0) continue;
    const chosen = nextName();
    for (const node of occurrences) replaced.set(node, chosen);
    representatives.add(occurrences[0]!);
    definitions.push([chosen, occurrences[0]!]);
  }
  return definitions.length > 0 ? { replaced, definitions } : undefined;
}

/** Nodes on the way to an existing `$ref` target (they must stay where they are). */
function pinnedNodes(doc: JsonDocument, root: NodeId, trie: RefTrie | undefined): Set<NodeId> {
  const pinned = new Set<NodeId>();
  const walk = (node: NodeId, at: RefTrie): void => {
    pinned.add(node);
    for (const [segment, below] of at.children) {
      const kind = doc.kind[node];
      let child: NodeId | undefined;
      if (kind === OBJECT) {
        for (let i = doc.count[node]! - 1; i >= 0 && child === undefined; i--) if (keyName(doc, node, i) === segment) child = valueAt(doc, node, i);
      } else if (kind === ARRAY && /^(?:0|[1-9]\d*)$/u.test(segment) && Number(segment) < doc.count[node]!) {
        child = itemAt(doc, node, Number(segment));
      }
      if (child !== undefined) walk(child, below);
    }
  };
  if (trie) walk(root, trie);
  return pinned;
}

/** The schema's text with every replaced occurrence as a `$ref` and the definitions in a new root `$defs`. */
function writeShared(doc: JsonDocument, root: NodeId, plan: SharingPlan): string {
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
  const write = (node: NodeId, asBody: boolean): string => {
    const name = plan.replaced.get(node);
    if (name !== undefined && !asBody) return `{"$ref":"#/$defs/${name}"}`;
    const kind = doc.kind[node];
    if ((kind !== OBJECT && kind !== ARRAY) || !containsReplaced(node)) return sourceOf(doc, node);
    if (kind === ARRAY) {
      const items: string[] = [];
      for (let i = 0; i < doc.count[node]!; i++) items.push(write(itemAt(doc, node, i), false));
      return `[${items.join(',')}]`;
    }
    const members: string[] = [];
    for (let i = 0; i < doc.count[node]!; i++) {
      members.push(`${sourceOf(doc, keyAt(doc, node, i))}:${write(valueAt(doc, node, i), false)}`);
    }
    return `{${members.join(',')}}`;
  };
  const body = write(root, true);
  const definitions = plan.definitions.map(([name, node]) => `${JSON.stringify(name)}:${write(node, true)}`).join(',');
  return `${body.slice(0, -1)}${doc.count[root]! > 0 ? ',' : ''}"$defs":{${definitions}}}`;
}
