// Meaning kept, checked by a validator: every tool
// schema of the hostile corpus's `refs` and `dialect` inputs and of the real
// catalogs, shrunk, compiles in Ajv and gives the same verdict as the
// original on a set of generated instances. A schema is read in the dialect
// its `$schema` names; without one, the original in each dialect a reader may
// assume (2020-12, draft-07), and the shrunk schema as that reader, except
// that a `$schema` the shrink dropped leaves MCP 2025-11-25 reading 2020-12.
// A schema the reader cannot compile must stay one it cannot compile.

import { describe, expect, it } from 'vitest';
import { LEVELS, type LevelName } from '../../src/shared/levels';
import { levelRules } from '../../src/main/engine/transform/level-rules';
import { shrinkText } from '../helpers/transform';
import { realFixtures } from '../helpers/fixtures';
import { CORPUS } from './hostile/corpus';
import { compareMeaning, instancesOf, type ReaderDialect } from './helpers/schema-meaning';

interface SchemaPair {
  tool: string;
  original: unknown;
  shrunk: unknown;
}

function schemaPairs(text: string, level?: LevelName): SchemaPair[] {
  const before = JSON.parse(text) as unknown;
  const after = JSON.parse(shrinkText(text, { level })) as unknown;
  const toolsOf = (catalog: unknown): Record<string, unknown>[] => {
    if (Array.isArray(catalog)) return catalog.map((item) => ((item as { function?: unknown }).function ?? item) as Record<string, unknown>);
    const object = catalog as Record<string, unknown>;
    return ((object.tools ?? object.functions ?? [object]) as Record<string, unknown>[]).map(
      (tool) => (tool.function as Record<string, unknown> | undefined) ?? tool,
    );
  };
  const schemaOf = (tool: Record<string, unknown>) => tool.inputSchema ?? tool.input_schema ?? tool.parameters;
  const afterTools = toolsOf(after);
  return toolsOf(before)
    .map((tool, i) => ({ tool: String(tool.name), original: schemaOf(tool), shrunk: schemaOf(afterTools[i]!) }))
    .filter((pair) => pair.original !== undefined);
}

const hasSchema = (schema: unknown) => schema !== null && typeof schema === 'object' && '$schema' in schema;

/** The readings to compare: [assumed for the original, assumed for the shrunk one]. */
function readings(pair: SchemaPair): [ReaderDialect, ReaderDialect][] {
  if (hasSchema(pair.original)) return [['2020-12', '2020-12']];
  return [
    ['2020-12', '2020-12'],
    ['draft-07', 'draft-07'],
  ];
}

function expectSameMeaning(pair: SchemaPair, count: number): number {
  const instances = instancesOf(pair.original, count);
  for (const [assumed, assumedShrunk] of readings(pair)) {
    const report = compareMeaning(pair.original, pair.shrunk, instances, assumed, assumedShrunk);
    const label = `${pair.tool} read as ${report.read.join(' → ')}: ${JSON.stringify(pair.shrunk)}`;
    // A schema the reader cannot compile (a broken $ref of the corpus, a draft-04 keyword in 2020-12) must stay one.
    expect(report.errors[1] === undefined, `${label}: ${report.errors.join(' / ')}`).toBe(report.errors[0] === undefined);
    expect(report.differing, label).toEqual([]);
  }
  return instances.length;
}

const ENTRIES = CORPUS.filter((entry) => entry.family === 'refs' || entry.family === 'dialect');

describe('the shrunk schema compiles in Ajv and validates what the original does', () => {
  it.each(ENTRIES.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    const pairs = schemaPairs(new TextDecoder().decode(entry.bytes()));
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) expectSameMeaning(pair, 400);
  });

  // Down to signatures the structure is exact; below, the listing only relaxes it (relaxation.test.ts).
  it.each(LEVELS.filter((level) => levelRules(level).schema === 'exact'))('every tool of the real catalogs, at %s', (level) => {
    let instances = 0;
    let schemas = 0;
    for (const fixture of realFixtures()) {
      for (const pair of schemaPairs(fixture.text, level)) {
        instances += expectSameMeaning(pair, 60);
        schemas++;
      }
    }
    expect(schemas).toBeGreaterThan(150);
    console.info(`schema meaning at ${level}: ${schemas} real tool schemas, ${instances} instances each way`);
  });
});
