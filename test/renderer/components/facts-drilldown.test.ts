// The facts drill-down says how each tool's own description fared: it is what
// a client's tool search reads, whole at full and facts, deferred only from a
// marked tool at a deferral level.

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FactsDrilldown } from '../../../src/renderer/src/components/facts-drilldown';
import type { GuaranteeReport, LevelName } from '../../../src/shared/contracts';

type Facts = GuaranteeReport['facts'];

const facts = (toolDescriptions: Facts['toolDescriptions']): Facts => ({
  ok: true,
  sentences: 2,
  kept: 2,
  redundant: 0,
  deferred: 0,
  dropped: 0,
  leads: { found: 3, whole: 3, shortened: 0, deferred: 0, cut: 0 },
  ...(toolDescriptions ? { toolDescriptions } : {}),
  byCategory: {},
  redundantFacts: [],
  missing: [],
  cutLeads: [],
});

const shown = (value: Facts, level: LevelName) =>
  renderToStaticMarkup(createElement(FactsDrilldown, { facts: value, level }))
    .replace(/<[^>]+>/g, '\n')
    .replace(/&#x27;/g, "'");

describe('FactsDrilldown', () => {
  it("counts the tools' own descriptions whole, deferred and cut", () => {
    expect(shown(facts({ found: 2, whole: 2, deferred: 0, cut: 0 }), 'facts')).toContain(
      'Tool descriptions (what a client’s tool search reads): 2 of 2 whole.',
    );
    expect(shown(facts({ found: 2, whole: 1, deferred: 1, cut: 0 }), 'leads')).toContain('1 of 2 whole, 1 deferred.');
    expect(shown(facts({ found: 2, whole: 1, deferred: 0, cut: 1 }), 'facts')).toContain('1 of 2 whole, 1 cut.');
  });

  it('says nothing of them for a report made before they were counted', () => {
    expect(shown(facts(undefined), 'facts')).not.toContain('Tool descriptions');
  });
});
