// Guarantee checks resolve shared sub-schemas (docs/transform.md): before comparing,
// every `{"$ref":"#/$defs/K"}` the shrink wrote is replaced by definition K
// and the definitions it added are removed, giving exactly the output a shrink
// without sharing writes. The definitions a shrink added are told apart from
// the author's by the input: sharing only ever adds a root `$defs` where the
// input's schema root had none with entries (share-schemas.ts).

import {
  ARRAY,
  OBJECT,
  STRING,
  forEachMember,
  itemAt,
  keyAt,
  keyName,
  memberOf,
  sourceOf,
  stringValue,
  valueAt,
  type JsonDocument,
  type NodeId,
} from '../json/json-node';
import { parseJson } from '../json/parse-json';
import { readCatalog } from '../transform/catalog-shape';
import { NO_PROGRESS, perTool, type Progress } from '../tool-progress';

export interface ExpandedCatalog {
  doc: JsonDocument;
  /** Definitions the shrink added, over all tools. */
  sharedDefinitions: number;
  /** References to them that did not resolve (a broken shrink; left as they were). */
  unresolved: string[];
}

/** `after` with the shrink's shared definitions inlined (the same document when it has none). */
export function expandSharedSchemas(before: JsonDocument, after: JsonDocument, onProgress: Progress = NO_PROGRESS): ExpandedCatalog {
  const layoutBefore = readCatalog(before);
  const layoutAfter = readCatalog(after);
  const result: ExpandedCatalog = { doc: after, sharedDefinitions: 0, unresolved: [] };
  if (!layoutBefore || !layoutAfter) return result;

  const splices: { start: number; end: number; text: string }[] = [];
  const onTool = perTool(onProgress, layoutAfter.tools.length);
  layoutAfter.tools.forEach((tool, toolIndex) => {
    tool.schemas.forEach((schema, door) => {
      const original = layoutBefore.tools[toolIndex]?.schemas[door];
      const definitions = addedDefinitions(before, original, after, schema);
      if (!definitions) return;
      result.sharedDefinitions += definitions.size;
      splices.push({ start: after.start[schema]!, end: after.end[schema]!, text: inline(after, schema, definitions, result.unresolved) });
    });
    onTool(toolIndex);
  });
  if (splices.length === 0) return result;

  let text = '';
  let at = 0;
  for (const splice of splices.sort((a, b) => a.start - b.start)) {
    text += after.text.slice(at, splice.start) + splice.text;
    at = splice.end;
  }
  text += after.text.slice(at);
  return { ...result, doc: parseJson(text) };
}

/** The definitions a shrink added to `schema`'s root, or undefined when it added none. */
function addedDefinitions(before: JsonDocument, original: NodeId | undefined, after: JsonDocument, schema: NodeId): Map<string, NodeId> | undefined {
  if (after.kind[schema] !== OBJECT) return undefined;
  const defs = memberOf(after, schema, '$defs');
  if (defs === undefined || after.kind[defs] !== OBJECT || after.count[defs] === 0) return undefined;
  if (original !== undefined && before.kind[original] === OBJECT) {
    const authored = memberOf(before, original, '$defs');
    if (authored !== undefined && before.kind[authored] === OBJECT && before.count[authored]! > 0) return undefined;
  }
  const definitions = new Map<string, NodeId>();
  forEachMember(after, defs, (name, value) => definitions.set(name, value));
  return definitions;
}

const PREFIX = '#/$defs/';

/** The schema's text with every reference to an added definition replaced by the definition, and the root `$defs` gone. */
function inline(doc: JsonDocument, root: NodeId, definitions: Map<string, NodeId>, unresolved: string[]): string {
  const expanding = new Set<string>();
  const write = (node: NodeId, isRoot: boolean): string => {
    const kind = doc.kind[node];
    if (kind === ARRAY) {
      const items: string[] = [];
      for (let i = 0; i < doc.count[node]!; i++) items.push(write(itemAt(doc, node, i), false));
      return `[${items.join(',')}]`;
    }
    if (kind !== OBJECT) return sourceOf(doc, node);
    const name = referencedDefinition(doc, node);
    const definition = name === undefined ? undefined : definitions.get(name);
    if (name !== undefined && definition !== undefined) {
      if (expanding.has(name)) {
        unresolved.push(`${PREFIX}${name}`);
        return sourceOf(doc, node);
      }
      expanding.add(name);
      const text = write(definition, false);
      expanding.delete(name);
      return text;
    }
    const members: string[] = [];
    for (let i = 0; i < doc.count[node]!; i++) {
      if (isRoot && keyName(doc, node, i) === '$defs') continue;
      members.push(`${sourceOf(doc, keyAt(doc, node, i))}:${write(valueAt(doc, node, i), false)}`);
    }
    return `{${members.join(',')}}`;
  };
  return write(root, true);
}

/** K for an object that is exactly `{"$ref":"#/$defs/K"}` (K a plain name), else undefined. */
function referencedDefinition(doc: JsonDocument, node: NodeId): string | undefined {
  if (doc.count[node] !== 1 || keyName(doc, node, 0) !== '$ref') return undefined;
  const value = valueAt(doc, node, 0);
  if (doc.kind[value] !== STRING) return undefined;
  const ref = stringValue(doc, value);
  return ref.startsWith(PREFIX) && !ref.slice(PREFIX.length).includes('/') ? ref.slice(PREFIX.length) : undefined;
}
