// Argument objects for a tool's input schema, for the tests of anything that
// checks or forwards calls: valid ones (several, from every optional property
// filled to only the required ones) and invalid ones by category (a wrong
// type, a missing required property, a value outside an enum, a bound
// crossed, a pattern missed, an extra property where none is allowed), each a
// valid one with one rule broken at one place. Deterministic: the same schema
// and seed give the same instances. Ajv in the schema's own dialect judges
// every one, so "valid" and "invalid" are true by construction; a schema the
// generator cannot serve is skipped with its reason, never faked.

import { random } from '../../scripts/bench/generate-catalog.mjs';
import { oracleFor, type Oracle } from './schema-instances/ajv-oracle';
import { Unsatisfiable, isSchemaObject, type JsonSchema } from './schema-instances/flat-schema';
import { ValueGenerator, type Fill } from './schema-instances/generate-value';
import { candidatesFor, namesViolation, type InvalidInstance } from './schema-instances/mutations';

export { INVALID_CATEGORIES, type InvalidCategory, type InvalidInstance } from './schema-instances/mutations';

export interface SchemaInstancesOptions {
  /** Default 1. */
  seed?: number;
  /** How many distinct valid instances to look for (default 5); fewer come back when the schema allows fewer. */
  valid?: number;
}

export interface SchemaInstances {
  valid: unknown[];
  /** Broken copies of the first valid instance, each rejected by Ajv with an error of its category at its place. */
  invalid: InvalidInstance[];
  /** Why no valid instance came out (then both lists are empty). */
  skipped?: string;
}

const FILLS: readonly Fill[] = ['full', 'minimal'];
const TRIES_PER_INSTANCE = 8;

/** Valid and invalid instances of `schema` (a parsed JSON Schema). */
export function schemaInstances(schema: unknown, options: SchemaInstancesOptions = {}): SchemaInstances {
  let oracle: Oracle;
  try {
    oracle = oracleFor(schema);
  } catch (error) {
    return skipped(`Ajv cannot compile it: ${(error as Error).message}`);
  }
  if (schema !== true && schema !== false && !isSchemaObject(schema)) return skipped('not a schema');
  const wanted = options.valid ?? 5;
  const next = random(options.seed ?? 1);
  const found = new Map<string, { value: unknown; generator: ValueGenerator }>();
  let reason = 'no instance was tried';
  for (let attempt = 0; found.size < wanted && attempt < wanted * TRIES_PER_INSTANCE; attempt++) {
    const generator = new ValueGenerator(schema as JsonSchema, next, FILLS[attempt] ?? 'random', oracle.dialect !== '2020-12');
    try {
      const value = generator.value(schema as JsonSchema, '', 0);
      const errors = oracle.errors(value);
      if (errors === null) found.set(JSON.stringify(value), { value, generator });
      else reason = `Ajv rejected what was generated: ${errors[0]?.instancePath || '/'} ${errors[0]?.message}`;
    } catch (error) {
      if (!(error instanceof Unsatisfiable)) throw error;
      reason = error.message;
    }
  }
  const [base] = found.values();
  if (base === undefined) return skipped(reason);
  return { valid: [...found.values()].map((entry) => entry.value), invalid: invalidInstances(base.value, base.generator, oracle) };
}

function invalidInstances(base: unknown, generator: ValueGenerator, oracle: Oracle): InvalidInstance[] {
  const kept: InvalidInstance[] = [];
  const seen = new Set<string>();
  for (const { candidate, instance } of candidatesFor(base, generator.sites)) {
    const key = `${candidate.category} ${candidate.keyword} ${candidate.pointer}`;
    if (seen.has(key)) continue;
    const errors = oracle.errors(instance);
    if (errors === null || !namesViolation(candidate, errors)) continue;
    seen.add(key);
    kept.push({ ...candidate, instance });
  }
  return kept;
}

const skipped = (reason: string): SchemaInstances => ({ valid: [], invalid: [], skipped: reason });
