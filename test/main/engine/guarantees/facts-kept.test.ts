import { describe, expect, it } from 'vitest';
import { checkGuarantees } from '../../../../src/main/engine/guarantees/check-guarantees';
import { factLedger } from '../../../../src/main/engine/guarantees/facts-kept';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { DEFERRAL_MARKER } from '../../../../src/main/engine/transform/deferral-marker';
import { LEVELS } from '../../../../src/shared/levels';
import { levelRules } from '../../../../src/main/engine/transform/level-rules';
import { realFixtures, referenceInputs } from '../../../helpers/fixtures';
import { shrinkText } from '../../../helpers/transform';

const doc = (value: unknown) => parseJson(JSON.stringify(value));
const FILLER = 'Nothing else to see here in this long filler sentence, which merely pads the text out to a length that is long enough to be reduced.';

describe('the facts-kept guarantee (docs/spec.md)', () => {
  it.each([...realFixtures().map((f) => [f.name, f.text] as const), ...Object.entries(referenceInputs()).filter(([k]) => k !== 'GO_DDL')])(
    '%s: no fact sentence dropped outside rule 3, every lead whole',
    (_name, text) => {
      const ledger = factLedger(parseJson(text), parseJson(shrinkText(text)));
      expect(ledger.dropped).toEqual([]);
      expect(ledger.cutLeads).toEqual([]);
      expect(ledger.total.found).toBe(ledger.total.kept + ledger.total.redundant);
      expect(ledger.leads.found).toBe(ledger.leads.whole + ledger.leads.shortened);
      // Every tool's own description whole at full and facts: what a client's tool search reads.
      expect(ledger.toolDescriptions.whole).toBe(ledger.toolDescriptions.found);
      // At every level the same holds, with what the level defers counted apart.
      for (const level of LEVELS) {
        const { facts } = checkGuarantees(parseJson(text), parseJson(shrinkText(text, { level })), undefined, undefined, level);
        expect(facts, level).toMatchObject({ ok: true, dropped: 0, missing: [], cutLeads: [] });
        expect(facts.sentences, level).toBe(facts.kept + facts.redundant + facts.deferred);
        expect(facts.leads.found, level).toBe(facts.leads.whole + facts.leads.shortened + facts.leads.deferred);
        if (levelRules(level).schemaDescriptions !== 'deferred') expect(facts.leads.deferred, level).toBe(0);
      }
    },
  );

  it('counts per tool and per category; the tools add up to the total', () => {
    const github = realFixtures().find((f) => f.name === 'github-mcp-server.json')!.text;
    const ledger = factLedger(parseJson(github), parseJson(shrinkText(github)), 117);
    expect(ledger.tools).toHaveLength(117);
    expect(ledger.tools.reduce((sum, t) => sum + t.found, 0)).toBe(ledger.total.found);
    expect(ledger.total.found).toBeGreaterThan(400);
    expect(ledger.byCategory.pagination.kept).toBeGreaterThan(0);
    expect(ledger.byCategory.defaults.kept).toBeGreaterThan(0);
  });

  it('fails and names a dropped fact sentence', () => {
    const before = doc({ name: 't', description: `Lists things. ${FILLER} If omitted, all fields are returned.`, inputSchema: {} });
    const after = doc({ name: 't', description: 'Lists things.', inputSchema: {} });
    const { facts } = checkGuarantees(before, after);
    expect(facts).toMatchObject({
      ok: false,
      sentences: 1,
      dropped: 1,
      missing: [{ tool: 't', location: '0:t#/description', sentence: 'If omitted, all fields are returned.' }],
    });
  });

  it("fails on a tool's own description cut at facts, and counts one shortened in a marked tool as deferred", () => {
    const before = doc({ name: 't', description: `Lists things. ${FILLER}`, inputSchema: {} });
    const cut = checkGuarantees(before, doc({ name: 't', description: 'Lists things.', inputSchema: {} }));
    expect(cut.facts).toMatchObject({ ok: false, dropped: 0, toolDescriptions: { found: 1, whole: 0, deferred: 0, cut: 1 } });
    const marked = doc({ name: 't', description: `Lists things.${DEFERRAL_MARKER}`, inputSchema: {} });
    expect(checkGuarantees(before, marked, undefined, undefined, 'leads').facts).toMatchObject({
      ok: true,
      toolDescriptions: { found: 1, whole: 0, deferred: 1, cut: 0 },
    });
  });

  it('accepts a fact stated by a keyword on the same node, and names the keyword', () => {
    const property = (description: string) => ({ type: 'string', default: 'all', description });
    const before = doc({ name: 't', inputSchema: { type: 'object', properties: { p: property(`The kind. ${FILLER} Default: 'all'.`) } } });
    const after = doc({ name: 't', inputSchema: { type: 'object', properties: { p: property('The kind.') } } });
    const { facts } = checkGuarantees(before, after);
    expect(facts).toMatchObject({ ok: true, redundant: 1, dropped: 0, redundantFacts: [{ sentence: "Default: 'all'.", keyword: 'default' }] });
  });

  it('does not accept a keyword on another node', () => {
    const before = doc({
      name: 't',
      inputSchema: { type: 'object', default: 'all', properties: { p: { type: 'string', description: `The kind. ${FILLER} Default: 'all'.` } } },
    });
    const after = doc({ name: 't', inputSchema: { type: 'object', default: 'all', properties: { p: { type: 'string', description: 'The kind.' } } } });
    expect(checkGuarantees(before, after).facts).toMatchObject({ ok: false, dropped: 1 });
  });

  it('fails on a lead cut mid-way; accepts a lead over 300 bytes shortened at a word boundary with …', () => {
    const lead = 'Search for commits across GitHub repositories and people and projects and teams and organisations, '.repeat(4).trim() + ' everywhere.';
    // A parameter's description: a tool's own is kept whole at facts.
    const tool = (description: string) => ({ name: 't', inputSchema: { properties: { p: { description } } } });
    const before = doc(tool(`${lead} ${FILLER}`));
    const cut = doc(tool(`${lead.slice(0, 80)}…`));
    expect(checkGuarantees(before, cut).facts).toMatchObject({ ok: false, leads: { cut: 1 }, cutLeads: [{ tool: 't' }] });
    const shortened = JSON.parse(shrinkText(JSON.stringify(tool(`${lead} ${FILLER}`)))).inputSchema.properties.p.description as string;
    expect(shortened.endsWith('…')).toBe(true);
    expect(checkGuarantees(before, doc(tool(shortened))).facts).toMatchObject({
      ok: true,
      leads: { found: 1, shortened: 1, cut: 0 },
    });
  });
});

describe('facts at the deferral levels (docs/levels.md)', () => {
  const fact = 'If omitted, all fields are returned.';
  const constraint = 'You must pass the owner.';
  const before = doc({
    name: 't',
    description: `Lists things. ${fact} ${constraint}`,
    inputSchema: { properties: { p: { description: `The kind. ${fact}` } } },
  });
  const check = (after: unknown, level: (typeof LEVELS)[number]) => checkGuarantees(before, doc(after), undefined, undefined, level);

  it('counts a sentence missing from a marked tool as deferred at leads and signatures', () => {
    const after = { name: 't', description: `Lists things.${DEFERRAL_MARKER}`, inputSchema: { properties: { p: { description: 'The kind.' } } } };
    for (const level of ['leads', 'signatures'] as const) {
      const report = check(after, level);
      expect(report.facts, level).toMatchObject({ ok: true, sentences: 3, kept: 0, deferred: 3, dropped: 0, byCategory: { defaults: { deferred: 2 } } });
      expect(report.constraints, level).toMatchObject({ ok: true, deferred: 1, missing: [] });
    }
  });

  it('drops it from a tool without the marker, and at full and facts whatever the output says', () => {
    const unmarked = { name: 't', description: 'Lists things.', inputSchema: { properties: { p: { description: 'The kind.' } } } };
    expect(check(unmarked, 'leads').facts).toMatchObject({ ok: false, deferred: 0, dropped: 3 });
    expect(check(unmarked, 'leads').constraints).toMatchObject({ ok: false, deferred: 0, missing: [{ sentence: constraint }] });
    const marked = { ...unmarked, description: `Lists things.${DEFERRAL_MARKER}` };
    for (const level of ['full', 'facts'] as const) {
      expect(check(marked, level).facts, level).toMatchObject({ ok: false, deferred: 0, dropped: 3 });
      expect(check(marked, level).constraints, level).toMatchObject({ ok: false, deferred: 0 });
    }
  });

  it('counts at overviews the tool’s own description whole and its parameters’ facts and leads deferred', () => {
    const after = { name: 't', description: `Lists things. ${fact} ${constraint}${DEFERRAL_MARKER}`, inputSchema: { properties: { p: {} } } };
    expect(check(after, 'overviews').facts).toMatchObject({ ok: true, kept: 2, deferred: 1, leads: { found: 2, whole: 1, deferred: 1, cut: 0 } });
    // The same output shrunk at leads cut a parameter's lead, which leads keeps.
    expect(check(after, 'leads').facts).toMatchObject({ ok: false, leads: { cut: 1 } });
  });

  it('defers a parameter’s lead only where its description goes whole (overviews, signatures); never a tool’s own lead', () => {
    const removed = { name: 't', description: `Lists things.${DEFERRAL_MARKER}`, inputSchema: { properties: { p: {} } } };
    expect(check(removed, 'signatures').facts).toMatchObject({ ok: true, leads: { found: 2, whole: 1, deferred: 1, cut: 0 } });
    expect(check(removed, 'leads').facts).toMatchObject({
      ok: false,
      leads: { deferred: 0, cut: 1 },
      cutLeads: [{ location: '0:t#/inputSchema/properties/p/description' }],
    });
    const halfCut = { name: 't', description: `Lists things.${DEFERRAL_MARKER}`, inputSchema: { properties: { p: { description: 'The' } } } };
    expect(check(halfCut, 'signatures').facts).toMatchObject({ ok: false, leads: { cut: 1 } });
    const ownLeadGone = { name: 't', description: `Things.${DEFERRAL_MARKER}`, inputSchema: { properties: { p: {} } } };
    expect(check(ownLeadGone, 'signatures').facts).toMatchObject({ ok: false, leads: { deferred: 1, cut: 1 }, cutLeads: [{ location: '0:t#/description' }] });
  });
});
