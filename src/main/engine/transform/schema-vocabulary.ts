// Which keys of a JSON Schema the transform drops, keeps untouched, or treats
// as maps of user-chosen names (docs/transform.md).

/** Annotation keys: no model needs them to pick a tool or build arguments. */
export const DROPPED_ANNOTATIONS: ReadonlySet<string> = new Set(['examples', 'example', '$comment', 'title', '$schema']);

/** Kept byte for byte and never descended into: selection and construction values. */
export const VERBATIM_KEYWORDS: ReadonlySet<string> = new Set(['enum', 'required', 'default', 'const']);

/** Keywords whose child keys are names chosen by the schema's author. */
export const NAME_MAP_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  '$defs',
  'definitions',
  'patternProperties',
  'dependentSchemas',
  'dependentRequired',
  'dependencies',
]);

/** The only doors from a tool envelope into schema territory. */
export const SCHEMA_DOORS: ReadonlySet<string> = new Set(['inputSchema', 'input_schema', 'parameters']);

/** Keywords that mark an object as a bare JSON Schema document. */
export const SCHEMA_SIGNATURE_KEYWORDS: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$ref',
  '$defs',
  'definitions',
  'type',
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'enum',
  'const',
  'required',
]);

/** Keywords whose value is one subschema (docs/transform.md: where exact structure applies). */
export const SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
]);

/** Keywords whose value is an array of subschemas (`items` too, in drafts before 2020-12). */
export const SUBSCHEMA_LIST_KEYWORDS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);

/** Name maps whose values are subschemas (`dependencies` values may also be arrays of names). */
export const SUBSCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
]);
