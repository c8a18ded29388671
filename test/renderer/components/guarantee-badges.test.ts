// The guarantee badges say what each level promises: the selection badge
// names what was compared, the relaxation badge is there at every level,
// and a check that does not apply reads "not applicable", never "passed".

import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GuaranteeBadge, type GuaranteeBadgeProps } from '../../../src/renderer/src/components/guarantee-badge';
import { guaranteeBadges } from '../../../src/renderer/src/components/guarantee-badges';
import type { GuaranteeReport } from '../../../src/shared/contracts';

function report(scope: 'exact' | 'skeleton' | 'names', applies: boolean): GuaranteeReport {
  return {
    selection: { ok: true, scope, tools: 2, parameters: 3, differingTools: [] },
    construction: { ok: true, applies, values: 1, changedValues: [], refs: 0, brokenRefs: [] },
    relaxation: { ok: true, tools: 2, failures: [] },
    constraints: { ok: true, sentences: 0, deferred: 0, missing: [] },
    facts: {
      ok: true,
      sentences: 0,
      kept: 0,
      redundant: 0,
      dropped: 0,
      leads: { found: 0, whole: 0, shortened: 0, cut: 0 },
      byCategory: {},
      redundantFacts: [],
      missing: [],
      cutLeads: [],
    },
  };
}

const html = (badge: GuaranteeBadgeProps) => renderToStaticMarkup(createElement(Fragment, null, createElement(GuaranteeBadge, badge)));

/** Each badge as "state · title". */
function shown(value: GuaranteeReport): string[] {
  return guaranteeBadges(value, 'skeletons').map((badge) => {
    const markup = html(badge);
    const text = (name: string) => new RegExp(`class="${name}">(?:<svg.*?</svg>)?([^<]*)<`).exec(markup)?.[1];
    return `${text('badge-state-word')} · ${text('badge-title')}`.replaceAll('&amp;', '&');
  });
}

describe('guaranteeBadges', () => {
  it('down to signatures: the selection profile, $refs and defaults, every valid call accepted', () => {
    expect(shown(report('exact', true)).slice(0, 3)).toEqual(['passed · Selection profile', 'passed · $refs & defaults', 'passed · Accepts every valid call']);
  });

  it('at skeletons and names: what the level keeps, and $refs and defaults not applicable', () => {
    expect(shown(report('skeleton', false)).slice(0, 3)).toEqual([
      'passed · Names, types, required, short enums',
      'not applicable · $refs & defaults',
      'passed · Accepts every valid call',
    ]);
    expect(shown(report('names', false))[0]).toBe('passed · Tool names');
  });

  it('each badge carries its counts as its tooltip, for a short window that draws only its mark and name', () => {
    const badges = guaranteeBadges(report('exact', true), 'facts');
    for (const badge of badges) expect(html(badge), badge.title).toContain(`title="${badge.counts}"`);
    expect(html({ ...badges[0]!, state: 'failed', problems: ['differs'] })).toContain(`<summary title="${badges[0]!.counts}">`);
  });
});
