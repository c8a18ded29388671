// The failure panel writes its sentences from the failure's data: the
// outcome, and the excerpt main drew at the error's position. It parses
// nothing out of the message.

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FailurePanel } from '../../../src/renderer/src/components/failure-panel';
import type { AnalysisFailure } from '../../../src/shared/contracts';
import { NOTHING_STORED } from '../../../src/shared/errors';

/** The panel's text, one line per element that holds text. */
function shown(failure: AnalysisFailure): string {
  const html = renderToStaticMarkup(createElement(FailurePanel, { failure }));
  return html
    .replace(/<(p|h2|figcaption|pre)[^>]*>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .trim();
}

describe('FailurePanel', () => {
  it('shows the excerpt main sent, not a position read out of the message', () => {
    // A misleading "line 9, column 9" in the message: the old panel's regex took it (and found no such line).
    const failure: AnalysisFailure = {
      ok: false,
      name: 'line 9, column 9.json',
      error: { code: 'cave_invalid_json', message: 'in line 9, column 9.json: not valid JSON at line 2, column 13', outcome: NOTHING_STORED },
      origin: 'paste',
      excerpt: { line: 2, column: 13, text: '  "tools": [x]', caret: 12 },
    };
    const text = shown(failure);
    expect(text).toContain('Line 2, column 13:');
    expect(text).toContain(`  "tools": [x]\n${' '.repeat(12)}^`);
    expect(text).not.toContain('Line 9');
    expect(text).toContain('Fix the JSON at that position and paste it again.');
  });

  it('writes the outcome from data: "Nothing was stored." on a line of its own, never twice', () => {
    const text = shown({ ok: false, name: 'a.json', error: { code: 'cave_not_catalog', message: 'not a tool catalog', outcome: NOTHING_STORED } });
    expect(text.split('\n')).toEqual([
      'Could not shrink a.json',
      'Not a tool catalog.',
      'Nothing was stored.',
      expect.stringMatching(/^Caveman Shrink takes MCP tools\/list results/),
      'Error code cave_not_catalog',
    ]);
  });

  it('ends the message with any other outcome ("it was not read")', () => {
    const text = shown({
      ok: false,
      name: 'big.json',
      error: { code: 'cave_input_too_large', message: 'the file is 40.0 MiB, above the 32 MiB limit', outcome: { left: 'not_read' } },
    });
    expect(text).toContain('The file is 40.0 MiB, above the 32 MiB limit — it was not read.\nNothing was stored.');
  });

  it('gives the hint for an empty input from data, whatever the message says', () => {
    const pasted = shown({
      ok: false,
      name: 'pasted.json',
      error: { code: 'cave_invalid_json', message: 'not valid JSON at line 1, column 1: the input is empty' },
      origin: 'paste',
      empty: true,
    });
    expect(pasted).toContain('Nothing was pasted: copy the catalog’s JSON and paste it.');
    const opened = shown({ ok: false, name: 'a.json', error: { code: 'cave_invalid_json', message: 'not valid JSON at line 1, column 2: expected a value' } });
    expect(opened).toContain('Fix the JSON at that position and try again.');
  });
});
