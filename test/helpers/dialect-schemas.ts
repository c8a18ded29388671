// One tool input schema per JSON Schema dialect, each using what only its
// dialect reads that way, for the tests of the instance generator and of the
// call checker. Every schema also carries the rules the invalid categories
// break: a type, a required property, an enum, a bound, a pattern, and no
// other properties.

export interface DialectSchema {
  dialect: '2020-12' | '2019-09' | 'draft-07' | 'draft-04';
  schema: Record<string, unknown>;
}

const common = {
  owner: { type: 'string', pattern: '^[a-z]+$', minLength: 2, maxLength: 20 },
  state: { type: 'string', enum: ['open', 'closed'] },
};

export const DIALECT_SCHEMAS: readonly DialectSchema[] = [
  {
    dialect: '2020-12',
    schema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        ...common,
        per_page: { type: 'integer', minimum: 1, maximum: 100 },
        // A pair: prefixItems is 2020-12's tuple.
        range: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string', enum: ['days', 'weeks'] }], items: false },
        label: { $ref: '#/$defs/label' },
        target: { oneOf: [{ $ref: '#/$defs/issue' }, { $ref: '#/$defs/pull' }] },
      },
      required: ['owner', 'target'],
      additionalProperties: false,
      $defs: {
        label: { type: 'string', pattern: '^L[0-9]{2,4}$' },
        issue: { type: 'object', properties: { kind: { const: 'issue' }, number: { type: 'integer', minimum: 1 } }, required: ['kind', 'number'] },
        pull: { type: 'object', properties: { kind: { const: 'pull' }, head: { type: 'string', minLength: 1 } }, required: ['kind', 'head'] },
      },
    },
  },
  {
    dialect: '2019-09',
    schema: {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      type: 'object',
      allOf: [{ properties: common, required: ['owner'] }, { properties: { per_page: { type: 'integer', maximum: 50 } } }],
      properties: { token: { type: 'string', minLength: 8 }, token_kind: { enum: ['classic', 'fine'] } },
      // 2019-09: dependentRequired, and unevaluatedProperties that sees through allOf.
      dependentRequired: { token: ['token_kind'] },
      unevaluatedProperties: false,
    },
  },
  {
    dialect: 'draft-07',
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        ...common,
        per_page: { type: 'integer', exclusiveMinimum: 0, maximum: 100 },
        // An array of schemas is draft-07's tuple.
        range: { type: 'array', items: [{ type: 'integer' }, { type: 'string' }], additionalItems: false },
        labels: { type: 'array', items: { $ref: '#/definitions/label' }, maxItems: 3 },
        since: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
      },
      required: ['owner', 'state'],
      additionalProperties: false,
      definitions: { label: { type: 'string', pattern: '^[a-z]+(-[a-z]+)*$' } },
    },
  },
  {
    dialect: 'draft-04',
    schema: {
      $schema: 'http://json-schema.org/draft-04/schema#',
      id: 'urn:example:draft-04',
      type: 'object',
      properties: {
        ...common,
        // draft-04: a boolean exclusiveMaximum makes maximum exclusive.
        per_page: { type: 'integer', minimum: 1, maximum: 100, exclusiveMaximum: true },
      },
      required: ['owner'],
      additionalProperties: false,
    },
  },
];
