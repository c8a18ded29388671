// The guarantee badges say what each level promises: the selection badge
// names what was compared, the relaxation badge is there at every level,
// and a check that does not apply reads "not applicable", never "passed".

import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GuaranteeBadge } from '../../../src/renderer/src/components/guarantee-badge';
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

/** Each badge as "state · title". */
function shown(value: GuaranteeReport): string[] {
  return guaranteeBadges(value, 'skeletons').map((badge) => {
    const html = renderToStaticMarkup(createElement(Fragment, null, createElement(GuaranteeBadge, badge)));
    const text = (name: string) => new RegExp(`class="${name}">(?:<svg.*?</svg>)?([^<]*)<`).exec(html)?.[1];
    return `${text('badge-state')} · ${text('badge-title')}`.replaceAll('&amp;', '&');
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
});
