// A catalog's tab says the share saved of what Claude sees; the JSON share only in its tooltip, or labelled when the model's was not counted.

import { describe, expect, it } from 'vitest';
import { catalogTabDetail } from '../../../src/renderer/src/lib/catalog-tab-detail';
import { failure, summary } from '../fakes/fake-api';

// github-mcp-server at facts: the JSON saves 28.8%, mostly whitespace; Claude is handed 0.6% fewer tokens.
const visible = { anthropic: { tokens_before: 25148, tokens_after: 24986 }, openai: { tokens_before: 19466, tokens_after: 19327 } };
const report = { ...summary('a').report, tokens_before: 49352, tokens_after: 35159, ratio: 0.28758 };

describe('catalogTabDetail', () => {
  it('headlines what Claude sees; OpenAI and the JSON are in the tooltip, labelled', () => {
    expect(catalogTabDetail(summary('a', 'github.json', { report, visible }))).toEqual({
      text: '0.6% saved',
      title: '0.6% of what Claude sees saved · OpenAI 0.7% · as JSON 28.8%',
      failed: false,
    });
  });

  it('labels the JSON saving when what the model sees was not counted', () => {
    expect(catalogTabDetail(summary('a', 'github.json', { report })).text).toBe('JSON 28.8% saved');
  });

  it('says why nothing was saved', () => {
    expect(catalogTabDetail(failure('x.json'))).toEqual({ text: 'failed', failed: true });
    const passed = { ...report, pass_through: { reason: 'no_saving' as const, message: 'not smaller' } };
    expect(catalogTabDetail(summary('a', 'a.json', { report: passed, visible }))).toEqual({ text: 'unchanged', failed: false });
    const refused = { ...report, pass_through: { reason: 'store_error' as const, message: 'read-only' } };
    expect(catalogTabDetail(summary('a', 'a.json', { report: refused })).failed).toBe(true);
  });
});
