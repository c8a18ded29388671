// Constraint sentences (SPEC §2.6): every description sentence that states a
// rule must still be present, word for word, in the same description after
// the transform.

import { OBJECT, STRING, forEachMember, stringValue, type JsonDocument, type NodeId } from '../json/json-node';
import { pointerOf } from '../json/json-pointer';
import { readCatalog } from '../transform/catalog-shape';
import { hasConstraintMarker } from '../transform/constraint-markers';
import { SCHEMA_DOORS } from '../transform/schema-vocabulary';
import { splitSentences } from '../transform/split-sentences';
import { visitSchema } from '../transform/visit-schema';

export interface ConstraintSentence {
  tool: string;
  /** Where the description lives: "tool#/description", "tool#/inputSchema/properties/x/description". */
  location: string;
  sentence: string;
}

type AddDescription = (location: string, node: NodeId) => void;

/** Descriptions of a catalog by location (a location may repeat with duplicate keys). */
export function descriptionsOf(doc: JsonDocument): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const layout = readCatalog(doc);
  if (!layout) return found;
  const add: AddDescription = (location, node) => {
    if (doc.kind[node] !== STRING) return;
    const list = found.get(location) ?? [];
    list.push(stringValue(doc, node));
    found.set(location, list);
  };
  layout.tools.forEach((tool, index) => {
    const base = `${index}:${tool.name}#`;
    if (layout.kind === 'schema') return addSchemaDescriptions(doc, tool.node, base, add);
    addEnvelopeDescriptions(doc, tool.node, base, [], add);
  });
  return found;
}

function addEnvelopeDescriptions(doc: JsonDocument, envelope: NodeId, base: string, path: string[], add: AddDescription): void {
  forEachMember(doc, envelope, (key, value) => {
    if (key === 'description') add(base + pointerOf([...path, key]), value);
    else if (SCHEMA_DOORS.has(key)) addSchemaDescriptions(doc, value, base + pointerOf([...path, key]), add);
    else if (key === 'function' && doc.kind[value] === OBJECT) addEnvelopeDescriptions(doc, value, base, [...path, key], add);
  });
}

function addSchemaDescriptions(doc: JsonDocument, schema: NodeId, base: string, add: AddDescription): void {
  visitSchema(doc, schema, (node, path) => {
    forEachMember(doc, node, (key, value) => {
      if (key === 'description') add(base + pointerOf([...path, 'description']), value);
    });
  });
}

/** The sentences of one description that carry a constraint marker. */
export function constraintSentencesIn(description: string): string[] {
  const text = description.trim();
  return splitSentences(text)
    .map((span) => text.slice(span.start, span.end))
    .filter(hasConstraintMarker);
}

function toolOf(location: string): string {
  return location.slice(location.indexOf(':') + 1, location.lastIndexOf('#'));
}

/** Every sentence with a constraint marker, with where it lives. */
export function constraintSentencesOf(doc: JsonDocument): ConstraintSentence[] {
  const sentences: ConstraintSentence[] = [];
  for (const [location, descriptions] of descriptionsOf(doc)) {
    for (const description of descriptions) {
      for (const sentence of constraintSentencesIn(description)) sentences.push({ tool: toolOf(location), location, sentence });
    }
  }
  return sentences;
}

/** Constraint sentences of `before` missing from the same description in `after`. */
export function missingConstraintSentences(before: JsonDocument, after: JsonDocument): ConstraintSentence[] {
  const afterDescriptions = descriptionsOf(after);
  const missing: ConstraintSentence[] = [];
  for (const [location, descriptions] of descriptionsOf(before)) {
    const outputs = afterDescriptions.get(location) ?? [];
    descriptions.forEach((description, n) => {
      for (const sentence of constraintSentencesIn(description)) {
        if (!(outputs[n] ?? '').includes(sentence)) missing.push({ tool: toolOf(location), location, sentence });
      }
    });
  }
  return missing;
}
