// What one Ajv error says to a model, in one line it can act on:
// "/state must be one of: open, closed", "missing required /owner",
// "/per_page must be ≤ 100". Every word comes from the schema (its limits,
// its enum, its pattern) or from the shape of the arguments (a path, a
// property's name): never an argument's value, so the same line can go to
// stderr. One line each: a value with a line break in it is written as JSON.

import type { ErrorObject } from 'ajv';

/** How many enum values a line lists before it says how many more there are. */
const ENUM_VALUES_SHOWN = 40;

const ARTICLE_TYPES: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

const COMPARISONS: Record<string, string> = { '<=': '≤', '>=': '≥', '<': '<', '>': '>' };

/** The place an instance pointer names: the pointer, or "the arguments" for the whole object. */
export function placeOf(pointer: string): string {
  return pointer === '' ? 'the arguments' : pointer;
}

export function childOf(pointer: string, name: string): string {
  return `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** A schema value as a line shows it: a plain string bare, anything a reader could mistake (or that breaks the line) as JSON. */
export function shownValue(value: unknown): string {
  if (typeof value === 'string' && /^[^\s",][^\u0000-\u001f",]*$/u.test(value) && !/\s$/u.test(value) && !/^(true|false|null|-?\d)/u.test(value)) return value;
  return JSON.stringify(value) ?? String(value);
}

export function shownValues(values: readonly unknown[]): string {
  const shown = values.slice(0, ENUM_VALUES_SHOWN).map(shownValue).join(', ');
  return values.length > ENUM_VALUES_SHOWN ? `${shown} and ${values.length - ENUM_VALUES_SHOWN} more` : shown;
}

/** "a string or null" from Ajv's type list ("string,null") or a list of names. */
export function shownTypes(types: string | readonly string[]): string {
  const list = typeof types === 'string' ? types.split(',') : [...types];
  const names = [...new Set(list)].map((type) => ARTICLE_TYPES[type] ?? type);
  return names.length <= 1 ? (names[0] ?? 'nothing') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

const plural = (count: number, noun: string, nouns = `${noun}s`) => `${count} ${count === 1 ? noun : nouns}`;

/**
 * The line for one Ajv error that is not an alternative (anyOf/oneOf), or
 * undefined for an error that adds nothing of its own. `at` names the place
 * (the error's instance path unless told otherwise).
 */
export function violationLine(error: ErrorObject, at = placeOf(error.instancePath)): string | undefined {
  const params = error.params as Record<string, unknown>;
  const limit = params.limit as number;
  switch (error.keyword) {
    case 'type':
      return `${at} must be ${shownTypes(String(params.type))}`;
    case 'enum':
      return `${at} must be one of: ${shownValues(params.allowedValues as unknown[])}`;
    case 'const':
      return `${at} must be ${shownValue(params.allowedValue)}`;
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return `${at} must be ${COMPARISONS[String(params.comparison)] ?? params.comparison} ${limit}`;
    case 'multipleOf':
      return `${at} must be a multiple of ${String(params.multipleOf)}`;
    case 'maxLength':
      return `${at} must be at most ${plural(limit, 'character')} long`;
    case 'minLength':
      return `${at} must be at least ${plural(limit, 'character')} long`;
    case 'maxItems':
    case 'additionalItems':
    case 'items':
      return `${at} must have at most ${plural(limit, 'item')}`;
    case 'minItems':
      return `${at} must have at least ${plural(limit, 'item')}`;
    case 'maxProperties':
      return `${at} must have at most ${plural(limit, 'property', 'properties')}`;
    case 'minProperties':
      return `${at} must have at least ${plural(limit, 'property', 'properties')}`;
    case 'uniqueItems':
      return `${at} must not repeat an item (items ${String(params.j)} and ${String(params.i)} are equal)`;
    case 'pattern':
      return `${at} must match the pattern ${shownValue(params.pattern)}`;
    case 'required':
      return `missing required ${childOf(error.instancePath, String(params.missingProperty))}`;
    case 'dependentRequired':
    case 'dependencies': {
      const when = childOf(error.instancePath, String(params.property));
      return `missing required ${childOf(error.instancePath, String(params.missingProperty))} (required when ${when} is present)`;
    }
    case 'additionalProperties':
      return `${childOf(error.instancePath, String(params.additionalProperty))} is not allowed here`;
    case 'unevaluatedProperties':
      return `${childOf(error.instancePath, String(params.unevaluatedProperty))} is not allowed here`;
    case 'unevaluatedItems':
      return `${at} must have at most ${plural(limit, 'item')}`;
    case 'false schema':
      return `${at} is not allowed here`;
    case 'not':
      return `${at} must not match the schema under "not"`;
    case 'contains':
      return params.maxContains === undefined
        ? `${at} must contain at least ${plural(Number(params.minContains ?? 1), 'item')} matching its "contains" schema`
        : `${at} must contain between ${String(params.minContains)} and ${String(params.maxContains)} items matching its "contains" schema`;
    case 'if':
    case 'propertyNames':
      return undefined; // the errors of the schema that failed say it better, and come with it
    default:
      return `${at} ${(error.message ?? 'is not valid').replace(/\bNOT\b/gu, 'not')}`;
  }
}

/** The line for an error about a property's name (under `propertyNames`): it names the property. */
export function propertyNameLine(error: ErrorObject, propertyName: string): string | undefined {
  return violationLine(error, `the name of ${childOf(error.instancePath, propertyName)}`);
}
