import { describe, expect, it } from 'vitest';
import { checkGuarantees } from '../../../../src/main/engine/guarantees/check-guarantees';
import { factLedger } from '../../../../src/main/engine/guarantees/facts-kept';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { realFixtures, referenceInputs } from '../../../helpers/fixtures';
import { shrinkText } from '../../../helpers/transform';

const doc = (value: unknown) => parseJson(JSON.stringify(value));
const FILLER = 'Nothing else to see here in this long filler sentence, which merely pads the text out to a length that is long enough to be reduced.';

describe('the facts-kept guarantee (SPEC §2.6)', () => {
  it.each([...realFixtures().map((f) => [f.name, f.text] as const), ...Object.entries(referenceInputs()).filter(([k]) => k !== 'GO_DDL')])(
    '%s: no fact sentence dropped outside rule 3, every lead whole',
    (_name, text) => {
      const ledger = factLedger(parseJson(text), parseJson(shrinkText(text)));
      expect(ledger.dropped).toEqual([]);
      expect(ledger.cutLeads).toEqual([]);
      expect(ledger.total.found).toBe(ledger.total.kept + ledger.total.redundant);
      expect(ledger.leads.found).toBe(ledger.leads.whole + ledger.leads.shortened);
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
    expect(facts).toMatchObject({ ok: false, sentences: 1, dropped: 1, missing: [{ tool: 't', location: '0:t#/description', sentence: 'If omitted, all fields are returned.' }] });
  });

  it('accepts a fact stated by a keyword on the same node, and names the keyword', () => {
    const property = (description: string) => ({ type: 'string', default: 'all', description });
    const before = doc({ name: 't', inputSchema: { type: 'object', properties: { p: property(`The kind. ${FILLER} Default: 'all'.`) } } });
    const after = doc({ name: 't', inputSchema: { type: 'object', properties: { p: property('The kind.') } } });
    const { facts } = checkGuarantees(before, after);
    expect(facts).toMatchObject({ ok: true, redundant: 1, dropped: 0, redundantFacts: [{ sentence: "Default: 'all'.", keyword: 'default' }] });
  });

  it('does not accept a keyword on another node', () => {
    const before = doc({ name: 't', inputSchema: { type: 'object', default: 'all', properties: { p: { type: 'string', description: `The kind. ${FILLER} Default: 'all'.` } } } });
    const after = doc({ name: 't', inputSchema: { type: 'object', default: 'all', properties: { p: { type: 'string', description: 'The kind.' } } } });
    expect(checkGuarantees(before, after).facts).toMatchObject({ ok: false, dropped: 1 });
  });

  it('fails on a lead cut mid-way; accepts a lead over 300 bytes shortened at a word boundary with …', () => {
    const lead = 'Search for commits across GitHub repositories and people and projects and teams and organisations, '.repeat(4).trim() + ' everywhere.';
    const before = doc({ name: 't', description: `${lead} ${FILLER}`, inputSchema: {} });
    const cut = doc({ name: 't', description: `${lead.slice(0, 80)}…`, inputSchema: {} });
    expect(checkGuarantees(before, cut).facts).toMatchObject({ ok: false, leads: { cut: 1 }, cutLeads: [{ tool: 't' }] });
    const shortened = JSON.parse(shrinkText(JSON.stringify({ name: 't', description: `${lead} ${FILLER}`, inputSchema: {} }))).description as string;
    expect(shortened.endsWith('…')).toBe(true);
    expect(checkGuarantees(before, doc({ name: 't', description: shortened, inputSchema: {} })).facts).toMatchObject({ ok: true, leads: { found: 1, shortened: 1, cut: 0 } });
  });
});
