// Dialect: a `$schema` other than 2020-12 stays exactly
// when a keyword the shrunk schema keeps reads differently in 2020-12 (MCP
// 2025-11-25 reads a schema without `$schema` as 2020-12), and each dialect's
// defaults are dropped only in that dialect. test/reliability/schema-meaning
// checks the same schemas with Ajv.

import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { declaredDialects, dialectOf, needsDialect } from '../../../../src/main/engine/transform/dialect';
import { shrinkText } from '../../../helpers/transform';

const DRAFT_03 = 'http://json-schema.org/draft-03/schema#';
const DRAFT_04 = 'http://json-schema.org/draft-04/schema#';
const DRAFT_06 = 'http://json-schema.org/draft-06/schema#';
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2019 = 'https://json-schema.org/draft/2019-09/schema';
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';

const shrunk = (inputSchema: Record<string, unknown>, options?: Parameters<typeof shrinkText>[1]) =>
  JSON.parse(shrinkText(JSON.stringify({ tools: [{ name: 't', inputSchema }] }), options)).tools[0].inputSchema as Record<string, unknown>;
const keeps = (meta: string, schema: Record<string, unknown>) => '$schema' in shrunk({ $schema: meta, type: 'object', ...schema });

describe('dialectOf', () => {
  it('names the published meta-schemas however they are written, and nothing else', () => {
    expect(dialectOf(DRAFT_07)).toBe('draft-07');
    expect(dialectOf('https://json-schema.org/draft-07/schema')).toBe('draft-07');
    expect(dialectOf(' http://JSON-SCHEMA.org/draft-04/schema# ')).toBe('draft-04');
    expect(dialectOf(DRAFT_2020)).toBe('2020-12');
    expect(dialectOf(`${DRAFT_2020}#`)).toBe('2020-12');
    expect(dialectOf(DRAFT_2019)).toBe('2019-09');
    expect(dialectOf('http://json-schema.org/draft-07/hyper-schema#')).toBe('unknown');
    expect(dialectOf('https://example.com/my-meta')).toBe('unknown');
  });

  it('reads the $schema of schema objects only, not of data or names', () => {
    const doc = parseJson(
      JSON.stringify({
        $schema: DRAFT_07,
        properties: { $schema: { type: 'string' } },
        examples: [{ $schema: DRAFT_04 }],
        $defs: { a: { $id: 'a', $schema: DRAFT_2019 } },
      }),
    );
    expect([...declaredDialects(doc, doc.root)].sort()).toEqual(['2019-09', 'draft-07']);
  });
});

describe('a $schema other than 2020-12 stays when a keyword reads differently in 2020-12', () => {
  it.each([
    ['a tuple items array', DRAFT_07, { properties: { p: { items: [{ type: 'string' }] } } }],
    ['additionalItems', DRAFT_2019, { properties: { p: { additionalItems: false } } }],
    ['prefixItems (not a keyword before 2020-12)', DRAFT_07, { properties: { p: { prefixItems: [{ type: 'string' }] } } }],
    ['dependencies', DRAFT_07, { dependencies: { a: ['b'] } }],
    ['dependentRequired (not a keyword in draft-07)', DRAFT_07, { dependentRequired: { a: ['b'] } }],
    ['unevaluatedProperties in draft-07', DRAFT_07, { unevaluatedProperties: false }],
    ['unevaluatedItems in 2019-09 (contains evaluates items from 2020-12 on)', DRAFT_2019, { properties: { p: { contains: {}, unevaluatedItems: false } } }],
    ['$recursiveRef', DRAFT_2019, { properties: { p: { $recursiveRef: '#' } } }],
    ['$dynamicRef before 2020-12', DRAFT_2019, { properties: { p: { $dynamicRef: '#x' } } }],
    ['a $ref beside an asserting keyword', DRAFT_07, { properties: { p: { $ref: '#/definitions/a', maxLength: 3 } }, definitions: { a: {} } }],
    ['a $ref beside an $id', DRAFT_06, { properties: { p: { $id: 'http://x.test/p.json', $ref: '#/definitions/a' } }, definitions: { a: {} } }],
    ['a plain-name $id', DRAFT_07, { definitions: { a: { $id: '#a' } } }],
    ['a draft-04 id', DRAFT_04, { definitions: { a: { id: 'http://x.test/a.json' } } }],
    ['a $id in draft-04 (not a keyword there)', DRAFT_04, { definitions: { a: { $id: 'http://x.test/a.json' } } }],
    ['exclusiveMinimum true in draft-04', DRAFT_04, { properties: { n: { minimum: 0, exclusiveMinimum: true } } }],
    ['const in draft-04', DRAFT_04, { properties: { n: { const: 1 } } }],
    ['propertyNames in draft-04', DRAFT_04, { propertyNames: { maxLength: 3 } }],
    ['a boolean schema in draft-04', DRAFT_04, { properties: { n: false } }],
    ['integer in draft-04 (1.0 is not one)', DRAFT_04, { properties: { n: { type: 'integer' } } }],
    ['if/then/else in draft-06', DRAFT_06, { if: { required: ['a'] }, then: { required: ['b'] } }],
    ['divisibleBy in draft-03', DRAFT_03, { properties: { n: { divisibleBy: 2 } } }],
    ['a tuple under an unknown meta-schema', 'https://example.com/meta', { properties: { p: { items: [{}] } } }],
  ])('%s', (_name, meta, schema) => {
    expect(keeps(meta, schema)).toBe(true);
  });

  it('keeps every $schema of the tool then, a nested 2020-12 one too', () => {
    const schema = {
      $schema: DRAFT_07,
      type: 'object',
      properties: { p: { items: [{}] } },
      definitions: { a: { $id: 'http://x.test/a.json', $schema: DRAFT_2020, prefixItems: [{}] } },
    };
    expect(shrunk(schema)).toEqual(schema);
  });
});

describe('a $schema goes when nothing it keeps reads differently', () => {
  it.each([
    ['2020-12 itself, with tuples', DRAFT_2020, { properties: { p: { prefixItems: [{}], items: false } } }],
    [
      'draft-07 with plain keywords and $ref beside annotations',
      DRAFT_07,
      {
        properties: { p: { $ref: '#/definitions/a', description: 'A.', title: 'A', default: 1 }, q: { type: 'integer', format: 'uri', const: 1 } },
        definitions: { a: {} },
        if: {},
        then: {},
      },
    ],
    [
      'draft-07 with default-valued tuple keywords the shrink drops',
      DRAFT_07,
      { properties: { p: { type: 'array', additionalItems: true, dependencies: {}, unevaluatedItems: {} } } },
    ],
    [
      '2019-09 with $ref siblings, dependentRequired and $anchor',
      DRAFT_2019,
      { properties: { p: { $ref: '#/$defs/a', maxLength: 2 } }, dependentRequired: { a: ['b'] }, $defs: { a: { $anchor: 'a' } } },
    ],
    ['draft-04 with only an exclusiveMinimum false (its default, dropped)', DRAFT_04, { properties: { n: { minimum: 0, exclusiveMinimum: false } } }],
    [
      'a keyword named like one only in data, names and annotations',
      DRAFT_07,
      { properties: { items: { type: 'string', examples: [{ items: [1] }] } }, 'x-vendor': { dependencies: { a: ['b'] } } },
    ],
  ])('%s', (_name, meta, schema) => {
    expect(keeps(meta, schema)).toBe(false);
  });

  it('but stays when such a default is kept: a $ref points at it, or it is a duplicate key', () => {
    const target = {
      $schema: DRAFT_04,
      type: 'object',
      properties: { n: { minimum: 0, exclusiveMinimum: false }, m: { $ref: '#/properties/n/exclusiveMinimum' } },
    };
    expect(shrunk(target)).toHaveProperty('$schema');
    const text =
      `{"tools":[{"name":"t","inputSchema":{"$schema":"${DRAFT_04}","type":"object","properties":{"n":{"minimum":0,` +
      `"exclusiveMinimum":false,"exclusiveMinimum":false}}}}]}`;
    expect(shrinkText(text)).toContain('"$schema"');
  });

  it('is decided on what the shrink writes: without exact structure, a kept default can need its dialect', () => {
    const doc = parseJson(JSON.stringify({ $schema: DRAFT_04, properties: { n: { exclusiveMinimum: false } } }));
    const dialects = declaredDialects(doc, doc.root);
    expect(needsDialect(doc, doc.root, dialects, { targets: undefined, exactStructure: true })).toBe(false);
    expect(needsDialect(doc, doc.root, dialects, { targets: undefined, exactStructure: false })).toBe(true);
  });

  it('is idempotent: a second shrink keeps what the first kept', () => {
    for (const schema of [
      { $schema: DRAFT_07, type: 'object', title: 'T', properties: { p: { items: [{}], additionalItems: false } } },
      { $schema: DRAFT_04, type: 'object', title: 'T', properties: { n: { minimum: 0, exclusiveMinimum: false, exclusiveMaximum: true, maximum: 1 } } },
      { $schema: DRAFT_04, type: 'object', title: 'T', properties: { n: { minimum: 0, exclusiveMinimum: false } } },
    ]) {
      const once = shrinkText(JSON.stringify({ tools: [{ name: 't', inputSchema: schema }] }));
      expect(shrinkText(once)).toBe(once);
    }
  });
});

describe('defaults of one dialect are dropped only in that dialect', () => {
  it('exclusiveMinimum/exclusiveMaximum false: the default of draft-04, a wrong type from draft-06 on', () => {
    const bounds = { type: 'number', minimum: 0, exclusiveMinimum: false, maximum: 9, exclusiveMaximum: false };
    expect(shrunk({ $schema: DRAFT_04, type: 'object', properties: { n: bounds } }).properties).toEqual({ n: { type: 'number', minimum: 0, maximum: 9 } });
    for (const meta of [DRAFT_07, DRAFT_2020, undefined]) {
      expect(shrunk({ ...(meta ? { $schema: meta } : {}), type: 'object', properties: { n: bounds } }).properties, meta).toEqual({ n: bounds });
    }
  });

  it('items true and required []: defaults from draft-06 on, invalid in draft-04', () => {
    const property = { type: 'array', items: true, properties: { a: {} }, required: [] };
    expect(shrunk({ $schema: DRAFT_04, type: 'object', properties: { p: property } }).properties).toEqual({ p: property });
    expect(shrunk({ $schema: DRAFT_07, type: 'object', properties: { p: property } }).properties).toEqual({ p: { type: 'array', properties: { a: {} } } });
    // draft-04's own boolean schemas are defaults there too.
    expect(shrunk({ $schema: DRAFT_04, type: 'object', properties: { p: { additionalProperties: true, items: {} } } }).properties).toEqual({ p: {} });
  });
});
