import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { checkGuarantees } from '../../../../src/main/engine/guarantees/check-guarantees';
import { constructionProfileOf } from '../../../../src/main/engine/guarantees/construction-values';
import { constraintSentencesOf, missingConstraintSentences } from '../../../../src/main/engine/guarantees/constraint-survival';
import { sameSelectionProfile, selectionProfileOf } from '../../../../src/main/engine/guarantees/selection-profile';
import { LEVELS } from '../../../../src/shared/levels';
import { realFixtures, referenceInputs } from '../../../helpers/fixtures';
import { shrinkText } from '../../../helpers/transform';

const doc = (value: unknown) => parseJson(typeof value === 'string' ? value : JSON.stringify(value));

describe('guarantees hold on every real catalog and reference input, at every level (docs/spec.md)', () => {
  const inputs = [...realFixtures().map((f) => [f.name, f.text] as const), ...Object.entries(referenceInputs()).filter(([k]) => k !== 'GO_DDL')].flatMap(
    ([name, text]) => LEVELS.map((level) => [name, level, text] as const),
  );
  it.each(inputs)('%s at %s', (_name, level, text) => {
    const before = parseJson(text);
    const after = parseJson(shrinkText(text, { level }));
    const report = checkGuarantees(before, after, undefined, undefined, level);
    expect(report.selection).toMatchObject({ ok: true, differingTools: [] });
    expect(report.construction).toMatchObject({ ok: true, changedValues: [], brokenRefs: [] });
    expect(report.constraints).toMatchObject({ ok: true, missing: [] });
    expect(report.facts).toMatchObject({ ok: true, dropped: 0, missing: [], cutLeads: [] });
    expect(report.relaxation).toMatchObject({ ok: true, failures: [] });
    if (level === 'full' || level === 'facts')
      expect([report.constraints.deferred, report.facts.deferred, report.facts.leads.deferred], level).toEqual([0, 0, 0]);
    expect(
      constructionProfileOf(after)
        .refs.filter((r) => r.kind === 'pointer' || r.kind === 'anchor')
        .every((r) => r.resolves),
    ).toBe(true);
  });

  it('defers at the deferral levels on the real catalogs, and keeps every lead at leads', () => {
    const github = realFixtures().find((f) => f.name === 'github-mcp-server.json')!.text;
    const report = (level: 'leads' | 'signatures') => checkGuarantees(parseJson(github), parseJson(shrinkText(github, { level })), undefined, undefined, level);
    const leads = report('leads');
    expect(leads.facts.deferred).toBeGreaterThan(100);
    expect(leads.constraints.deferred).toBeGreaterThan(10);
    expect(leads.facts.leads).toMatchObject({ deferred: 0, cut: 0 });
    expect(leads.facts.leads.whole + leads.facts.leads.shortened).toBe(leads.facts.leads.found);
    const signatures = report('signatures');
    expect(signatures.facts.deferred).toBeGreaterThan(leads.facts.deferred);
    expect(signatures.facts.leads.deferred).toBeGreaterThan(100);
    expect(signatures.facts.sentences).toBe(signatures.facts.kept + signatures.facts.redundant + signatures.facts.deferred);
  });

  it('checks what each level keeps, and says a check that does not apply does not apply', () => {
    const github = realFixtures().find((f) => f.name === 'github-mcp-server.json')!.text;
    const report = (level: (typeof LEVELS)[number]) =>
      checkGuarantees(parseJson(github), parseJson(shrinkText(github, { level })), undefined, undefined, level);
    expect(report('signatures')).toMatchObject({ selection: { ok: true, scope: 'exact' }, construction: { ok: true, applies: true } });
    // Every tool of this catalog loses structure at skeletons: none keeps it exact, so no construction check applies.
    expect(report('skeletons')).toMatchObject({
      selection: { ok: true, scope: 'skeleton' },
      construction: { applies: false },
      relaxation: { ok: true, tools: 117 },
    });
    expect(report('names')).toMatchObject({ selection: { ok: true, scope: 'names' }, construction: { applies: false }, relaxation: { ok: true } });
  });

  it('fails a skeleton that changed a type or lost a parameter, and a listing that asserts more than the original', () => {
    const before = doc({
      tools: [{ name: 't', description: 'Does t.', inputSchema: { type: 'object', properties: { a: { type: 'string', pattern: 'x' }, b: {} } } }],
    });
    const check = (inputSchema: unknown) =>
      checkGuarantees(before, doc({ tools: [{ name: 't', description: 'Does t. …', inputSchema }] }), undefined, undefined, 'skeletons');
    expect(check({ type: 'object', properties: { a: { type: 'string' }, b: {} } })).toMatchObject({ selection: { ok: true }, relaxation: { ok: true } });
    expect(check({ type: 'object', properties: { a: { type: 'integer' }, b: {} } })).toMatchObject({
      selection: { ok: false, differingTools: ['t'] },
      relaxation: { ok: false, failures: [{ tool: 't', at: '/properties/a/type' }] },
    });
    expect(check({ type: 'object', properties: { a: { type: 'string' } } }).selection).toMatchObject({ ok: false });
    expect(check({ type: 'object', properties: { a: { type: 'string' }, b: {} }, additionalProperties: false }).relaxation).toMatchObject({
      ok: false,
      failures: [{ at: '/additionalProperties', reason: 'additionalProperties is not in the original here' }],
    });
  });

  it('sees real content: parameters, enums, constraint sentences', () => {
    const github = parseJson(realFixtures().find((f) => f.name === 'github-mcp-server.json')!.text);
    const profile = selectionProfileOf(github);
    expect(profile.tools).toHaveLength(117);
    expect(profile.tools.some((t) => Object.keys(t.enums).length > 0)).toBe(true);
    expect(constraintSentencesOf(github).length).toBeGreaterThan(50);
  });
});

describe('the same input checked against several outputs (the levels comparison)', () => {
  // The input's profiles and constraint sentences are read once per parsed document: what is
  // remembered must be the input's alone, so each output is still judged on its own.
  const input = {
    name: 't',
    description: 'Lists records. Values must be positive.',
    inputSchema: { type: 'object', properties: { p: { type: 'string', enum: ['a', 'b'], default: 'a', $ref: '#/$defs/x' } }, $defs: { x: {} } },
  };
  const damaged = {
    enum: { ...input, inputSchema: { ...input.inputSchema, properties: { p: { ...input.inputSchema.properties.p, enum: ['a'] } } } },
    default: { ...input, inputSchema: { ...input.inputSchema, properties: { p: { ...input.inputSchema.properties.p, default: 'b' } } } },
    ref: { ...input, inputSchema: { type: 'object', properties: input.inputSchema.properties } },
    sentence: { ...input, description: 'Lists records.' },
  };
  const verdict = (report: ReturnType<typeof checkGuarantees>) => [report.selection.ok, report.construction.ok, report.constraints.ok];

  it('judges each output as a fresh parse of the input does, whatever was checked before', () => {
    const before = doc(input);
    const outputs = [input, damaged.enum, input, damaged.default, damaged.ref, damaged.sentence, input];
    for (const output of outputs) expect(checkGuarantees(before, doc(output))).toEqual(checkGuarantees(doc(input), doc(output)));
    expect(outputs.map((output) => verdict(checkGuarantees(before, doc(output))))).toEqual([
      [true, true, true],
      [false, true, true],
      [true, true, true],
      [true, false, true],
      [true, false, true],
      [true, true, false],
      [true, true, true],
    ]);
  });
});

describe('guarantee checks report progress tool by tool', () => {
  it('moves in small steps up to 1, never back', () => {
    const text = realFixtures().find((f) => f.name === 'github-mcp-server.json')!.text;
    const fractions: number[] = [];
    checkGuarantees(parseJson(text), parseJson(shrinkText(text)), undefined, (fraction) => fractions.push(fraction));
    // Eight walks over 117 tools, each tool reported.
    expect(fractions.length).toBeGreaterThanOrEqual(8 * 117);
    expect(fractions.at(-1)).toBeCloseTo(1, 9);
    const steps = fractions.map((f, i) => f - (fractions[i - 1] ?? 0));
    expect(Math.min(...steps)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...steps)).toBeLessThan(0.01);
  });
});

describe('selection profile', () => {
  const catalog = {
    tools: [
      {
        name: 'a',
        inputSchema: { type: 'object', properties: { m: { enum: ['x', 'y'] }, n: { type: 'object', properties: { deep: {} } } }, required: ['m', 'n'] },
      },
    ],
  };

  it('lists parameters (nested too), enums and sorted required per tool', () => {
    expect(selectionProfileOf(doc(catalog))).toEqual({
      tools: [
        {
          name: 'a',
          parameters: ['/properties/m', '/properties/n', '/properties/n/properties/deep'],
          enums: { '/properties/m': '["x","y"]' },
          required: { '': ['"m"', '"n"'] },
        },
      ],
    });
  });

  it('notices a changed enum, a lost parameter and a changed required list', () => {
    const base = selectionProfileOf(doc(catalog));
    const enumChanged = structuredClone(catalog);
    enumChanged.tools[0]!.inputSchema.properties.m.enum = ['x'];
    const paramLost = structuredClone(catalog) as { tools: { inputSchema: { properties: Record<string, unknown> } }[] };
    delete paramLost.tools[0]!.inputSchema.properties.n;
    const requiredChanged = structuredClone(catalog);
    requiredChanged.tools[0]!.inputSchema.required = ['m'];
    for (const changed of [enumChanged, paramLost, requiredChanged]) {
      expect(sameSelectionProfile(base, selectionProfileOf(doc(changed)))).toBe(false);
    }
    expect(checkGuarantees(doc(catalog), doc(enumChanged)).selection).toMatchObject({ ok: false, differingTools: ['a'] });
  });

  it('compares enum values by exact source text (1.50 is not 1.5)', () => {
    const a = doc('{"name":"t","inputSchema":{"properties":{"p":{"enum":[1.50]}}}}');
    const b = doc('{"name":"t","inputSchema":{"properties":{"p":{"enum":[1.5]}}}}');
    expect(sameSelectionProfile(selectionProfileOf(a), selectionProfileOf(b))).toBe(false);
  });
});

describe('argument construction', () => {
  it('resolves pointer refs with ~0, ~1 and percent-encoding, scoped to the tool (reference REFS input)', () => {
    const refs = constructionProfileOf(doc(referenceInputs().REFS!)).refs;
    expect(refs.map((r) => [r.ref, r.resolves])).toEqual([
      ['#/$defs/title', true],
      ['#/$defs/a~1b', true],
      ['#/$defs/til~0de', true],
    ]);
    const encoded = doc({
      name: 't',
      inputSchema: {
        properties: { p: { $ref: '#/$defs/a%20b' }, q: { $ref: '#/$defs/nope' }, r: { $ref: '#anchor' } },
        $defs: { 'a b': {}, c: { $anchor: 'anchor' } },
      },
    });
    expect(constructionProfileOf(encoded).refs.map((r) => r.resolves)).toEqual([true, false, true]);
  });

  it('does not resolve a ref into another tool', () => {
    const catalog = {
      tools: [
        { name: 'a', inputSchema: { $defs: { x: {} } } },
        { name: 'b', inputSchema: { properties: { p: { $ref: '#/$defs/x' } } } },
      ],
    };
    expect(constructionProfileOf(doc(catalog)).refs).toMatchObject([{ tool: 'b', resolves: false }]);
  });

  it('flags a ref that resolved before and not after, and a changed default', () => {
    const before = doc({ name: 't', inputSchema: { properties: { p: { $ref: '#/$defs/x', default: 5 } }, $defs: { x: {} } } });
    const after = doc({ name: 't', inputSchema: { properties: { p: { $ref: '#/$defs/x', default: 6 } } } });
    const report = checkGuarantees(before, after).construction;
    expect(report.ok).toBe(false);
    expect(report.brokenRefs).toHaveLength(1);
    expect(report.changedValues).toHaveLength(1);
  });
});

describe('references against $id bases', () => {
  const sub = (p: unknown, r: unknown) => ({
    name: 't',
    inputSchema: {
      type: 'object',
      properties: {
        sub: { $id: 'http://example.com/sub.json', properties: { p, q: { $ref: '#/properties/p/examples/0' }, r, s: { $ref: '#/properties/r/items' } } },
      },
    },
  });

  it('fails the check when the output lost a target a nested $id resolves to', () => {
    const before = doc(sub({ type: 'string', examples: ['a-b'] }, { type: 'array', items: {} }));
    // What the transform wrote before it resolved against $id bases: the examples and the default items gone.
    const after = doc(sub({ type: 'string' }, { type: 'array' }));
    const report = checkGuarantees(before, after).construction;
    expect(report.ok).toBe(false);
    expect(report.brokenRefs.map((r) => [r.at, r.ref])).toEqual([
      ['/properties/sub/properties/q', '#/properties/p/examples/0'],
      ['/properties/sub/properties/s', '#/properties/r/items'],
    ]);
    expect(checkGuarantees(before, before).construction.ok).toBe(true);
  });

  it('resolves refs to the root $id, to a nested resource by URI and to its anchors', () => {
    const schema = {
      $id: 'https://example.com/a/root.json',
      properties: {
        abs: { $ref: 'https://example.com/a/root.json#/properties/m' },
        rel: { $ref: 'root.json#/properties/m' },
        leaf: { $ref: 'b/leaf.json#/$defs/x' },
        anchor: { $ref: 'b/leaf.json#tip' },
        lost: { $ref: 'b/leaf.json#/$defs/nope' },
        foreign: { $ref: 'https://example.org/x.json#/properties/m' },
        wrongBase: { $ref: '#tip' },
        m: {},
      },
      $defs: { leaf: { $id: 'b/leaf.json', $defs: { x: {}, tip: { $anchor: 'tip' } } } },
    };
    const refs = constructionProfileOf(doc({ name: 't', inputSchema: schema })).refs;
    expect(refs.map((r) => [r.ref, r.kind, r.resolves])).toEqual([
      ['https://example.com/a/root.json#/properties/m', 'pointer', true],
      ['root.json#/properties/m', 'pointer', true],
      ['b/leaf.json#/$defs/x', 'pointer', true],
      ['b/leaf.json#tip', 'anchor', true],
      ['b/leaf.json#/$defs/nope', 'pointer', false],
      ['https://example.org/x.json#/properties/m', 'external', false],
      ['#tip', 'anchor', false],
    ]);
  });

  it('fails the check when a ref lands on another place after the shrink', () => {
    const before = doc({
      name: 't',
      inputSchema: {
        properties: { a: { $id: 'http://x.test/a.json', properties: { k: { type: 'string' } }, items: { $ref: '#/properties/k' } }, k: { type: 'integer' } },
      },
    });
    // The nested $id gone: "#/properties/k" now lands on the root's k.
    const after = doc({
      name: 't',
      inputSchema: { properties: { a: { properties: { k: { type: 'string' } }, items: { $ref: '#/properties/k' } }, k: { type: 'integer' } } },
    });
    expect(checkGuarantees(before, after).construction).toMatchObject({ ok: false, brokenRefs: [{ at: '/properties/a/items', ref: '#/properties/k' }] });
  });
});

describe('constraint sentences', () => {
  it('finds a constraint sentence that went missing', () => {
    const before = doc({ name: 't', description: 'Lists. Values must be positive.', inputSchema: {} });
    const after = doc({ name: 't', description: 'Lists.', inputSchema: {} });
    expect(missingConstraintSentences(before, after)).toEqual([{ tool: 't', location: '0:t#/description', sentence: 'Values must be positive.' }]);
  });
});
