// Valid values for a folded schema, with a record of every place it wrote
// (the instance pointer and the keywords that applied there), so the invalid
// side can break one rule at one place. `full` fills every optional property
// it can, `minimal` only the required ones, `random` a random share.

import { Unsatisfiable, flatten, isSchemaObject, mergeFlat, typeList, type FlatSchema, type JsonSchema, type SchemaObject } from './flat-schema';
import { makeString } from './strings';

export type Fill = 'full' | 'minimal' | 'random';

export interface Site {
  /** JSON pointer of the value in the instance ("" for the root). */
  pointer: string;
  /** The keywords that applied there, with the branch the generator took folded in. */
  schema: FlatSchema;
}

/** Past this depth objects get only their required properties and arrays their fewest items; past twice it, give up. */
const SHALLOW_DEPTH = 6;

const escapeSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
export const childPointer = (pointer: string, segment: string | number) => `${pointer}/${escapeSegment(String(segment))}`;

export class ValueGenerator {
  readonly sites: Site[] = [];

  constructor(
    private readonly root: JsonSchema,
    private readonly random: () => number,
    private readonly fill: Fill,
    private readonly tupleItems: boolean,
  ) {}

  value(schema: JsonSchema, pointer: string, depth: number): unknown {
    if (depth > 2 * SHALLOW_DEPTH) throw new Unsatisfiable(`nesting deeper than ${2 * SHALLOW_DEPTH} at ${pointer || '/'}`);
    const flat = this.chooseBranches(flatten(this.root, schema));
    this.sites.push({ pointer, schema: flat });
    const keywords = flat.keywords;
    if ('const' in keywords) return structuredClone(keywords.const);
    if (Array.isArray(keywords.enum)) return this.fromEnum(keywords.enum, typeList(keywords.type));
    switch (this.pickType(flat)) {
      case 'object':
        return this.object(keywords, pointer, depth);
      case 'array':
        return this.array(keywords, pointer, depth);
      case 'string':
        return makeString(flat.patterns, keywords.format, stringBounds(keywords), this.random);
      case 'integer':
        return this.number(keywords, true);
      case 'number':
        return this.number(keywords, false);
      case 'boolean':
        return this.random() < 0.5;
      default:
        return null;
    }
  }

  /** One branch of each `anyOf`/`oneOf`, folded in (a branch may bring choices of its own). */
  private chooseBranches(flat: FlatSchema): FlatSchema {
    let current = flat;
    for (let rounds = 0; current.choices.length > 0; rounds++) {
      if (rounds > 16) throw new Unsatisfiable('alternatives nested too deep');
      const [branches, ...rest] = current.choices;
      const branch = branches![Math.floor(this.random() * branches!.length)]!;
      current = mergeFlat({ ...current, choices: rest }, flatten(this.root, branch));
    }
    return current;
  }

  private fromEnum(values: unknown[], types: string[] | undefined): unknown {
    const allowed = types === undefined ? values : values.filter((value) => types.some((type) => isOfType(value, type)));
    if (allowed.length === 0) throw new Unsatisfiable('an enum with no value of the allowed types');
    return structuredClone(allowed[this.fill === 'full' ? 0 : Math.floor(this.random() * allowed.length)]);
  }

  private pickType(flat: FlatSchema): string {
    const declared = typeList(flat.keywords.type);
    if (declared !== undefined) {
      if (declared.length === 0) throw new Unsatisfiable('an empty type list');
      const real = declared.filter((type) => type !== 'null');
      const pool = real.length > 0 && this.fill !== 'random' ? real : declared;
      return pool[Math.floor(this.random() * pool.length)]!;
    }
    const k = flat.keywords;
    if ('properties' in k || 'required' in k || 'additionalProperties' in k) return 'object';
    if ('items' in k || 'prefixItems' in k || 'minItems' in k || 'maxItems' in k) return 'array';
    if (flat.patterns.length > 0 || 'minLength' in k || 'maxLength' in k || 'format' in k) return 'string';
    if ('minimum' in k || 'maximum' in k || 'multipleOf' in k) return 'number';
    return 'string';
  }

  private object(keywords: SchemaObject, pointer: string, depth: number): Record<string, unknown> {
    const properties = isSchemaObject(keywords.properties) ? (keywords.properties as Record<string, JsonSchema>) : {};
    const required = Array.isArray(keywords.required) ? (keywords.required as string[]) : [];
    const shallow = depth >= SHALLOW_DEPTH;
    const wanted = (name: string) => required.includes(name) || (!shallow && (this.fill === 'full' || (this.fill === 'random' && this.random() < 0.5)));
    const result: Record<string, unknown> = {};
    for (const name of [...Object.keys(properties), ...required.filter((name) => !(name in properties))]) {
      if (!wanted(name) || name in result) continue;
      const schema = properties[name] ?? (isSchemaObject(keywords.additionalProperties) ? keywords.additionalProperties : true);
      const mark = this.sites.length;
      try {
        result[name] = this.value(schema, childPointer(pointer, name), depth + 1);
      } catch (error) {
        if (required.includes(name) || !(error instanceof Unsatisfiable)) throw error;
        this.sites.length = mark; // an optional property it cannot fill is left out
      }
    }
    const fewest = typeof keywords.minProperties === 'number' ? keywords.minProperties : 0;
    for (let n = 0; Object.keys(result).length < fewest; n++) {
      if (keywords.additionalProperties === false) throw new Unsatisfiable(`too few properties allowed at ${pointer || '/'}`);
      result[`extra_${n}`] = 'x';
    }
    return result;
  }

  private array(keywords: SchemaObject, pointer: string, depth: number): unknown[] {
    const tuple = Array.isArray(keywords.prefixItems) ? keywords.prefixItems : this.tupleItems && Array.isArray(keywords.items) ? keywords.items : [];
    const rest: JsonSchema = Array.isArray(keywords.items)
      ? isSchemaObject(keywords.additionalItems)
        ? keywords.additionalItems
        : true
      : ((keywords.items as JsonSchema) ?? true);
    const fewest = Math.max(typeof keywords.minItems === 'number' ? keywords.minItems : 0, 0);
    const most = typeof keywords.maxItems === 'number' ? keywords.maxItems : fewest + 3;
    const wished =
      depth >= SHALLOW_DEPTH ? fewest : this.fill === 'minimal' ? fewest : this.fill === 'full' ? Math.max(fewest, 1) : fewest + Math.floor(this.random() * 3);
    const length = Math.min(Math.max(wished, tuple.length > 0 && this.fill !== 'minimal' ? tuple.length : 0), most);
    const items: unknown[] = [];
    const seen = new Set<string>();
    for (let index = 0; index < length; index++) {
      const schema = (tuple[index] as JsonSchema | undefined) ?? rest;
      let item = this.value(schema, childPointer(pointer, index), depth + 1);
      for (let retry = 0; keywords.uniqueItems === true && seen.has(JSON.stringify(item)) && retry < 8; retry++) {
        item = this.value(schema, childPointer(pointer, index), depth + 1);
      }
      seen.add(JSON.stringify(item));
      items.push(item);
    }
    return items;
  }

  private number(keywords: SchemaObject, integer: boolean): number {
    const { low, high } = numberRange(keywords, integer);
    // Whole numbers where the range has one: what a caller writes most, and what a server that says "number" often means.
    const whole = Math.ceil(low) <= Math.floor(high);
    const step = typeof keywords.multipleOf === 'number' && keywords.multipleOf > 0 ? keywords.multipleOf : integer || whole ? 1 : undefined;
    if (step === undefined) return low + (high - low) * (this.fill === 'full' ? 0.5 : this.random());
    const first = Math.ceil(low / step);
    const last = Math.floor(high / step);
    if (first > last) throw new Unsatisfiable('no multiple in range');
    const k = first + Math.floor(this.random() * Math.min(last - first + 1, 1000));
    return Number.isInteger(step) ? k * step : Number((k * step).toPrecision(12));
  }
}

function isOfType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isSchemaObject(value);
    case 'integer':
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}

export function stringBounds(keywords: SchemaObject): { minLength: number; maxLength: number } {
  const minLength = typeof keywords.minLength === 'number' ? keywords.minLength : 0;
  const maxLength = typeof keywords.maxLength === 'number' ? keywords.maxLength : Math.max(minLength, 24);
  return { minLength, maxLength };
}

/** The closed range numbers must fall in (draft-04's boolean exclusive bounds and the numeric ones of later drafts). */
function numberRange(keywords: SchemaObject, integer: boolean): { low: number; high: number } {
  const nudge = integer ? 1 : 1e-6;
  let low = typeof keywords.minimum === 'number' ? keywords.minimum : undefined;
  let high = typeof keywords.maximum === 'number' ? keywords.maximum : undefined;
  if (low !== undefined && keywords.exclusiveMinimum === true) low += nudge;
  if (high !== undefined && keywords.exclusiveMaximum === true) high -= nudge;
  if (typeof keywords.exclusiveMinimum === 'number') low = Math.max(low ?? -Infinity, keywords.exclusiveMinimum + nudge);
  if (typeof keywords.exclusiveMaximum === 'number') high = Math.min(high ?? Infinity, keywords.exclusiveMaximum - nudge);
  low ??= Math.min(1, high ?? 1) - (high !== undefined && high < 1 ? 100 : 0);
  high ??= low + 100;
  if (integer) {
    low = Math.ceil(low);
    high = Math.floor(high);
  }
  if (low > high) throw new Unsatisfiable('an empty number range');
  return { low, high };
}
