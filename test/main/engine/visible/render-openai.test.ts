// The harmony rendering against the format's own documentation.

import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { TextBuilder } from '../../../../src/main/engine/json/text-builder';
import { readCatalog } from '../../../../src/main/engine/transform/catalog-shape';
import { linesOf, renderOpenAi } from '../../../../src/main/engine/visible/render-openai';

function rendered(catalog: unknown): { text: string; tools: string[] } {
  const doc = parseJson(typeof catalog === 'string' ? catalog : JSON.stringify(catalog));
  const out = new TextBuilder();
  const spans = renderOpenAi(doc, readCatalog(doc)!, out);
  const text = out.toString();
  return { text, tools: spans.map(([start, end]) => text.slice(start, end)) };
}

/** One tool's `type …;` text, from its parameter schema. */
function typeOf(parameters: unknown): string {
  return rendered({ tools: [{ name: 't', inputSchema: parameters }] }).tools[0]!;
}

describe('renderOpenAi', () => {
  // openai/harmony, docs/format.md, section "Function calling" → "Defining available tools"
  // (read at commit 20cd04c17fa327f01f9f28240fb70183d4feb406): the developer message of the
  // "complete input example", from `# Tools` to the end of the namespace.
  const DOCUMENTED = [
    '# Tools',
    '',
    '## functions',
    '',
    'namespace functions {',
    '',
    '// Gets the location of the user.',
    'type get_location = () => any;',
    '',
    '// Gets the current weather in the provided location.',
    'type get_current_weather = (_: {',
    '// The city and state, e.g. San Francisco, CA',
    'location: string,',
    'format?: "celsius" | "fahrenheit", // default: celsius',
    '}) => any;',
    '',
    '// Gets the current weather in the provided list of locations.',
    'type get_multiple_weathers = (_: {',
    '// List of city and state, e.g. ["San Francisco, CA", "New York, NY"]',
    'locations: string[],',
    'format?: "celsius" | "fahrenheit", // default: celsius',
    '}) => any;',
    '',
    '} // namespace functions',
  ].join('\n');

  // The same document's Python example gives get_current_weather's parameters; the other two follow its pattern.
  const format = { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' };
  const DOCUMENTED_TOOLS = {
    tools: [
      { name: 'get_location', description: 'Gets the location of the user.', inputSchema: { type: 'object', properties: {} } },
      {
        name: 'get_current_weather',
        description: 'Gets the current weather in the provided location.',
        inputSchema: {
          type: 'object',
          properties: { location: { type: 'string', description: 'The city and state, e.g. San Francisco, CA' }, format },
          required: ['location'],
        },
      },
      {
        name: 'get_multiple_weathers',
        description: 'Gets the current weather in the provided list of locations.',
        inputSchema: {
          type: 'object',
          properties: {
            locations: { type: 'array', items: { type: 'string' }, description: 'List of city and state, e.g. ["San Francisco, CA", "New York, NY"]' },
            format,
          },
          required: ['locations'],
        },
      },
    ],
  };

  it('renders the documented example exactly as docs/format.md shows it', () => {
    expect(rendered(DOCUMENTED_TOOLS).text).toBe(DOCUMENTED);
  });

  it('renders the documented example the same from OpenAI function envelopes', () => {
    const functions = DOCUMENTED_TOOLS.tools.map(({ name, description, inputSchema }) => ({
      type: 'function',
      function: { name, description, parameters: inputSchema },
    }));
    expect(rendered(functions).text).toBe(DOCUMENTED);
  });

  it('gives each tool its comment and type lines; the namespace and the empty lines are the envelope', () => {
    const { text, tools } = rendered(DOCUMENTED_TOOLS);
    expect(tools[0]).toBe('// Gets the location of the user.\ntype get_location = () => any;\n');
    expect(text.length - tools.reduce((sum, tool) => sum + tool.length, 0)).toBe(
      '# Tools\n\n## functions\n\nnamespace functions {\n\n'.length + 3 + '} // namespace functions'.length,
    );
  });

  it('renders nothing for a catalog without tools', () => {
    expect(rendered({ tools: [] }).text).toBe('');
  });

  it('takes no arguments without a schema, or with an object schema that admits no property', () => {
    expect(rendered({ name: 'a', parameters: { type: 'object' } }).tools[0]).toBe('type a = () => any;\n');
    expect(rendered({ type: 'function', function: { name: 'a' } }).tools[0]).toBe('type a = () => any;\n');
    expect(typeOf({ type: 'object', additionalProperties: false })).toBe('type t = () => any;\n');
    expect(typeOf({ type: 'object', additionalProperties: { type: 'string' } })).toBe('type t = (_: object) => any;\n');
  });

  it('renders types, unions, arrays and optional properties', () => {
    const schema = {
      type: 'object',
      properties: {
        count: { type: 'integer', minimum: 1 },
        ratio: { type: 'number' },
        flag: { type: 'boolean' },
        either: { type: ['string', 'null'] },
        pick: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        list: { type: 'array', items: { enum: [1, 2] } },
        anyList: { type: 'array' },
        fixed: { const: 'x' },
        maybe: { type: 'string', nullable: true },
        ref: { $ref: '#/$defs/x' },
        untyped: {},
        truthy: true,
      },
      required: ['count', 'either'],
    };
    expect(typeOf(schema)).toBe(
      [
        'type t = (_: {',
        'count: number,',
        'ratio?: number,',
        'flag?: boolean,',
        'either: string | null,',
        'pick?: string | number,',
        'list?: (1 | 2)[],',
        'anyList?: any[],',
        'fixed?: "x",',
        'maybe?: string | null,',
        'ref?: any,',
        'untyped?: any,',
        'truthy?: any,',
        '}) => any;\n',
      ].join('\n'),
    );
  });

  it('indents nested objects and comments their descriptions, titles and examples', () => {
    const schema = {
      type: 'object',
      description: 'The arguments.',
      properties: {
        filter: {
          type: 'object',
          title: 'Filter',
          description: 'What to match.',
          properties: { owner: { type: 'string', description: 'Login.', examples: ['octocat', 3] } },
        },
        rows: { type: 'array', items: { type: 'object', description: 'One row.', properties: { id: { type: 'string' } }, required: ['id'] } },
      },
    };
    expect(typeOf(schema)).toBe(
      [
        'type t = (_: {',
        '// The arguments.',
        '// Filter',
        '//',
        '// What to match.',
        'filter?: {',
        '    // Login.',
        '    // Examples:',
        '    // - "octocat"',
        '    owner?: string,',
        '},',
        'rows?: {',
        '    // One row.',
        '    id: string,',
        '}[],',
        '}) => any;\n',
      ].join('\n'),
    );
  });

  it('keeps the source text of values and decodes descriptions and names', () => {
    const source =
      '{"name":"caf\\u00e9","description":"Line one.\\nLine two.","inputSchema":{"type":"object",' +
      '"properties":{"n":{"type":"number","default":1.0,"description":"A \\"quoted\\" word"},"s":{"type":"string",' +
      '"default":"a\\u0062"},"e":{"enum":["x\\u0079","z"],"default":"x\\u0079"}}}}';
    expect(rendered(source).tools[0]).toBe(
      [
        '// Line one.',
        '// Line two.',
        'type café = (_: {',
        '// A "quoted" word',
        'n?: number, // default: 1.0',
        's?: string, // default: "a\\u0062"',
        'e?: "x\\u0079" | "z", // default: x\\u0079',
        '}) => any;\n',
      ].join('\n'),
    );
  });

  it('leaves a nameless tool without a name and a bare schema without a description line', () => {
    expect(rendered([{ description: 'D.', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } }]).tools[0]).toBe(
      '// D.\ntype  = (_: {\na?: string,\n}) => any;\n',
    );
    expect(rendered({ type: 'object', properties: { a: { type: 'string' } } }).tools[0]).toBe('type  = (_: {\na?: string,\n}) => any;\n');
  });

  it('splits lines as harmony does (\\r\\n, no last empty line)', () => {
    expect(linesOf('a\r\nb\n')).toEqual(['a', 'b']);
    expect(linesOf('a\n\nb')).toEqual(['a', '', 'b']);
    expect(linesOf('')).toEqual([]);
  });
});
