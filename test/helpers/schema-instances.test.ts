import { describe, expect, it } from 'vitest';
import { DIALECT_SCHEMAS } from './dialect-schemas';
import { realFixtures } from './fixtures';
import { INVALID_CATEGORIES, schemaInstances, type InvalidInstance } from './schema-instances';

const valueAt = (instance: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, segment) => (node as Record<string, unknown> | undefined)?.[segment], instance);

const broken = (invalid: readonly InvalidInstance[], category: string, pointer: string) =>
  invalid.find((each) => each.category === category && each.pointer === pointer);

describe('schemaInstances', () => {
  it.each(DIALECT_SCHEMAS)('serves a $dialect schema: valid ones keep its rules, invalid ones break one each, in every category', ({ schema }) => {
    const { valid, invalid, skipped } = schemaInstances(schema, { seed: 7 });
    expect(skipped).toBeUndefined();
    expect(valid.length).toBeGreaterThanOrEqual(3);
    for (const instance of valid) {
      const owner = valueAt(instance, '/owner');
      expect(owner).toMatch(/^[a-z]{2,20}$/);
      const state = valueAt(instance, '/state');
      if (state !== undefined) expect(['open', 'closed']).toContain(state);
    }
    expect(new Set(invalid.map((each) => each.category))).toEqual(new Set(INVALID_CATEGORIES));
    expect(valueAt(broken(invalid, 'pattern', '/owner')?.instance, '/owner')).not.toMatch(/^[a-z]+$/);
    expect(['open', 'closed']).not.toContain(valueAt(broken(invalid, 'enum', '/state')?.instance, '/state'));
    expect(valueAt(broken(invalid, 'required', '/owner')?.instance, '/owner')).toBeUndefined();
    expect(typeof valueAt(broken(invalid, 'type', '/owner')?.instance, '/owner')).not.toBe('string');
  });

  it('reads each dialect as itself: a tuple, a dependent requirement, an exclusive draft-04 maximum', () => {
    const [v2020, v2019, v07, v04] = DIALECT_SCHEMAS.map(({ schema }) => schemaInstances(schema, { seed: 3 }));
    const range2020 = v2020!.valid.map((each) => valueAt(each, '/range')).find((range) => Array.isArray(range) && range.length === 2) as unknown[];
    expect([typeof range2020[0], range2020[1]]).toEqual(['number', expect.stringMatching(/^(days|weeks)$/)]);
    const range07 = v07!.valid.map((each) => valueAt(each, '/range')).find((range) => Array.isArray(range) && range.length === 2) as unknown[];
    expect(range07.map((item) => typeof item)).toEqual(['number', 'string']);
    for (const instance of v2019!.valid) if (valueAt(instance, '/token') !== undefined) expect(valueAt(instance, '/token_kind')).toBeDefined();
    expect(broken(v2019!.invalid, 'additional', '/caveman_unlisted')?.keyword).toBe('unevaluatedProperties');
    expect(valueAt(broken(v04!.invalid, 'bound', '/per_page')?.instance, '/per_page')).toBe(100);
  });

  it('follows $ref and $defs, and takes one branch of a oneOf', () => {
    const { valid, invalid } = schemaInstances(DIALECT_SCHEMAS[0]!.schema, { seed: 11, valid: 12 });
    const labels = valid.map((each) => valueAt(each, '/label')).filter((label) => label !== undefined);
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toMatch(/^L[0-9]{2,4}$/);
    const kinds = new Set(valid.map((each) => valueAt(each, '/target/kind')));
    expect(kinds).toEqual(new Set(['issue', 'pull']));
    for (const instance of valid) {
      const target = valueAt(instance, '/target') as Record<string, unknown>;
      expect(Object.keys(target).sort()).toEqual(target.kind === 'issue' ? ['kind', 'number'] : ['head', 'kind']);
    }
    expect(broken(invalid, 'pattern', '/label')).toBeDefined();
  });

  it('is deterministic: the same seed gives the same instances, another seed others', () => {
    const schema = DIALECT_SCHEMAS[2]!.schema;
    expect(schemaInstances(schema, { seed: 5 })).toEqual(schemaInstances(schema, { seed: 5 }));
    expect(schemaInstances(schema, { seed: 5 }).valid).not.toEqual(schemaInstances(schema, { seed: 6 }).valid);
  });

  it('skips, with the reason, a schema it cannot serve', () => {
    const backReference = { type: 'object', properties: { pair: { type: 'string', pattern: '^(?<a>[0-9]{3})-\\k<a>$' } }, required: ['pair'] };
    expect(schemaInstances(backReference).skipped).toMatch(/no string found for the pattern/);
    expect(schemaInstances({ type: 'string', minLength: 5, maxLength: 2 }).skipped).toMatch(/no string found|Ajv rejected/);
    expect(schemaInstances({ type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } }).skipped).toMatch(/Ajv cannot compile/);
    expect(schemaInstances({ $schema: 'http://json-schema.org/draft-03/schema#', type: 'object' }).skipped).toMatch(
      /no Ajv for \$schema "http:\/\/json-schema.org\/draft-03\/schema#"/,
    );
  });

  it('leaves out an optional property it cannot fill, and still serves the rest', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, pair: { type: 'string', pattern: '^(?<a>[0-9]{3})-\\k<a>$' } }, required: ['a'] };
    const { valid, skipped } = schemaInstances(schema);
    expect(skipped).toBeUndefined();
    for (const instance of valid) expect(instance).not.toHaveProperty('pair');
  });

  it('serves every tool of the real catalogs: valid and invalid instances for each, none skipped', () => {
    for (const fixture of realFixtures()) {
      const parsed = JSON.parse(fixture.text) as { tools: { name: string; inputSchema: unknown }[] };
      for (const tool of parsed.tools) {
        const { valid, invalid, skipped } = schemaInstances(tool.inputSchema);
        expect({ tool: `${fixture.name} ${tool.name}`, skipped, served: valid.length > 0 && invalid.length > 0 }).toEqual({
          tool: `${fixture.name} ${tool.name}`,
          skipped: undefined,
          served: true,
        });
      }
    }
  });
});
