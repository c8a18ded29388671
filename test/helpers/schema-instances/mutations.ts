// Invalid instances: a valid one with one rule broken at one place, one
// candidate per rule the generator wrote a value under. Each candidate is
// kept only when Ajv rejects it with an error of its category at its place.

import type { ErrorObject } from 'ajv';
import { isSchemaObject, typeList, type SchemaObject } from './flat-schema';
import { childPointer, stringBounds, type Site } from './generate-value';
import { missString } from './strings';

export type InvalidCategory = 'type' | 'required' | 'enum' | 'bound' | 'pattern' | 'additional';

export const INVALID_CATEGORIES: readonly InvalidCategory[] = ['type', 'required', 'enum', 'bound', 'pattern', 'additional'];

export interface InvalidInstance {
  category: InvalidCategory;
  /** The keyword broken (`maximum`, `minLength`, `additionalProperties`…). */
  keyword: string;
  /** JSON pointer of the place the violation names: the value, or for `required`/`additional` the property. */
  pointer: string;
  instance: unknown;
}

/** A broken copy of `base`: `change` gets the parent container and the last segment of `pointer`. */
type Candidate = Omit<InvalidInstance, 'instance'> & { change: (value: unknown) => unknown };

const BOUND_KEYWORDS: readonly string[] = ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'maxLength', 'minLength', 'maxItems', 'minItems'];
const EXTRA_NAME = 'caveman_unlisted';

/** Every single-rule break of `base` the sites allow, before Ajv's say. */
export function candidatesFor(base: unknown, sites: readonly Site[]): { candidate: Omit<InvalidInstance, 'instance'>; instance: unknown }[] {
  const found: { candidate: Omit<InvalidInstance, 'instance'>; instance: unknown }[] = [];
  for (const site of sites) {
    const value = valueAt(base, site.pointer);
    if (value.missing) continue;
    for (const candidate of siteCandidates(site, value.found)) {
      const { change, ...described } = candidate;
      found.push({ candidate: described, instance: replaceAt(base, site.pointer, change(structuredClone(value.found))) });
    }
  }
  return found;
}

function siteCandidates(site: Site, value: unknown): Candidate[] {
  const { keywords, patterns } = site.schema;
  const at = site.pointer;
  const candidates: Candidate[] = [];
  const wrong = wrongTypeValue(typeList(keywords.type));
  if (wrong !== undefined) candidates.push({ category: 'type', keyword: 'type', pointer: at, change: () => wrong.value });
  const outside = outsideEnum(keywords.enum);
  if (outside !== undefined) candidates.push({ category: 'enum', keyword: 'enum', pointer: at, change: () => outside.value });
  for (const keyword of BOUND_KEYWORDS) {
    const crossed = crossBound(keyword, keywords, value);
    if (crossed !== undefined) candidates.push({ category: 'bound', keyword, pointer: at, change: () => crossed.value });
  }
  if (typeof value === 'string') {
    for (const pattern of patterns) {
      const miss = missString(pattern, stringBounds(keywords));
      if (miss !== undefined) candidates.push({ category: 'pattern', keyword: 'pattern', pointer: at, change: () => miss });
    }
  }
  if (isSchemaObject(value)) candidates.push(...objectCandidates(keywords, value, at));
  return candidates;
}

function objectCandidates(keywords: SchemaObject, value: SchemaObject, at: string): Candidate[] {
  const candidates: Candidate[] = [];
  const required = Array.isArray(keywords.required) ? (keywords.required as string[]) : [];
  for (const name of required) {
    if (!(name in value)) continue;
    candidates.push({
      category: 'required',
      keyword: 'required',
      pointer: childPointer(at, name),
      change: (object) => Object.fromEntries(Object.entries(object as SchemaObject).filter(([key]) => key !== name)),
    });
  }
  for (const keyword of ['additionalProperties', 'unevaluatedProperties']) {
    if (keywords[keyword] !== false || EXTRA_NAME in value) continue;
    candidates.push({
      category: 'additional',
      keyword,
      pointer: childPointer(at, EXTRA_NAME),
      change: (object) => ({ ...(object as SchemaObject), [EXTRA_NAME]: 'x' }),
    });
  }
  return candidates;
}

/** A value of a type the list does not allow: the likely slip first (a number written as a string, a string as a number). */
function wrongTypeValue(types: string[] | undefined): { value: unknown } | undefined {
  if (types === undefined || types.length === 0) return undefined;
  const allows = (type: string) => types.includes(type) || (type === 'integer' && types.includes('number'));
  const tries: [string, unknown][] = [
    ['string', '7'],
    ['integer', 7],
    ['boolean', true],
    ['object', {}],
    ['null', null],
  ];
  const found = tries.find(([type]) => !allows(type));
  return found === undefined ? undefined : { value: found[1] };
}

function outsideEnum(values: unknown): { value: unknown } | undefined {
  if (!Array.isArray(values) || values.length === 0) return undefined;
  const taken = new Set(values.map((value) => JSON.stringify(value)));
  if (values.every((value) => typeof value === 'string')) {
    for (let n = 0; ; n++) if (!taken.has(JSON.stringify(`caveman_unlisted${n || ''}`))) return { value: `caveman_unlisted${n || ''}` };
  }
  if (values.every((value) => typeof value === 'number')) return { value: Math.max(...(values as number[])) + 1 };
  return undefined;
}

/** `value` moved just past the bound `keyword` sets, when the keyword applies to its type. */
function crossBound(keyword: string, keywords: SchemaObject, value: unknown): { value: unknown } | undefined {
  const limit = keywords[keyword];
  if (typeof limit !== 'number') return undefined;
  if (typeof value === 'number') {
    const integer = Number.isInteger(value) && Number.isInteger(limit);
    const step = integer ? 1 : Math.max(Math.abs(limit) * 1e-3, 1e-3);
    // draft-04's boolean exclusive bounds make the limit itself the first value out.
    if (keyword === 'maximum') return { value: keywords.exclusiveMaximum === true ? limit : limit + step };
    if (keyword === 'minimum') return { value: keywords.exclusiveMinimum === true ? limit : limit - step };
    if (keyword === 'exclusiveMaximum') return { value: limit };
    if (keyword === 'exclusiveMinimum') return { value: limit };
    return undefined;
  }
  if (typeof value === 'string') {
    if (keyword === 'maxLength') return { value: value.padEnd(limit + 1, value.slice(-1) || 'a') };
    if (keyword === 'minLength' && limit > 0) return { value: [...value].slice(0, limit - 1).join('') };
    return undefined;
  }
  if (Array.isArray(value)) {
    if (keyword === 'maxItems' && value.length > 0) return { value: [...value, ...Array.from({ length: limit + 1 - value.length }, () => value[0])] };
    if (keyword === 'minItems' && limit > 0) return { value: value.slice(0, limit - 1) };
  }
  return undefined;
}

/** True when Ajv's errors include one of the candidate's category at its place. */
export function namesViolation(candidate: Omit<InvalidInstance, 'instance'>, errors: readonly ErrorObject[]): boolean {
  return errors.some((error) => {
    const params = error.params as Record<string, unknown>;
    switch (candidate.category) {
      case 'required':
        return error.keyword === 'required' && childPointer(error.instancePath, String(params.missingProperty)) === candidate.pointer;
      case 'additional': {
        const name = params.additionalProperty ?? params.unevaluatedProperty;
        return error.keyword === candidate.keyword && childPointer(error.instancePath, String(name)) === candidate.pointer;
      }
      default:
        return error.keyword === candidate.keyword && error.instancePath === candidate.pointer;
    }
  });
}

function segmentsOf(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function valueAt(root: unknown, pointer: string): { missing: true } | { missing: false; found: unknown } {
  let node = root;
  for (const segment of segmentsOf(pointer)) {
    if (!isSchemaObject(node) && !Array.isArray(node)) return { missing: true };
    if (!(segment in node)) return { missing: true };
    node = (node as Record<string, unknown>)[segment];
  }
  return { missing: false, found: node };
}

function replaceAt(root: unknown, pointer: string, value: unknown): unknown {
  const segments = segmentsOf(pointer);
  if (segments.length === 0) return value;
  const copy = structuredClone(root);
  let node = copy as Record<string, unknown>;
  for (const segment of segments.slice(0, -1)) node = node[segment] as Record<string, unknown>;
  node[segments.at(-1)!] = value;
  return copy;
}
