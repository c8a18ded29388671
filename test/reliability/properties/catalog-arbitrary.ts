// fast-check arbitraries for random tool catalogs in every docs/transform.md shape,
// with a model of what was generated: which description sentences state a
// rule (built from docs/transform.md markers), so a test can check the output
// against what it knows, not against the engine's own reading.

import fc from 'fast-check';
import { arr, obj, raw, str, type Json, type Layout } from './json-text';

export const SHAPES = ['mcp', 'mcp-snake', 'openai-array', 'flat-array', 'functions', 'single-tool', 'bare-schema'] as const;
export type Shape = (typeof SHAPES)[number];

export interface Sentence {
  text: string;
  constraint: boolean;
  /** A warning a deferral level keeps beside the lead (docs/levels.md: "must not", "never", …). */
  warning?: boolean;
}

/** A description the generator wrote, and where it sits: the tool envelope, or a schema (path inside the tool's schema). */
export interface PlacedDescription {
  tool: number;
  /** undefined: the envelope's description; else the schema path (keys) of the schema holding it. */
  schemaPath?: string[];
  sentences: Sentence[];
}

export interface GeneratedCatalog {
  shape: Shape;
  doc: Json;
  toolNames: string[];
  descriptions: PlacedDescription[];
  /** Envelope fields other than description (annotations, _meta, …) by tool: they must survive exactly. */
  envelopeExtras: [number, string, Json][];
  layout: Layout;
  bom: boolean;
  trailing: string;
}

// Words that are no constraint marker, no abbreviation and no initial, so the
// sentences built from them split where the generator meant them to.
const SAFE_WORDS = [
  'the',
  'tool',
  'returns',
  'records',
  'quickly',
  'for',
  'each',
  'query',
  'and',
  'shows',
  'results',
  'from',
  'index',
  'page',
  'cached',
  'data',
  'helps',
  'users',
  'find',
  'documents',
  'relevant',
  'entries',
  'search',
  'text',
  'items',
  'list',
  'with',
  'their',
  'scores',
  'sorted',
  'by',
  'date',
  'newest',
  'first',
  'remote',
  'server',
  'answers',
  'questions',
  'about',
  'files',
];
const word = fc.constantFrom(...SAFE_WORDS);
const words = (min: number, max: number) => fc.array(word, { minLength: min, maxLength: max }).map((list) => list.join(' '));
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const count = fc.integer({ min: 1, max: 999 });

const plainSentence: fc.Arbitrary<Sentence> = words(3, 16).map((text) => ({ text: `${capital(text)}.`, constraint: false }));

// One template per docs/transform.md marker family (obligation, validity, cardinality, bounds, format).
const constraintSentence: fc.Arbitrary<Sentence> = fc
  .oneof(
    fc.tuple(word, words(1, 3)).map(([w, rest]) => `${capital(w)} must be ${rest}.`),
    fc.tuple(word, words(1, 3)).map(([w, rest]) => `${capital(w)} ${rest} cannot be empty.`),
    fc.tuple(word, word).map(([a, b]) => `${capital(a)} ${b} can't contain spaces.`),
    fc.tuple(count, word).map(([n, w]) => `At most ${n} ${w} are returned.`),
    fc.tuple(count, word).map(([n, w]) => `At least ${n} ${w} are needed.`),
    fc.tuple(word, word).map(([a, b]) => `${capital(a)} requires a ${b} value.`),
    count.map((n) => `Values above ${n} are rejected.`),
    fc.tuple(count, count, word).map(([a, b, w]) => `Between ${a} and ${b} ${w} are allowed.`),
    fc.tuple(word, word).map(([a, b]) => `Only one of ${a} or ${b} may be set.`),
    word.map((w) => `${capital(w)} is case-sensitive.`),
    word.map((w) => `Use RFC3339 timestamps for ${w}.`),
    word.map((w) => `Dates in ISO 8601 format for ${w}.`),
    word.map((w) => `An empty ${w} is invalid.`),
  )
  .map((text): Sentence => ({ text, constraint: true }));

// Rule sentences that also warn: a deferral level keeps them beside the lead.
const warningSentence: fc.Arbitrary<Sentence> = fc
  .oneof(
    fc.tuple(word, count).map(([w, n]) => `${capital(w)} must not exceed ${n} characters.`),
    fc.tuple(word, word).map(([a, b]) => `Never pass ${a} with ${b}.`),
  )
  .map((text) => ({ text, constraint: true, warning: true }));

const description: fc.Arbitrary<Sentence[]> = fc.array(
  fc.oneof({ weight: 3, arbitrary: plainSentence }, { weight: 2, arbitrary: constraintSentence }, { weight: 1, arbitrary: warningSentence }),
  { minLength: 1, maxLength: 7 },
);

const toJsonDescription = (sentences: Sentence[]) => str(sentences.map((s) => s.text).join(' '));

/** Scalars with awkward exact text: numbers a double cannot hold, every kind of string. */
const scalar: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom('0', '-0', '1.50', '1e400', '-1E-400', '12345678901234567890', '9007199254740993', '0.1', '2.0', 'true', 'false', 'null').map(raw),
  fc.integer().map((n) => raw(String(n))),
  fc.string({ maxLength: 12 }).map(str),
  fc.string({ unit: 'binary', maxLength: 6 }).map(str),
  fc.constantFrom('__proto__', 'constructor', '<|endoftext|>', '10', 'é', '😀').map(str),
);
const value: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }).map(arr) },
  { weight: 1, arbitrary: fc.array(fc.tuple(fc.constantFrom('a', 'b', '__proto__'), scalar), { maxLength: 2 }).map(obj) },
);

/** Property names, including ones that look like schema keywords or poison plain objects. */
const propertyName = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,10}$/) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'title',
      'description',
      'examples',
      'example',
      '$comment',
      '$schema',
      '__proto__',
      'constructor',
      'enum',
      'required',
      'default',
      'const',
      'properties',
      'type',
      '$ref',
      '10',
      '2',
      'a/b',
      'x~y',
    ),
  },
);

const DEF_NAMES = ['Address', 'Item', 'node', 'a/b', '~x', 'with space'] as const;
const escapePointer = (segment: string) => encodeURI(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

interface SchemaPiece {
  json: Json;
  descriptions: { schemaPath: string[]; sentences: Sentence[] }[];
}

function schemaArb(depth: number, defNames: readonly string[]): fc.Arbitrary<SchemaPiece> {
  const leafType = fc.constantFrom('string', 'integer', 'number', 'boolean');
  const ref =
    defNames.length > 0
      ? fc.constantFrom(...defNames).map((name): SchemaPiece => ({ json: obj([['$ref', str(`#/$defs/${escapePointer(name)}`)]]), descriptions: [] }))
      : undefined;
  const leaf = fc
    .record(
      {
        type: leafType,
        title: fc.option(words(1, 3), { nil: undefined }),
        description: fc.option(description, { nil: undefined }),
        examples: fc.option(fc.array(scalar, { minLength: 1, maxLength: 2 }), { nil: undefined }),
        comment: fc.option(words(1, 4), { nil: undefined }),
        enum: fc.option(fc.array(value, { minLength: 1, maxLength: 4 }), { nil: undefined }),
        default: fc.option(value, { nil: undefined }),
        const: fc.option(scalar, { nil: undefined }),
        maxLength: fc.option(count, { nil: undefined }),
      },
      { requiredKeys: ['type'] },
    )
    .map((r): SchemaPiece => ({
      json: obj([
        ['type', str(r.type)],
        ['title', r.title === undefined ? undefined : str(capital(r.title))],
        ['description', r.description && toJsonDescription(r.description)],
        ['examples', r.examples && arr(r.examples)],
        ['$comment', r.comment === undefined ? undefined : str(r.comment)],
        ['enum', r.enum && arr(r.enum)],
        ['default', r.default],
        ['const', r.const],
        ['maxLength', r.maxLength === undefined ? undefined : raw(String(r.maxLength))],
      ]),
      descriptions: r.description ? [{ schemaPath: [], sentences: r.description }] : [],
    }));
  const options: fc.Arbitrary<SchemaPiece>[] = [leaf];
  if (ref) options.push(ref);
  if (depth > 0) {
    options.push(objectSchemaArb(depth - 1, defNames).map((piece) => piece));
    options.push(
      schemaArb(depth - 1, defNames).map((items): SchemaPiece => ({
        json: obj([
          ['type', str('array')],
          ['items', items.json],
          ['title', str('List')],
        ]),
        descriptions: items.descriptions.map((d) => ({ ...d, schemaPath: ['items', ...d.schemaPath] })),
      })),
    );
  }
  return fc.oneof(...options);
}

function objectSchemaArb(depth: number, defNames: readonly string[]): fc.Arbitrary<SchemaPiece> {
  return fc
    .record({
      properties: fc
        .uniqueArray(fc.tuple(propertyName, fc.constant(null)), { selector: ([name]) => name, minLength: 0, maxLength: 4 })
        .chain((names) => fc.tuple(...names.map(([name]) => schemaArb(depth, defNames).map((piece) => [name, piece] as const)))),
      requiredPick: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      reverseRequired: fc.boolean(),
      title: fc.option(words(1, 3), { nil: undefined }),
      description: fc.option(description, { nil: undefined }),
      schemaUri: fc.boolean(),
      additionalProperties: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map((r): SchemaPiece => {
      const properties = r.properties as unknown as (readonly [string, SchemaPiece])[];
      const required = properties.map(([name]) => name).filter((_, i) => r.requiredPick[i]);
      if (r.reverseRequired) required.reverse();
      return {
        json: obj([
          ['$schema', r.schemaUri ? str('https://json-schema.org/draft/2020-12/schema') : undefined],
          ['type', str('object')],
          ['title', r.title === undefined ? undefined : str(capital(r.title))],
          ['description', r.description && toJsonDescription(r.description)],
          ['properties', obj(properties.map(([name, piece]) => [name, piece.json]))],
          ['required', required.length > 0 ? arr(required.map(str)) : undefined],
          ['additionalProperties', r.additionalProperties === undefined ? undefined : raw(String(r.additionalProperties))],
        ]),
        descriptions: [
          ...(r.description ? [{ schemaPath: [], sentences: r.description }] : []),
          ...properties.flatMap(([name, piece]) => piece.descriptions.map((d) => ({ ...d, schemaPath: ['properties', name, ...d.schemaPath] }))),
        ],
      };
    });
}

interface ToolPiece {
  name: string;
  description?: Sentence[];
  schema: Json;
  schemaDescriptions: { schemaPath: string[]; sentences: Sentence[] }[];
  extras: [string, Json][];
}

/** A tool's parameters schema: an object schema, with $defs (possibly referring to each other) and $refs into them. */
const toolSchemaArb: fc.Arbitrary<Omit<ToolPiece, 'name' | 'description' | 'extras'>> = fc.subarray([...DEF_NAMES], { maxLength: 3 }).chain((defNames) =>
  fc.tuple(objectSchemaArb(2, defNames), fc.tuple(...defNames.map(() => schemaArb(1, defNames))), fc.boolean()).map(([root, defs, refToTitle]) => {
    if (root.json.t !== 'obj') throw new Error('unreachable');
    // New arrays and objects only: fast-check may hand the generated values out again while shrinking.
    const entries = root.json.entries.map(([key, json]): [string, Json] => {
      if (key !== 'properties' || json.t !== 'obj' || !refToTitle) return [key, json];
      // A $ref into an annotation the transform would drop: the target must be kept.
      const withTitle = json.entries.find(([, v]) => v.t === 'obj' && v.entries.some(([k]) => k === 'title'));
      if (!withTitle) return [key, json];
      return [
        key,
        { t: 'obj', entries: [...json.entries, [`${withTitle[0]}#title-ref`, obj([['$ref', str(`#/properties/${escapePointer(withTitle[0])}/title`)]])]] },
      ];
    });
    if (defNames.length > 0) entries.push(['$defs', obj(defNames.map((name, i) => [name, defs[i]!.json]))]);
    return {
      schema: { t: 'obj', entries } as Json,
      schemaDescriptions: [
        ...root.descriptions,
        ...defNames.flatMap((name, i) => defs[i]!.descriptions.map((d) => ({ ...d, schemaPath: ['$defs', name, ...d.schemaPath] }))),
      ],
    };
  }),
);

const toolName = fc.oneof(
  { weight: 5, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_-]{0,20}$/) },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'title', '10', 'tool with spaces', 'ünïcode', '<|endoftext|>') },
);

const toolArb: fc.Arbitrary<Omit<ToolPiece, 'name'>> = fc
  .record({
    description: fc.option(description, { nil: undefined, freq: 4 }),
    schema: toolSchemaArb,
    annotations: fc.option(fc.record({ title: words(1, 3), readOnlyHint: fc.boolean() }), { nil: undefined }),
    meta: fc.option(value, { nil: undefined }),
    cache: fc.boolean(),
  })
  .map((r) => ({
    ...(r.description ? { description: r.description } : {}),
    schema: r.schema.schema,
    schemaDescriptions: r.schema.schemaDescriptions,
    extras: [
      ...(r.annotations
        ? ([
            [
              'annotations',
              obj([
                ['title', str(capital(r.annotations.title))],
                ['readOnlyHint', raw(String(r.annotations.readOnlyHint))],
              ]),
            ],
          ] as [string, Json][])
        : []),
      ...(r.meta ? ([['_meta', r.meta]] as [string, Json][]) : []),
      ...(r.cache ? ([['cache_control', obj([['type', str('ephemeral')]])]] as [string, Json][]) : []),
    ],
  }));

const layoutArb: fc.Arbitrary<Layout> = fc.record({
  indent: fc.constantFrom('', ' ', '  ', '    ', '\t'),
  eol: fc.constantFrom('\n' as const, '\r\n' as const),
  colon: fc.constantFrom(':' as const, ': ' as const, ' : ' as const),
});

function envelope(shape: Shape, tool: ToolPiece): Json {
  const door = shape === 'mcp' || shape === 'single-tool' ? 'inputSchema' : shape === 'mcp-snake' ? 'input_schema' : 'parameters';
  const fields: [string, Json | undefined][] = [
    ['name', str(tool.name)],
    ['description', tool.description && toJsonDescription(tool.description)],
    [door, tool.schema],
    ...(shape === 'openai-array' ? [] : tool.extras),
  ];
  if (shape === 'openai-array') return obj([['type', str('function')], ['function', obj(fields)], ...tool.extras]);
  return obj(fields);
}

/** A random catalog in a random shape, with its model. */
export const catalogArb: fc.Arbitrary<GeneratedCatalog> = fc
  .record({
    shape: fc.constantFrom(...SHAPES),
    names: fc.uniqueArray(toolName, { minLength: 1, maxLength: 4 }),
    layout: layoutArb,
    bom: fc.boolean(),
    trailing: fc.constantFrom('', '\n', '\r\n', '\n\n  \t'),
    nextCursor: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
  })
  .chain((r) => {
    const names = r.shape === 'single-tool' || r.shape === 'bare-schema' ? r.names.slice(0, 1) : r.names;
    return fc.tuple(...names.map(() => toolArb)).map((tools) => {
      const pieces: ToolPiece[] = tools.map((tool, i) => ({ ...tool, name: names[i]! }));
      let doc: Json;
      if (r.shape === 'bare-schema') doc = pieces[0]!.schema;
      else if (r.shape === 'single-tool') doc = envelope(r.shape, pieces[0]!);
      else if (r.shape === 'openai-array' || r.shape === 'flat-array') doc = arr(pieces.map((p) => envelope(r.shape, p)));
      else
        doc = obj([
          [r.shape === 'functions' ? 'functions' : 'tools', arr(pieces.map((p) => envelope(r.shape, p)))],
          ['nextCursor', r.nextCursor === undefined ? undefined : str(r.nextCursor)],
        ]);
      const descriptions: PlacedDescription[] = pieces.flatMap((p, tool) => [
        ...(p.description && r.shape !== 'bare-schema' ? [{ tool, sentences: p.description }] : []),
        ...p.schemaDescriptions.map((d) => ({ tool, schemaPath: d.schemaPath, sentences: d.sentences })),
      ]);
      return {
        shape: r.shape,
        doc,
        toolNames: r.shape === 'bare-schema' ? ['(schema)'] : names,
        descriptions,
        envelopeExtras:
          r.shape === 'bare-schema' ? [] : pieces.flatMap((p, tool) => p.extras.map(([key, json]) => [tool, key, json] as [number, string, Json])),
        layout: r.layout,
        bom: r.bom,
        trailing: r.trailing,
      };
    });
  });
