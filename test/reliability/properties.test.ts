// Property-based tests (fast-check): random catalogs in every docs/transform.md
// shape, laid out every way, with awkward names, numbers and strings, long
// descriptions of rule and non-rule sentences, $defs and $refs. For each,
// the shrink must keep the selection profile, every $ref resolving, every
// rule sentence, be idempotent and recover byte for byte — judged by an
// independent oracle (properties/oracle.ts) and by the engine's own checks.
// Deterministic: a fixed seed, overridable with CAVEMAN_FC_SEED to explore.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkGuarantees } from '../../src/main/engine/guarantees/check-guarantees';
import { hasConstraintMarker } from '../../src/main/engine/transform/constraint-markers';
import { parseJson } from '../../src/main/engine/json/parse-json';
import type { JsonDocument } from '../../src/main/engine/json/json-node';
import { reduceDescription } from '../../src/main/engine/transform/reduce-description';
import { outputText, transformCatalog } from '../../src/main/engine/transform/transform-catalog';
import { shrink } from '../../src/main/lib';
import { LEVELS, defersDetails } from '../../src/shared/levels';
import { DEFERRAL_MARKER } from '../../src/main/engine/transform/deferral-marker';
import { isDeferralWarning } from '../../src/main/engine/transform/fact-taxonomy';
import { RecoveryStore } from '../../src/main/store';
import { expectedHandle } from './helpers/catalogs';
import { expectGuaranteesAndIdempotence } from './helpers/engine-checks';
import { catalogArb, SHAPES, type GeneratedCatalog } from './properties/catalog-arbitrary';
import { compact, pretty } from './properties/json-text';
import { brokenRefs, descriptionAt, profileOf, toolsOf } from './properties/oracle';
import { levelRules } from '../../src/main/engine/transform/level-rules';
import { SHORT_LEAD_CHARACTERS } from '../../src/main/engine/transform/short-lead';

const SEED = Number(process.env.CAVEMAN_FC_SEED ?? 20_261_130);
const RUNS = { catalogs: 1000, levels: 1000, mutations: 1000, descriptions: 3000 } as const;

let store: RecoveryStore;
beforeAll(() => {
  store = RecoveryStore.open(':memory:');
});
afterAll(() => store.close());

function inputBytes(catalog: GeneratedCatalog): Buffer {
  const text = pretty(catalog.doc, catalog.layout) + catalog.trailing;
  return Buffer.concat([catalog.bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, 'utf8')]);
}

const shapesSeen = new Map<string, number>();
const outcomes = { shrunk: 0, passedThrough: 0 };

describe('random catalogs in every shape', () => {
  it(`${RUNS.catalogs} runs: selection profile equal, every $ref resolves, rule sentences kept, idempotent, recover byte-exact`, async () => {
    await fc.assert(
      fc.asyncProperty(catalogArb, async (catalog) => {
        const bytes = inputBytes(catalog);
        const inputText = bytes.toString('utf8').replace(/^\ufeff/, '');
        const input = JSON.parse(inputText) as unknown;
        shapesSeen.set(catalog.shape, (shapesSeen.get(catalog.shape) ?? 0) + 1);

        const { result, error } = await shrink(bytes, { store });
        expect(error).toBeUndefined();
        const output = Buffer.from(result.output);
        if (result.recovery_handle === undefined) {
          // Only when there is nothing to save: then the bytes pass through untouched.
          outcomes.passedThrough++;
          expect(result.pass_through?.reason).toBe('no_saving');
          expect(output.equals(bytes)).toBe(true);
          return;
        }
        outcomes.shrunk++;
        expect(result.recovery_handle).toBe(expectedHandle(bytes));
        const text = output.toString('utf8');
        const shrunk = JSON.parse(text) as unknown;

        // Selection surface and $ref strings, by the oracle.
        expect(profileOf(catalog.shape, shrunk)).toEqual(profileOf(catalog.shape, input));
        expect(toolsOf(catalog.shape, shrunk).map((tool) => tool.name)).toEqual(catalog.toolNames);
        // Every $ref resolves inside its own tool's schema.
        for (const tool of toolsOf(catalog.shape, shrunk)) expect(brokenRefs(tool.schema), tool.name).toEqual([]);
        // Every rule sentence the generator wrote is still in the same description, word for word.
        const tools = toolsOf(catalog.shape, shrunk);
        for (const placed of catalog.descriptions) {
          const description = descriptionAt(tools[placed.tool]!, placed.schemaPath) ?? '';
          for (const sentence of placed.sentences.filter((s) => s.constraint))
            expect(description, `${placed.schemaPath?.join('/') ?? 'envelope'}`).toContain(sentence.text);
        }
        // Envelope fields other than the description survive exactly; enum/default/const keep their exact text.
        for (const [, key, json] of catalog.envelopeExtras) expect(text).toContain(`${JSON.stringify(key)}:${compact(json)}`);
        expect(text).not.toMatch(/[\r\n]/);

        // The engine's own checks agree, and shrinking the output changes nothing.
        expectGuaranteesAndIdempotence(inputText, text);

        // Reversible.
        expect(Buffer.from(store.get(result.recovery_handle)).equals(bytes)).toBe(true);
      }),
      { numRuns: RUNS.catalogs, seed: SEED },
    );
    console.info(
      `properties: ${RUNS.catalogs} random catalogs (${[...shapesSeen].map(([s, n]) => `${s} ${n}`).join(', ')}): ` +
        `${outcomes.shrunk} shrunk, ${outcomes.passedThrough} passed through (no saving), 0 failures`,
    );
    expect([...shapesSeen.keys()].sort()).toEqual([...SHAPES].sort());
    expect(outcomes.shrunk).toBeGreaterThan(RUNS.catalogs / 2);
  }, 300_000);
});

describe('random catalogs at every level (docs/levels.md, docs/levels.md)', () => {
  const transformed = (text: string, level: (typeof LEVELS)[number]) => outputText(transformCatalog(parseJson(text), { level })!);
  const transformedFrom = (doc: JsonDocument, level: (typeof LEVELS)[number]) => outputText(transformCatalog(doc, { level })!);

  it(`${RUNS.levels} runs: deterministic and idempotent per level, what the level keeps of the selection profile kept, marked where lost`, () => {
    const marked = new Map<string, number>();
    const deferred = new Map<string, number>();
    fc.assert(
      fc.property(catalogArb, (catalog) => {
        const text = pretty(catalog.doc, catalog.layout);
        const input = JSON.parse(text) as unknown;
        const inputTools = toolsOf(catalog.shape, input);
        // The input parsed once for every level: a parsed document never changes, so what the engine
        // reads of it (its layout, its description sites) is worked out once, not once per level.
        const inputDoc = parseJson(text);
        const factsOut = transformedFrom(inputDoc, 'facts');
        const factsTools = toolsOf(catalog.shape, JSON.parse(factsOut));
        for (const level of LEVELS) {
          const out = level === 'facts' ? factsOut : transformedFrom(inputDoc, level);
          // Deterministic: a fresh parse of the same text gives the same output.
          expect(transformed(text, level), level).toBe(out);
          const outDoc = parseJson(out); // parsed once for the idempotence check and the engine's checks
          expect(transformedFrom(outDoc, level), `${level}: idempotent`).toBe(out);
          const shrunk = JSON.parse(out) as unknown;
          const rules = levelRules(level);
          if (rules.schema === 'exact') expect(profileOf(catalog.shape, shrunk), level).toEqual(profileOf(catalog.shape, input));
          // The engine's checks hold at the level, with what it defers counted apart.
          const guarantees = checkGuarantees(inputDoc, outDoc, undefined, undefined, level);
          expect(
            [guarantees.selection.ok, guarantees.construction.ok, guarantees.relaxation.ok, guarantees.constraints.ok, guarantees.facts.ok],
            `${level}: ${JSON.stringify(guarantees)}`,
          ).toEqual([true, true, true, true, true]);
          if (!defersDetails(level)) expect([guarantees.constraints.deferred, guarantees.facts.deferred], level).toEqual([0, 0]);
          deferred.set(level, (deferred.get(level) ?? 0) + guarantees.facts.deferred);
          const tools = toolsOf(catalog.shape, shrunk);
          tools.forEach((tool, i) => {
            expect(brokenRefs(tool.schema), `${level} ${tool.name}`).toEqual([]);
            const json = JSON.stringify(tool.envelope ?? tool.schema);
            const markers = json.split(DEFERRAL_MARKER).length - 1;
            const own = inputTools[i]!.envelope?.description;
            const placed = catalog.descriptions.filter((d) => d.tool === i);
            if (!defersDetails(level)) {
              expect(markers, `${level} ${tool.name}`).toBe(0);
              if (level === 'full') for (const d of placed) expect(descriptionAt(tool, d.schemaPath), level).toBe(descriptionAt(inputTools[i]!, d.schemaPath));
              return;
            }
            if (catalog.shape === 'bare-schema' || typeof own !== 'string' || own.trim() === '') {
              // Nowhere to carry the marker: the tool is shrunk at facts.
              expect(json, `${level} ${tool.name}`).toBe(JSON.stringify(factsTools[i]!.envelope ?? factsTools[i]!.schema));
              return;
            }
            const ownAfter = String(tool.envelope!.description);
            const lost = placed.some((d) => {
              const after = descriptionAt(tool, d.schemaPath);
              return (
                (d.schemaPath === undefined ? ownAfter.slice(0, ownAfter.endsWith(DEFERRAL_MARKER) ? -DEFERRAL_MARKER.length : undefined) : after) !==
                descriptionAt(inputTools[i]!, d.schemaPath)
              );
            });
            // Where the level defers structure too, a tool may be marked for what its schema lost.
            const isMarked = ownAfter.endsWith(DEFERRAL_MARKER);
            const expected = rules.schema === 'exact' ? lost : isMarked || lost;
            expect([isMarked, markers], `${level} ${tool.name}: marked once, at the end of its own description, iff it lost anything`).toEqual([
              expected,
              expected ? 1 : 0,
            ]);
            marked.set(level, (marked.get(level) ?? 0) + (isMarked ? 1 : 0));
            for (const d of placed) {
              const after = descriptionAt(tool, d.schemaPath);
              if (rules.schemaDescriptions === 'deferred' && d.schemaPath !== undefined) {
                expect(after, `${level}: parameter descriptions deferred`).toBeUndefined();
                continue;
              }
              if (rules.toolDescription === 'whole' && d.schemaPath === undefined) {
                expect(ownAfter, `${level}: the tool's own description whole`).toBe(lost ? `${String(own)}${DEFERRAL_MARKER}` : own);
                continue;
              }
              if (rules.toolDescription === 'short-lead' && d.schemaPath === undefined) {
                const lead = ownAfter.slice(0, isMarked ? -DEFERRAL_MARKER.length : undefined);
                expect(Array.from(lead).length, `${level}: a short lead`).toBeLessThanOrEqual(SHORT_LEAD_CHARACTERS);
                expect(d.sentences[0]!.text.startsWith(lead), `${level}: the lead's start: ${lead}`).toBe(true);
                continue;
              }
              const kept = [d.sentences[0]!, ...d.sentences.slice(1).filter((sentence) => sentence.warning)];
              let from = 0;
              for (const sentence of kept) {
                const found = after!.indexOf(sentence.text, from);
                expect(found, `${level}: lead and warnings kept in order: ${sentence.text}`).toBeGreaterThanOrEqual(0);
                from = found + sentence.text.length;
              }
            }
          });
        }
      }),
      { numRuns: RUNS.levels, seed: SEED + 3 },
    );
    console.info(
      `properties: ${RUNS.levels} random catalogs at every level; tools marked: ` +
        `${[...marked].map(([level, n]) => `${level} ${n}`).join(', ')}; fact sentences deferred: ` +
        `${[...deferred].map(([level, n]) => `${level} ${n}`).join(', ')}`,
    );
    expect(marked.get('leads') ?? 0).toBeGreaterThan(RUNS.levels / 4);
    expect(deferred.get('signatures') ?? 0).toBeGreaterThan(0);
    expect(marked.get('names') ?? 0).toBeGreaterThan(marked.get('signatures') ?? 0);
  }, 300_000);
});

describe('random damage to valid catalogs', () => {
  const damage = fc.oneof(
    fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 8 }) }),
    fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 4 }) }),
    fc.record({
      kind: fc.constant('insert-text' as const),
      at: fc.nat(),
      text: fc.constantFrom('"', '{', '}', '[', ']', ',', ':', '\\', '\\u', '\\ud800', 'null', '1e999', '\u0000', '\ufeff', '<|endoftext|>', '__proto__'),
    }),
    fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 64 }) }),
  );

  type Damage = { kind: 'delete' | 'insert' | 'insert-text' | 'truncate' | 'duplicate'; at: number; length?: number; bytes?: Uint8Array; text?: string };

  function damaged(bytes: Buffer, change: Damage): Buffer {
    const at = change.at % (bytes.length + 1);
    switch (change.kind) {
      case 'delete':
        return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + change.length!)]);
      case 'insert':
        return Buffer.concat([bytes.subarray(0, at), Buffer.from(change.bytes!), bytes.subarray(at)]);
      case 'insert-text':
        return Buffer.concat([bytes.subarray(0, at), Buffer.from(change.text!, 'utf8'), bytes.subarray(at)]);
      case 'truncate':
        return bytes.subarray(0, at);
      default:
        return Buffer.concat([bytes.subarray(0, at + change.length!), bytes.subarray(at)]);
    }
  }

  it(`${RUNS.mutations} runs: never a crash; a pass-through is the input untouched with nothing stored; a handle always recovers the input`, async () => {
    const reasons = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(catalogArb, fc.array(damage, { minLength: 1, maxLength: 3 }), async (catalog, changes) => {
        const bytes = changes.reduce((current, change) => damaged(current, change), inputBytes(catalog));
        const before = store.history({ limit: 1 }).total;
        const { result, error } = await shrink(bytes, { store });
        expect(error).toBeUndefined();
        const output = Buffer.from(result.output);
        reasons.set(result.pass_through?.reason ?? 'shrunk', (reasons.get(result.pass_through?.reason ?? 'shrunk') ?? 0) + 1);
        if (result.recovery_handle === undefined) {
          expect(output.equals(bytes)).toBe(true);
          expect(result.tokens_after).toBe(result.tokens_before);
          expect(store.history({ limit: 1 }).total).toBe(before);
          return;
        }
        expect(result.recovery_handle).toBe(expectedHandle(bytes));
        expect(() => JSON.parse(output.toString('utf8'))).not.toThrow();
        expect(Buffer.from(store.get(result.recovery_handle)).equals(bytes)).toBe(true);
      }),
      { numRuns: RUNS.mutations, seed: SEED + 1 },
    );
    console.info(`properties: ${RUNS.mutations} damaged catalogs: ${[...reasons].map(([r, n]) => `${r} ${n}`).join(', ')}; 0 crashes`);
  }, 300_000);
});

describe('description reduction on its own', () => {
  const SAFE = [
    'the',
    'tool',
    'returns',
    'records',
    'for',
    'each',
    'query',
    'and',
    'shows',
    'results',
    'from',
    'index',
    'cached',
    'data',
    'users',
    'documents',
    'entries',
    'list',
    'with',
    'their',
    'scores',
    'sorted',
    'by',
    'date',
  ];
  const MARKED = [
    'must',
    'must not',
    'cannot',
    "can't",
    'requires',
    'rejected',
    'invalid',
    'not allowed',
    'exactly one',
    'at least',
    'at most',
    'only',
    'unique',
    'case-sensitive',
    'maximum',
    'between',
    'greater than',
    'no more than',
    'above',
    'exceeds',
    'up to',
    'format',
    'RFC3339',
    'ISO 8601',
    'absolute',
  ];
  const sentence = fc
    .tuple(fc.array(fc.constantFrom(...SAFE), { minLength: 2, maxLength: 14 }), fc.option(fc.constantFrom(...MARKED), { nil: undefined, freq: 2 }), fc.nat())
    .map(([words, marker, at]) => {
      const list = [...words];
      if (marker) list.splice(at % (list.length + 1), 0, marker);
      const text = list.join(' ');
      return { text: `${text.charAt(0).toUpperCase()}${text.slice(1)}.`, constraint: marker !== undefined };
    });

  it(`${RUNS.descriptions} runs: every rule sentence kept in order, idempotent, never longer`, () => {
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 1, maxLength: 12 }), (sentences) => {
        const description = sentences.map((s) => s.text).join(' ');
        const reduced = reduceDescription(description) ?? description;
        // Rule sentences: all present, in their original order.
        let from = 0;
        for (const s of sentences.filter((s) => s.constraint)) {
          const at = reduced.indexOf(s.text, from);
          expect(at, s.text).toBeGreaterThanOrEqual(0);
          from = at + s.text.length;
        }
        expect(Buffer.byteLength(reduced)).toBeLessThanOrEqual(Buffer.byteLength(description));
        expect(reduceDescription(reduced) ?? reduced).toBe(reduced);
        // The generator's idea of a rule sentence is the engine's (so the checks above mean something).
        for (const s of sentences) expect(hasConstraintMarker(s.text), s.text).toBe(s.constraint);
        // At a deferral level: the lead and the warnings, in order; idempotent; never longer.
        const deferred = reduceDescription(description, undefined, { kind: 'deferral' }) ?? description;
        const warnings = sentences.slice(1).filter((s) => isDeferralWarning(s.text));
        expect(deferred).toBe([sentences[0]!.text, ...warnings.map((s) => s.text)].join(' '));
        expect(reduceDescription(deferred, undefined, { kind: 'deferral' }) ?? deferred).toBe(deferred);
      }),
      { numRuns: RUNS.descriptions, seed: SEED + 2 },
    );
  });
});
