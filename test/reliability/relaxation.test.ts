// The relaxation guarantee, checked by a validator: at every level, every
// argument object a tool's original schema accepts, the schema the shrink
// lists accepts too — so a client that validates calls against what it was
// handed never refuses a valid one. The instances are made from the original
// (test/helpers/schema-instances.ts: several valid ones per schema, judged by
// Ajv in the original's dialect) and drawn at random near its edges (kept
// when the original accepts them). The listing is read as a reader that
// assumes 2020-12 (MCP) and one that assumes draft-07 would read it, each
// instance one the original accepts as that reader reads it (a schema that
// declares its dialect is read in it). An original a reader cannot compile
// accepts nothing there: there is nothing to keep accepting.

import { describe, expect, it } from 'vitest';
import { checkGuarantees } from '../../src/main/engine/guarantees/check-guarantees';
import { parseJson } from '../../src/main/engine/json/parse-json';
import { LEVELS, type LevelName } from '../../src/shared/levels';
import { realFixtures } from '../helpers/fixtures';
import { schemaInstances } from '../helpers/schema-instances';
import { shrinkText } from '../helpers/transform';
import { CORPUS } from './hostile/corpus';
import { compileIn, instancesOf, readingDialect, type ReaderDialect } from './helpers/schema-meaning';

interface Tool {
  name: string;
  schema: unknown;
}

function toolsOf(catalog: unknown): Tool[] {
  const object = catalog as Record<string, unknown>;
  const list = (Array.isArray(catalog) ? catalog : ((object.tools ?? object.functions ?? [object]) as unknown[])) as Record<string, unknown>[];
  return list.map((item) => {
    const tool = ((item.function as Record<string, unknown> | undefined) ?? item) as Record<string, unknown>;
    return { name: String(tool.name), schema: tool.inputSchema ?? tool.input_schema ?? tool.parameters };
  });
}

const READERS: readonly ReaderDialect[] = ['2020-12', 'draft-07'];

/** Per reader, the argument objects the original accepts as it reads it: the generator's valid ones and random ones. */
function acceptedBy(schema: unknown, seed: number): Map<ReaderDialect, unknown[]> {
  const candidates = [
    ...schemaInstances(schema, { seed, valid: 6 }).valid,
    ...instancesOf(schema, 60, seed).filter((instance) => instance !== null && typeof instance === 'object' && !Array.isArray(instance)),
  ];
  const accepted = new Map<ReaderDialect, unknown[]>();
  for (const reader of READERS) {
    const validate = compileIn(schema, readingDialect(schema, reader));
    accepted.set(reader, typeof validate === 'string' ? [] : candidates.filter((instance) => validate(instance)));
  }
  return accepted;
}

/** The first instance the listed schema refuses, as a reader reads it; undefined when it takes every one the original does. */
function refused(listed: unknown, accepted: Map<ReaderDialect, unknown[]>): { reader: ReaderDialect; instance: unknown } | string | undefined {
  for (const [reader, instances] of accepted) {
    if (instances.length === 0) continue;
    const validate = compileIn(listed, readingDialect(listed, reader));
    if (typeof validate === 'string') return `does not compile as ${reader}, where the original does: ${validate}`;
    const instance = instances.find((candidate) => !validate(candidate));
    if (instance !== undefined) return { reader, instance };
  }
  return undefined;
}

const count = (accepted: Map<ReaderDialect, unknown[]>) => [...accepted.values()].reduce((sum, instances) => sum + instances.length, 0);

/** Checks every tool of `text` at every level; returns how many instances were tried (tools × instances × levels) and how many tools. */
function expectRelaxed(label: string, text: string): { tried: number; tools: number } {
  const originals = toolsOf(JSON.parse(text)).filter((tool) => tool.schema !== undefined);
  const instances = originals.map((tool, i) => acceptedBy(tool.schema, i + 1));
  let tried = 0;
  for (const level of LEVELS) {
    const shrunk = shrinkText(text, { level });
    const listed = toolsOf(JSON.parse(shrunk));
    originals.forEach((tool, i) => {
      const failure = refused(listed.find((candidate) => candidate.name === tool.name)?.schema, instances[i]!);
      expect(failure, `${label} ${tool.name} at ${level}: ${JSON.stringify(listed[i]?.schema)}`).toBeUndefined();
      tried += count(instances[i]!);
    });
    // The engine's own check says the same.
    expect(checkGuarantees(parseJson(text), parseJson(shrunk), undefined, undefined, level).relaxation, `${label} at ${level}`).toMatchObject({
      ok: true,
      failures: [],
    });
  }
  return { tried, tools: originals.length };
}

describe('every listed schema accepts every argument object its original accepts, at every level', () => {
  it('on every tool of the real catalogs', { timeout: 600_000 }, () => {
    let tried = 0;
    let tools = 0;
    for (const fixture of realFixtures()) {
      const counts = expectRelaxed(fixture.name, fixture.text);
      tried += counts.tried;
      tools += counts.tools;
    }
    expect(tools).toBeGreaterThan(150);
    console.info(`relaxation: ${tools} real tools × ${LEVELS.length} levels, ${tried} valid instances accepted by every listing`);
  });

  const hostile = CORPUS.filter(
    (entry) => entry.expected.kind === 'shrinks' && !entry.large && ['refs', 'dialect', 'relaxation', 'duplicates', 'prototype'].includes(entry.family),
  );
  it.each(hostile.map((entry) => [entry.name, entry] as const))('on the hostile schema: %s', (name, entry) => {
    expectRelaxed(name, new TextDecoder().decode(entry.bytes()));
  });

  it('tries instances on most hostile schemas (the others no reader compiles)', () => {
    const tried = hostile.filter((entry) => expectRelaxed(entry.name, new TextDecoder().decode(entry.bytes())).tried > 0);
    expect(tried.length).toBeGreaterThanOrEqual(hostile.length - 4);
  });
});

describe('what the relaxation needs, level by level', () => {
  const listedAt = (level: LevelName, inputSchema: unknown, description = 'Does t. More.') =>
    (JSON.parse(shrinkText(JSON.stringify({ tools: [{ name: 't', description, inputSchema }] }), { level })) as { tools: { inputSchema: unknown }[] })
      .tools[0]!;

  it('a oneOf whose branches a skeleton relaxed is an anyOf; not, if/then/else and contains go whole', () => {
    const schema = {
      type: 'object',
      properties: {
        code: {
          oneOf: [
            { type: 'string', maxLength: 3 },
            { type: 'integer', minimum: 4 },
          ],
        },
        mode: { type: 'object', not: { required: ['x'] }, if: { required: ['a'] }, then: { required: ['b'] } },
        list: { type: 'array', contains: { type: 'integer' } },
      },
    };
    expect(listedAt('skeletons', schema).inputSchema).toEqual({
      type: 'object',
      properties: { code: { anyOf: [{ type: 'string' }, { type: 'integer' }] }, mode: { type: 'object' }, list: { type: 'array' } },
    });
  });

  it('keeps additionalProperties false only beside every property name, and items only without prefixItems', () => {
    const schema = {
      type: 'object',
      properties: {
        open: { type: 'object', properties: { a: { type: 'string' } }, patternProperties: { '^x': {} }, additionalProperties: false },
        closed: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
        pair: { type: 'array', prefixItems: [{ type: 'string' }], items: false },
        list: { type: 'array', items: { type: 'string', minLength: 1 } },
      },
    };
    expect(listedAt('skeletons', schema).inputSchema).toEqual({
      type: 'object',
      properties: {
        open: { type: 'object', properties: { a: { type: 'string' } } },
        closed: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
        pair: { type: 'array' },
        list: { type: 'array', items: { type: 'string' } },
      },
    });
  });

  it('lists the root definitions its $refs need and nothing deeper than three levels of properties', () => {
    const schema = {
      type: 'object',
      properties: {
        tree: { $ref: '#/$defs/node' },
        a: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'object', properties: { d: {} } } } } } },
      },
      $defs: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } }, unused: { type: 'string' } },
    };
    expect(listedAt('skeletons', schema).inputSchema).toEqual({
      type: 'object',
      properties: { tree: { $ref: '#/$defs/node' }, a: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'object' } } } } } },
      $defs: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
    });
  });

  it('keeps no sibling of a $ref that hides them (draft-07), and no const where draft-04 is declared', () => {
    const draft07 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { id: { $ref: '#/definitions/id', type: 'string' } },
      definitions: { id: { type: 'integer' } },
    };
    expect(listedAt('skeletons', draft07).inputSchema).toEqual({
      type: 'object',
      properties: { id: { $ref: '#/definitions/id' } },
      definitions: { id: { type: 'integer' } },
    });
    const draft04 = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { v: { type: 'string', const: 'x' } } };
    expect(listedAt('skeletons', draft04).inputSchema).toEqual({ type: 'object', properties: { v: { type: 'string' } } });
  });

  it('names lists {"type":"object"} and the lead cut at a word boundary within 100 characters, with the marker', () => {
    const lead = 'Lists the open issues of a repository, with filters for labels, assignees, milestones and states, sorted by date.';
    const tool = listedAt('names', { type: 'object', properties: { a: {} } }, `${lead} More.`) as unknown as { description: string };
    expect(tool).toEqual({
      name: 't',
      description: 'Lists the open issues of a repository, with filters for labels, assignees, milestones and states …',
      inputSchema: { type: 'object' },
    });
    expect(Array.from(tool.description.slice(0, -2)).length).toBeLessThanOrEqual(100);
  });
});
