// The diff's height estimates for undrawn lines add up however a stretch is
// split: the same text is estimated the same on both
// sides of the diff wherever MergeView's spacers fall.

import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { makeGapEstimatesAdditive, type HeightOracleLike } from '../../../src/renderer/src/lib/height-estimates';

/** A stand-in for @codemirror/view's HeightOracle with its estimates for wrapped lines (6.43). */
function oracle(doc: Text, lineWrapping = true): HeightOracleLike {
  return {
    doc,
    lineWrapping,
    lineHeight: 20,
    lineLength: 40,
    heightForGap(from: number, to: number) {
      let lines = this.doc.lineAt(to).number - this.doc.lineAt(from).number + 1;
      if (this.lineWrapping) lines += Math.max(0, Math.ceil((to - from - lines * this.lineLength * 0.5) / this.lineLength));
      return this.lineHeight * lines;
    },
    heightForLine(length: number) {
      if (!this.lineWrapping) return this.lineHeight;
      return (1 + Math.max(0, Math.ceil((length - this.lineLength) / Math.max(1, this.lineLength - 5)))) * this.lineHeight;
    },
  };
}

const lines = [
  '{',
  '  "tools": [',
  '    {',
  `      "description": "${'Lists the issues of a repository. '.repeat(6)}",`,
  '      "name": "list_issues"',
  '    },',
  `      "title": "${'x'.repeat(70)}"`,
  '  ]',
  '}',
];
const doc = Text.of(lines);

/** The height of lines first…last (1-based) as one undrawn stretch. */
const stretch = (estimates: HeightOracleLike, first: number, last: number) => estimates.heightForGap(doc.line(first).from, doc.line(last).to);

describe('additive height estimates', () => {
  it('CodeMirror’s own estimate does not add up when a stretch is split', () => {
    const own = oracle(doc);
    const splits = Array.from({ length: doc.lines - 1 }, (_, i) => stretch(own, 1, i + 1) + stretch(own, i + 2, doc.lines));
    expect(splits.some((sum) => sum !== stretch(own, 1, doc.lines))).toBe(true);
  });

  it('sums the per-line estimates, so every split adds up to the whole', () => {
    const estimates = oracle(doc);
    makeGapEstimatesAdditive(estimates);
    const whole = stretch(estimates, 1, doc.lines);
    expect(whole).toBe(lines.reduce((sum, line) => sum + estimates.heightForLine(line.length), 0));
    for (let first = 1; first <= doc.lines; first++) {
      for (let last = first; last < doc.lines; last++) expect(stretch(estimates, 1, last) + stretch(estimates, last + 1, doc.lines)).toBe(whole);
    }
  });

  it('follows the oracle when the width, the line height or the text changes', () => {
    const estimates = oracle(doc);
    makeGapEstimatesAdditive(estimates);
    const wide = stretch(estimates, 1, doc.lines);
    estimates.lineLength = 400;
    expect(stretch(estimates, 1, doc.lines)).toBe(doc.lines * 20);
    estimates.lineHeight = 18;
    expect(stretch(estimates, 1, doc.lines)).toBe(doc.lines * 18);
    estimates.lineLength = 40;
    estimates.lineHeight = 20;
    expect(stretch(estimates, 1, doc.lines)).toBe(wide);
    estimates.doc = Text.of(['a', 'b']);
    expect(estimates.heightForGap(0, 3)).toBe(40);
  });

  it('leaves unwrapped estimates (one line height a line) as CodeMirror makes them', () => {
    const estimates = oracle(doc, false);
    makeGapEstimatesAdditive(estimates);
    expect(stretch(estimates, 1, doc.lines)).toBe(doc.lines * 20);
    expect(stretch(estimates, 2, 4)).toBe(60);
  });

  it('patches an oracle once', () => {
    const estimates = oracle(doc);
    makeGapEstimatesAdditive(estimates);
    const patched = estimates.heightForGap;
    makeGapEstimatesAdditive(estimates);
    expect(estimates.heightForGap).toBe(patched);
  });
});
