import { describe, expect, it } from 'vitest';
import { checkGuarantees } from '../../../../src/main/engine/guarantees/check-guarantees';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { transformCatalog } from '../../../../src/main/engine/transform/transform-catalog';
import { shrinkText } from '../../../helpers/transform';

const catalogOf = (inputSchema: unknown) => JSON.stringify({ tools: [{ name: 't', inputSchema }] });
const schemaOf = (inputSchema: unknown) => JSON.parse(shrinkText(catalogOf(inputSchema))).tools[0].inputSchema;

describe('exact structural savings (docs/transform.md)', () => {
  it('drops keywords equal to their JSON Schema default inside a schema', () => {
    const property = {
      type: 'array',
      items: { type: 'string', minLength: 0, description: '', deprecated: false, readOnly: false, writeOnly: false },
      uniqueItems: false,
      minItems: 0,
      minContains: 1,
      additionalItems: true,
    };
    const nested = {
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: true,
      patternProperties: {},
      minProperties: 0,
      propertyNames: {},
      dependentRequired: {},
      $defs: {},
    };
    expect(schemaOf({ type: 'object', properties: { list: property, nested } })).toEqual({
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'string' } }, nested: { type: 'object' } },
    });
  });

  it('never drops the root type, properties or required (hosts read the root shape)', () => {
    expect(schemaOf({ type: 'object', properties: {}, required: [], additionalProperties: true })).toEqual({ type: 'object', properties: {}, required: [] });
  });

  it('keeps values that only look like defaults, and keywords that are not defaults at all', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'array', minItems: 1, uniqueItems: true, items: false, additionalProperties: false, description: ' ' } },
    };
    expect(schemaOf(schema)).toEqual(schema);
  });

  it('counts numbers by value: minItems 0.0 is 0, minContains 1.0 is 1', () => {
    const text = '{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"array","minItems":0.0,"minContains":1.0}}}}]}';
    expect(JSON.parse(shrinkText(text)).tools[0].inputSchema.properties.a).toEqual({ type: 'array' });
  });

  it('keeps annotation-bearing defaults when the schema uses unevaluated* (they would change what is evaluated)', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'object', additionalProperties: true, unevaluatedProperties: false, allOf: [{ additionalProperties: {} }] } },
    };
    expect(schemaOf(schema)).toEqual(schema);
  });

  it('keeps them too when the unevaluated* key is spelled with a \\u escape', () => {
    const text =
      '{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"object",' +
      '"additionalProperties":true,"\\u0075nevaluatedProperties":false}}}}]}';
    expect(shrinkText(text)).toContain('"additionalProperties":true');
    // Without the escape hiding it, the same schema is recognised by its text.
    expect(shrinkText(text.replace('\\u0075', 'u'))).toContain('"additionalProperties":true');
    // And with no unevaluated* at all, the default goes.
    expect(shrinkText(text.replace(',"\\u0075nevaluatedProperties":false', ''))).not.toContain('additionalProperties');
  });

  it('counts only unevaluated* keywords, not the word in a description, an example, a title or a property name', () => {
    const schema = {
      type: 'object',
      title: '"unevaluatedProperties" is not used here',
      description: 'Says "unevaluatedItems" in prose only.',
      examples: [{ unevaluatedProperties: false }],
      properties: { unevaluatedProperties: { type: 'string' }, b: { type: 'object', additionalProperties: true } },
    };
    const once = shrinkText(catalogOf(schema));
    expect(JSON.parse(once).tools[0].inputSchema.properties.b).toEqual({ type: 'object' });
    // What the first shrink dropped (title, examples) cannot change what a second one decides.
    expect(shrinkText(once)).toBe(once);
  });

  it('keeps a key that appears twice in its object (the last one wins, so dropping one could change it)', () => {
    const text = '{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"array","minItems":5,"minItems":0}}}}]}';
    expect(shrinkText(text)).toContain('"minItems":5,"minItems":0');
  });

  it('never touches vendor data, name maps, enum/default/const values, or a $ref target', () => {
    const schema = {
      type: 'object',
      'x-vendor': { required: [], uniqueItems: false },
      properties: { required: { type: 'string', default: { minItems: 0 } }, uniqueItems: { enum: [{ uniqueItems: false }] }, r: { $ref: '#/$defs/x/items' } },
      $defs: { x: { type: 'array', items: {} } },
    };
    expect(schemaOf(schema)).toEqual(schema);
  });

  it('keeps every guarantee and stays idempotent', () => {
    const text = catalogOf({
      type: 'object',
      properties: { a: { type: 'object', properties: {}, required: [], description: '' }, b: { enum: ['x'], minLength: 0 } },
      required: ['b'],
    });
    const out = shrinkText(text);
    const report = checkGuarantees(parseJson(text), parseJson(out));
    expect([report.selection.ok, report.construction.ok, report.constraints.ok, report.facts.ok]).toEqual([true, true, true, true]);
    expect(shrinkText(out)).toBe(out);
  });

  it('is reported, and can be switched off (lint attributes it to structure)', () => {
    const text = catalogOf({ type: 'object', properties: { a: { type: 'string', minLength: 0 } } });
    expect(transformCatalog(parseJson(text))!.structureDrops).toBe(1);
    expect(shrinkText(text, { exactStructure: false })).toContain('"minLength":0');
  });
});
