// A schema seen the way the generator needs it: its `$ref` and `allOf`
// folded into one set of keywords that all apply at once, and its
// alternatives (`anyOf`, `oneOf`) left as choices to pick a branch from.
// The fold is an approximation (two patterns both stay, two `not`s do not);
// Ajv judges every instance made from it, so an imperfect fold only costs a
// retry, never a wrong "valid".

export type SchemaObject = { [keyword: string]: unknown };
export type JsonSchema = boolean | SchemaObject;

/** A schema no instance satisfies, or one the generator cannot handle; the message says which part. */
export class Unsatisfiable extends Error {}

export interface FlatSchema {
  /** Every keyword but `$ref`, `allOf`, `anyOf`, `oneOf` and `pattern`. */
  keywords: SchemaObject;
  /** Every `pattern` folded in: a string must match them all. */
  patterns: string[];
  /** One branch of each list must hold. */
  choices: JsonSchema[][];
}

const LOWER_BOUNDS = new Set(['minimum', 'minLength', 'minItems', 'minProperties']);
const UPPER_BOUNDS = new Set(['maximum', 'maxLength', 'maxItems', 'maxProperties']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

export const isSchemaObject = (value: unknown): value is SchemaObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema a local `$ref` names inside `root`: a JSON pointer, or an `$anchor` (an `$id` fragment before 2019-09). */
export function resolveRef(root: JsonSchema, ref: string): JsonSchema {
  if (!ref.startsWith('#')) throw new Unsatisfiable(`remote $ref ${ref}`);
  const fragment = decodeURIComponent(ref.slice(1));
  if (fragment === '' || fragment.startsWith('/')) {
    let node: unknown = root;
    for (const raw of fragment.split('/').slice(1)) {
      const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      node = isSchemaObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
    }
    if (typeof node === 'boolean' || isSchemaObject(node)) return node;
    throw new Unsatisfiable(`$ref ${ref} names nothing`);
  }
  const anchored = findAnchor(root, fragment);
  if (anchored === undefined) throw new Unsatisfiable(`$ref ${ref} names no anchor`);
  return anchored;
}

function findAnchor(node: unknown, name: string): SchemaObject | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findAnchor(item, name);
      if (found) return found;
    }
    return undefined;
  }
  if (!isSchemaObject(node)) return undefined;
  if (node.$anchor === name || node.$id === `#${name}` || node.id === `#${name}`) return node;
  for (const value of Object.values(node)) {
    const found = findAnchor(value, name);
    if (found) return found;
  }
  return undefined;
}

/** `schema` folded: `$ref` (its target merged with the siblings) and every `allOf` member merged in. */
export function flatten(root: JsonSchema, schema: JsonSchema, refs: readonly string[] = []): FlatSchema {
  if (schema === true) return { keywords: {}, patterns: [], choices: [] };
  if (schema === false) throw new Unsatisfiable('a false schema');
  const { $ref, allOf, anyOf, oneOf, pattern, ...keywords } = schema;
  let flat: FlatSchema = {
    keywords,
    patterns: typeof pattern === 'string' ? [pattern] : [],
    choices: [anyOf, oneOf].filter((list): list is JsonSchema[] => Array.isArray(list) && list.length > 0),
  };
  if (typeof $ref === 'string') {
    if (refs.includes($ref)) throw new Unsatisfiable(`$ref ${$ref} refers to itself`);
    flat = mergeFlat(flat, flatten(root, resolveRef(root, $ref), [...refs, $ref]));
  }
  if (Array.isArray(allOf)) for (const member of allOf as JsonSchema[]) flat = mergeFlat(flat, flatten(root, member, refs));
  return flat;
}

export function mergeFlat(a: FlatSchema, b: FlatSchema): FlatSchema {
  const keywords = { ...a.keywords };
  for (const [key, value] of Object.entries(b.keywords)) {
    keywords[key] = key in keywords ? mergeKeyword(key, keywords[key], value) : value;
  }
  return { keywords, patterns: [...a.patterns, ...b.patterns], choices: [...a.choices, ...b.choices] };
}

function mergeKeyword(key: string, a: unknown, b: unknown): unknown {
  if (SCHEMA_MAPS.has(key) && isSchemaObject(a) && isSchemaObject(b)) {
    const merged: SchemaObject = { ...a };
    for (const [name, schema] of Object.entries(b)) merged[name] = name in merged ? { allOf: [merged[name], schema] } : schema;
    return merged;
  }
  if (typeof a === 'number' && typeof b === 'number') {
    if (LOWER_BOUNDS.has(key) || key === 'exclusiveMinimum') return Math.max(a, b);
    if (UPPER_BOUNDS.has(key) || key === 'exclusiveMaximum') return Math.min(a, b);
  }
  switch (key) {
    case 'required':
      return [...new Set([...(a as string[]), ...(b as string[])])];
    case 'type':
      return intersectTypes(a, b);
    case 'enum': {
      const allowed = new Set((b as unknown[]).map((value) => JSON.stringify(value)));
      return (a as unknown[]).filter((value) => allowed.has(JSON.stringify(value)));
    }
    case 'const':
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new Unsatisfiable('two different consts');
      return a;
    case 'additionalProperties':
    case 'unevaluatedProperties':
    case 'items':
      if (a === false || b === false) return false;
      return isSchemaObject(a) && isSchemaObject(b) ? { allOf: [a, b] } : b;
    default:
      return b;
  }
}

export function typeList(type: unknown): string[] | undefined {
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((item): item is string => typeof item === 'string') : undefined;
}

function intersectTypes(a: unknown, b: unknown): string[] {
  const left = typeList(a) ?? [];
  const right = new Set(typeList(b) ?? []);
  const both = left.filter((type) => right.has(type));
  if (left.includes('integer') && right.has('number')) both.push('integer');
  if (left.includes('number') && right.has('integer')) both.push('integer');
  if (both.length === 0) throw new Unsatisfiable('types that never meet');
  return [...new Set(both)];
}
