import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { outputText, transformCatalog } from '../../../../src/main/engine/transform/transform-catalog';
import { realFixtures, referenceInputs } from '../../../helpers/fixtures';
import { shrinkText } from '../../../helpers/transform';

const LONG =
  'This sentence is filler that carries no rule at all and merely exists to push the whole description ' +
  'comfortably past the small budget for short text, which it now does.';
const tool = (inputSchema: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ tools: [{ name: 't', description: 'A tool.', ...extra, inputSchema }] });
const schemaOf = (output: string) => JSON.parse(output).tools[0].inputSchema;

describe('transformCatalog: schema territory', () => {
  it('drops annotation keys at every depth', () => {
    const out = shrinkText(
      tool({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        title: 'Args',
        $comment: 'c',
        examples: [{}],
        type: 'object',
        properties: { a: { type: 'string', title: 'A', example: 'x', items: { title: 'deep' } } },
      }),
    );
    expect(schemaOf(out)).toEqual({ type: 'object', properties: { a: { type: 'string', items: {} } } });
  });

  it('keeps enum, required, default and const verbatim without descending', () => {
    const schema =
      '{"type":"object","properties":{"m":{"enum":[{"title":"x"},1.50],"default":{"title":"kept","examples":[1]},' +
      '"const":{"$comment":"kept"}}},"required":["m"]}';
    const out = shrinkText(`{"tools":[{"name":"t","inputSchema":${schema}}]}`);
    expect(out).toContain('"enum":[{"title":"x"},1.50]');
    expect(out).toContain('"default":{"title":"kept","examples":[1]}');
    expect(out).toContain('"const":{"$comment":"kept"}');
    expect(out).toContain('"required":["m"]');
  });

  it('keeps user-chosen names in name maps: title, description, __proto__, constructor, examples', () => {
    const names = ['title', 'description', '__proto__', 'constructor', 'examples', '$comment', 'default'];
    const properties = Object.fromEntries(names.map((n) => [n, { type: 'string', title: 'dropped' }]));
    const out = shrinkText(tool({ type: 'object', properties, $defs: properties, definitions: properties, patternProperties: properties }));
    for (const map of ['properties', '$defs', 'definitions', 'patternProperties']) {
      const parsed = JSON.parse(out).tools[0].inputSchema[map];
      expect(Object.keys(parsed), map).toEqual(names);
      for (const name of names) expect(Object.getOwnPropertyDescriptor(parsed, name)?.value, `${map}.${name}`).toEqual({ type: 'string' });
    }
  });

  it('handles dependentSchemas, dependentRequired and dependencies (reference DEPS input)', () => {
    const deps = referenceInputs().DEPS!;
    expect(JSON.parse(shrinkText(deps))).toEqual(JSON.parse(deps));
  });

  it('reduces schema-level descriptions and leaves short ones byte-exact', () => {
    const out = shrinkText(
      tool({
        type: 'object',
        properties: { a: { type: 'string', description: `Short \\u00e9.` }, b: { type: 'string', description: `Lead. ${LONG} Must be set.` } },
      }),
    );
    const properties = schemaOf(out).properties;
    expect(properties.a.description).toBe('Short \\u00e9.');
    expect(properties.b.description).toBe('Lead. Must be set.');
  });

  it('keeps a description that is not a string, and a property named "description"', () => {
    const out = shrinkText(
      tool({ type: 'object', description: { odd: true }, properties: { description: { type: 'string', description: `Notes. ${LONG}` } } }),
    );
    const schema = schemaOf(out);
    expect(schema.description).toEqual({ odd: true });
    expect(schema.properties.description).toEqual({ type: 'string', description: 'Notes.' });
  });

  it('keeps $ref targets that point into places it would otherwise drop or rewrite', () => {
    const schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/x/examples/0' }, b: { $ref: '#/$defs/y/description' }, c: { $ref: '#/$defs/x' } },
      $defs: { x: { type: 'object', examples: [{ type: 'string' }], title: 'X' }, y: { description: `Y. ${LONG}` } },
    };
    const out = schemaOf(shrinkText(tool(schema)));
    expect(out.$defs.x.examples).toEqual([{ type: 'string' }]);
    expect(out.$defs.x.title).toBeUndefined();
    expect(out.$defs.y.description).toBe(`Y. ${LONG}`);
  });

  it('writes UTF-8: non-ASCII text, surrogate pairs and escapes survive exactly, spans count bytes', () => {
    const input = '{"tools":[{"name":"é😀中","description":"caf\\u00e9 ☕","inputSchema":{"title":"x","properties":{"ü":{"type":"string"}}}},{"name":"b"}]}';
    const result = transformCatalog(parseJson(input))!;
    expect(outputText(result)).toBe(
      '{"tools":[{"name":"é😀中","description":"caf\\u00e9 ☕","inputSchema":{"properties":{"ü":{"type":"string"}}}},{"name":"b"}]}',
    );
    expect(Buffer.from(result.output).toString('utf8')).toBe(outputText(result));
    expect(outputText(result, result.tools[1]!)).toBe('{"name":"b"}');
  });

  it('keeps integer-like keys in order, duplicates, and number text', () => {
    const input =
      '{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"10":{"type":"number","default":1.50},' +
      '"2":{"type":"number","maximum":12345678901234567890},"2":{"type":"string"}}}}]}';
    expect(shrinkText(input)).toBe(input);
  });
});

describe('transformCatalog: envelopes and shapes', () => {
  it('never edits envelope fields other than description (reference ENVELOPE input)', () => {
    const out = JSON.parse(shrinkText(referenceInputs().ENVELOPE!));
    expect(out.title).toBe('catalog title');
    expect(out.tools[0].annotations).toEqual({ title: 'Read a file', readOnlyHint: true });
    expect(out.tools[0]._meta).toEqual({ title: 'vendor title', examples: [1] });
    expect(out.tools[0].inputSchema).toEqual({ type: 'object', properties: { path: { type: 'string', description: 'Target path.' } } });
  });

  it('keeps outputSchema, cache_control and vendor keys of an envelope untouched', () => {
    const envelope = {
      name: 't',
      outputSchema: { title: 'Out', examples: [1] },
      cache_control: { type: 'ephemeral' },
      'x-vendor': { title: 'v' },
      inputSchema: { title: 'gone' },
    };
    const out = JSON.parse(shrinkText(JSON.stringify({ tools: [envelope] })));
    expect(out.tools[0]).toEqual({ ...envelope, inputSchema: {} });
  });

  it("keeps a tool's own description whole at facts (a client's tool search reads it) and reduces its parameters'", () => {
    const out = JSON.parse(shrinkText(tool({ properties: { p: { description: `Lists things. ${LONG}` } } }, { description: `Lists things. ${LONG}` })));
    expect(out.tools[0].description).toBe(`Lists things. ${LONG}`);
    expect(out.tools[0].inputSchema.properties.p.description).toBe('Lists things.');
  });

  it.each([
    ['MCP tools list', { tools: [{ name: 'a', inputSchema: { title: 'x' } }] }, 'tool-list', ['a']],
    ['MCP input_schema', { tools: [{ name: 'a', input_schema: { title: 'x' } }] }, 'tool-list', ['a']],
    ['functions list', { functions: [{ name: 'f', parameters: { title: 'x' } }] }, 'tool-list', ['f']],
    ['OpenAI nested', [{ type: 'function', function: { name: 'o', parameters: { title: 'x' } } }], 'tool-array', ['o']],
    ['OpenAI flat', [{ name: 'p', parameters: { title: 'x' } }], 'tool-array', ['p']],
    ['single tool', { name: 's', inputSchema: { title: 'x' } }, 'tool', ['s']],
    ['single OpenAI tool', { type: 'function', function: { name: 'n', parameters: { title: 'x' } } }, 'tool', ['n']],
    ['bare schema', { type: 'object', title: 'x' }, 'schema', ['(schema)']],
  ])('recognises %s', (_label, catalog, kind, names) => {
    const result = transformCatalog(parseJson(JSON.stringify(catalog)))!;
    expect(result.kind).toBe(kind);
    expect(result.tools.map((t) => t.name)).toEqual(names);
    expect(outputText(result)).not.toContain('"title"');
  });

  it.each([['42'], ['"text"'], ['null'], ['[]'], ['[1,2]'], ['{"foo":1}'], ['{"name":"no door"}']])('passes %s through as not a catalog', (text) => {
    expect(transformCatalog(parseJson(text))).toBeUndefined();
  });

  it('records where each tool lands in the source and the output', () => {
    const text = '{ "tools": [ {"name":"a","inputSchema":{"title":"x"}}, {"name":"b"} ], "nextCursor": "c" }';
    const result = transformCatalog(parseJson(text))!;
    expect(outputText(result)).toBe('{"tools":[{"name":"a","inputSchema":{}},{"name":"b"}],"nextCursor":"c"}');
    expect(result.tools.map((t) => [t.name, text.slice(t.sourceStart, t.sourceEnd), outputText(result, t)])).toEqual([
      ['a', '{"name":"a","inputSchema":{"title":"x"}}', '{"name":"a","inputSchema":{}}'],
      ['b', '{"name":"b"}', '{"name":"b"}'],
    ]);
  });

  it('can switch off parts of the transform (for lint attribution)', () => {
    const text = tool({ title: 'x', description: `Lead. ${LONG}` });
    expect(shrinkText(text, { dropAnnotations: false, reduceDescriptions: false })).toBe(JSON.stringify(JSON.parse(text)));
    expect(schemaOf(shrinkText(text, { reduceDescriptions: false }))).toEqual({ description: `Lead. ${LONG}` });
    expect(schemaOf(shrinkText(text, { dropAnnotations: false }))).toEqual({ title: 'x', description: 'Lead.' });
  });
});

describe('transformCatalog: the reference inputs and real catalogs', () => {
  it('keeps argument constraints of the reference PUT_OBJECT input and drops filler', () => {
    const out = shrinkText(referenceInputs().PUT_OBJECT!);
    for (const kept of ['must be an absolute path', 'exactly one of body', 'format must be RFC3339', 'e.g. /srv/x']) expect(out).toContain(kept);
    // The tool's own description stays whole, its filler included: it is what a client's tool search reads.
    expect(JSON.parse(out).tools[0].description).toBe(JSON.parse(referenceInputs().PUT_OBJECT!).tools[0].description);
  });

  it('keeps the user-named $defs "default" and the ISO rule of CONSTRAINTS_CATALOG', () => {
    const out = JSON.parse(shrinkText(referenceInputs().CONSTRAINTS_CATALOG!));
    const defs = out.tools[1].inputSchema.$defs;
    expect(Object.keys(defs)).toEqual(['ISO8601Duration', 'default']);
    expect(defs.ISO8601Duration.description).toBe('An ISO 8601 duration. Must match the P#DT#H#M#S grammar.');
  });

  it('is idempotent and compact on every real catalog and reference input', () => {
    const inputs = [...realFixtures().map((f) => [f.name, f.text]), ...Object.entries(referenceInputs()).filter(([k]) => k !== 'GO_DDL')];
    for (const [name, text] of inputs) {
      const once = shrinkText(text!);
      expect(shrinkText(once), name).toBe(once);
      expect(once.replace(/"(?:[^"\\]|\\.)*"/g, '""'), `${name} has no whitespace outside strings`).not.toMatch(/\s/);
    }
  });

  it('shrinks every real catalog', () => {
    for (const fixture of realFixtures()) expect(shrinkText(fixture.text).length, fixture.name).toBeLessThan(fixture.text.length);
  });
});

describe('transform progress', () => {
  it('hears every tool as it is written, in order, ending at 1', () => {
    const github = realFixtures().find((f) => f.name === 'github-mcp-server.json')!;
    const fractions: number[] = [];
    const result = transformCatalog(parseJson(github.text), { onProgress: (fraction) => fractions.push(fraction) })!;
    expect(fractions).toHaveLength(result.tools.length);
    expect(fractions.map((f, i) => f - (fractions[i - 1] ?? 0)).every((step) => step > 0 && step < 0.01)).toBe(true);
    expect(fractions.at(-1)).toBe(1);
  });
});
