// The summary's headline is the share of what Claude sees saved, OpenAI's beside it; the catalog file's JSON figures come
// after, labelled "As JSON" — never a bare "Tokens" card that leads with the whitespace-inclusive count.

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SummaryStats } from '../../../src/renderer/src/components/summary-stats';
import type { AnalysisSummary } from '../../../src/shared/contracts';
import { summary } from '../fakes/fake-api';

/** Each card as "LABEL: value | detail". */
function cards(of: AnalysisSummary): string[] {
  const html = renderToStaticMarkup(createElement('dl', null, createElement(SummaryStats, { summary: of })));
  return [...html.matchAll(/<div class="stat[^"]*"[^>]*>(.*?)<\/div>/g)].map(([, card]) =>
    card!
      .replace(/<dt[^>]*>(.*?)<\/dt><dd class="stat-value">(.*?)<\/dd>/, '$1: $2')
      .replace(/<dd class="stat-detail">(.*?)<\/dd>/, ' |$1')
      .replace(/&#x27;/g, "'"),
  );
}

// github-mcp-server at facts.
const report = { ...summary('a').report, tokens_before: 49352, tokens_after: 35159, ratio: 0.2876 };
const visible = { anthropic: { tokens_before: 25148, tokens_after: 24986 }, openai: { tokens_before: 19466, tokens_after: 19327 } };

describe('SummaryStats', () => {
  it('leads with what Claude sees and its share saved, OpenAI second; the JSON after them, labelled', () => {
    expect(cards(summary('a', 'github.json', { report, visible, toolCount: 117, tokensMinified: 35321 }))).toEqual([
      'Tools: 117',
      'Claude sees: 25,148 → 24,986 |OpenAI 19,466 → 19,327',
      'Saved: 0.6% | of what Claude sees · OpenAI 0.7%',
      'As JSON: 49,352 → 35,159 |28.8% saved',
    ]);
  });

  it('without what the model sees, the saving is labelled as the JSON’s', () => {
    expect(cards(summary('a', 'github.json', { report, toolCount: 117 }))).toEqual([
      'Tools: 117',
      "Saved as JSON: 28.8% | of the catalog file's tokens",
      'As JSON: 49,352 → 35,159 |28.8% saved',
    ]);
  });
});
