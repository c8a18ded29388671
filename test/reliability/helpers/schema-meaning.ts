// Does a shrunk schema mean what the original meant? Ajv reads each one in
// the dialect it declares (a schema without `$schema` in the dialect a reader
// assumes: 2020-12 for MCP 2025-11-25), both must compile, and both must give
// the same verdict on every instance of a generated set: values drawn from
// the schema itself (enums, consts, defaults, examples, bounds and one past
// them, its property names) put together in its shape, and random JSON.

import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { random } from '../../../scripts/bench/generate-catalog.mjs';

export type ReaderDialect = 'draft-04' | 'draft-07' | '2019-09' | '2020-12';

type Validate = (data: unknown) => boolean;

function newAjv(dialect: ReaderDialect) {
  const options = { strict: false, logger: false, allErrors: false } as const;
  const ajv =
    dialect === '2020-12'
      ? new Ajv2020(options)
      : dialect === '2019-09'
        ? new Ajv2019(options)
        : dialect === 'draft-04'
          ? new AjvDraft04(options)
          : new Ajv(options);
  addFormats(ajv as unknown as Ajv);
  return ajv;
}

// One instance per dialect (making one compiles its meta-schemas: tens of
// milliseconds), emptied after each compile so `$id`s never meet.
const instances = new Map<ReaderDialect, ReturnType<typeof newAjv>>();

/** The meta-schemas Ajv knows, as `$schema` writes them (with or without the final "#"). */
const META_SCHEMAS: Record<string, ReaderDialect> = {
  'http://json-schema.org/draft-04/schema': 'draft-04',
  'http://json-schema.org/draft-07/schema': 'draft-07',
  'https://json-schema.org/draft/2019-09/schema': '2019-09',
  'https://json-schema.org/draft/2020-12/schema': '2020-12',
};

/** The dialect a reader takes for `schema`: its `$schema`, else what the reader assumes. */
export function readingDialect(schema: unknown, assumed: ReaderDialect): ReaderDialect {
  const declared = schema !== null && typeof schema === 'object' ? (schema as Record<string, unknown>).$schema : undefined;
  if (typeof declared !== 'string') return assumed;
  const dialect = META_SCHEMAS[declared.replace(/#$/u, '')];
  if (dialect === undefined) throw new Error(`no Ajv class for $schema ${declared}`);
  return dialect;
}

/** Compiles `schema` in `dialect`: a validator, or the compile error's message. */
export function compileIn(schema: unknown, dialect: ReaderDialect): Validate | string {
  let ajv = instances.get(dialect);
  if (ajv === undefined) instances.set(dialect, (ajv = newAjv(dialect)));
  try {
    const validate = ajv.compile(schema as object);
    return (data) => validate(data) === true;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    ajv.removeSchema();
  }
}

export interface MeaningReport {
  /** Dialects the two were read in. */
  read: [ReaderDialect, ReaderDialect];
  /** Compile errors (undefined: compiled); a shrunk schema must compile exactly when the original does. */
  errors: [string | undefined, string | undefined];
  instances: number;
  /** Instances the two disagree on (the first few). */
  differing: { instance: unknown; original: boolean; shrunk: boolean }[];
}

/**
 * Compares `original` and `shrunk`, each read in its declared dialect or
 * `assumed` (`assumedShrunk` for the shrunk one, when readers differ).
 */
export function compareMeaning(
  original: unknown,
  shrunk: unknown,
  instances: readonly unknown[],
  assumed: ReaderDialect,
  assumedShrunk = assumed,
): MeaningReport {
  const read: [ReaderDialect, ReaderDialect] = [readingDialect(original, assumed), readingDialect(shrunk, assumedShrunk)];
  const before = compileIn(original, read[0]);
  const after = compileIn(shrunk, read[1]);
  const report: MeaningReport = {
    read,
    errors: [typeof before === 'string' ? before : undefined, typeof after === 'string' ? after : undefined],
    instances: instances.length,
    differing: [],
  };
  if (typeof before === 'string' || typeof after === 'string') return report;
  for (const instance of instances) {
    const a = before(instance);
    const b = after(instance);
    if (a !== b && report.differing.length < 5) report.differing.push({ instance, original: a, shrunk: b });
  }
  return report;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isObject = (value: unknown): value is Record<string, Json> => value !== null && typeof value === 'object' && !Array.isArray(value);

const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);
const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const LENGTH_KEYWORDS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'];

/** Values and names the schema mentions, to build instances near its edges. */
function poolOf(schema: unknown): { values: Json[]; names: string[]; numbers: number[]; lengths: number[] } {
  const values: Json[] = [null, true, false, 0, 1, -1, 1.5, '', 'x', [], {}];
  const names = new Set<string>();
  const numbers = new Set<number>([0, 1, -1, 2.5]);
  const lengths = new Set<number>([0, 1, 2]);
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key)) {
        if ((key === 'enum' || key === 'examples') && Array.isArray(value)) values.push(...value);
        else values.push(value);
        continue;
      }
      if (NUMBER_KEYWORDS.includes(key) && typeof value === 'number') for (const n of [value - 1, value, value + 1, value * 2]) numbers.add(n);
      if (LENGTH_KEYWORDS.includes(key) && typeof value === 'number') for (const n of [value - 1, value, value + 1]) if (n >= 0 && n < 64) lengths.add(n);
      if (
        (key === 'properties' || key === 'patternProperties' || key === 'dependentRequired' || key === 'dependentSchemas' || key === 'dependencies') &&
        isObject(value)
      )
        Object.keys(value).forEach((name) => names.add(name));
      if (key === 'required' && Array.isArray(value)) value.forEach((name) => typeof name === 'string' && names.add(name));
      walk(value);
    }
  };
  walk(schema);
  return { values, names: [...names], numbers: [...numbers], lengths: [...lengths] };
}

/** `count` instances for `schema` (deterministic for a seed). */
export function instancesOf(schema: unknown, count = 300, seed = 1): Json[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const pool = poolOf(schema);
  const root = schema;
  const resolveLocal = (ref: string): unknown => {
    if (!ref.startsWith('#/')) return undefined;
    let here: unknown = root;
    for (const raw of ref.slice(2).split('/')) {
      const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      here = Array.isArray(here) ? here[Number(segment)] : isObject(here) ? here[segment] : undefined;
    }
    return here;
  };
  const text = (length: number): string => Array.from({ length }, () => pick(['a', 'b', 'Z', '0', '-', ' ', 'é', '/'])).join('');
  const anything = (depth: number): Json => {
    const roll = next();
    if (depth > 2 || roll < 0.5) return pick<Json>([...pool.values, ...pool.numbers, text(pick(pool.lengths))]);
    if (roll < 0.75) return Array.from({ length: pick(pool.lengths) % 5 }, () => anything(depth + 1));
    const object: Record<string, Json> = {};
    for (let i = 0; i < 3; i++) if (next() < 0.6) object[pool.names.length > 0 && next() < 0.7 ? pick(pool.names) : text(2)] = anything(depth + 1);
    return object;
  };
  const shaped = (node: unknown, depth: number): Json => {
    if (depth > 6 || !isObject(node) || next() < 0.15) return anything(depth);
    if (typeof node.$ref === 'string' && next() < 0.7) {
      const target = resolveLocal(node.$ref);
      if (target !== undefined) return shaped(target, depth + 1);
    }
    for (const key of ['anyOf', 'oneOf', 'allOf']) {
      const branches = node[key];
      if (Array.isArray(branches) && branches.length > 0 && next() < 0.5) return shaped(pick(branches), depth + 1);
    }
    if (Array.isArray(node.enum) && node.enum.length > 0 && next() < 0.6) return pick(node.enum);
    if ('const' in node && next() < 0.6) return node.const!;
    const types = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? (node.type as string[]) : [];
    const type =
      types.length > 0 ? pick(types) : isObject(node.properties) ? 'object' : node.items !== undefined || node.prefixItems !== undefined ? 'array' : undefined;
    switch (type) {
      case 'object': {
        const object: Record<string, Json> = {};
        const properties = isObject(node.properties) ? node.properties : {};
        for (const [name, sub] of Object.entries(properties)) if (next() < 0.7) object[name] = shaped(sub, depth + 1);
        if (next() < 0.3) object[pool.names.length > 0 && next() < 0.5 ? pick(pool.names) : text(3)] = anything(depth + 1);
        return object;
      }
      case 'array': {
        const tuple = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : [];
        const rest = Array.isArray(node.items) ? node.additionalItems : node.items;
        const length = pick(pool.lengths) % 6;
        return Array.from({ length }, (_, i) => shaped(i < tuple.length ? tuple[i] : rest, depth + 1));
      }
      case 'string':
        return next() < 0.4 ? pick<Json>(pool.values.filter((v) => typeof v === 'string')) : text(pick(pool.lengths));
      case 'integer':
      case 'number':
        return pick(pool.numbers.filter((n) => type === 'number' || next() < 0.8 || Number.isInteger(n)));
      case 'boolean':
        return next() < 0.5;
      case 'null':
        return null;
      default:
        return anything(depth);
    }
  };
  const instances: Json[] = [...pool.values];
  while (instances.length < count) instances.push(next() < 0.8 ? shaped(schema, 0) : anything(0));
  return instances;
}
