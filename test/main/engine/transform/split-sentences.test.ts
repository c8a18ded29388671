import { describe, expect, it } from 'vitest';
import { isAbbreviation, splitSentences } from '../../../../src/main/engine/transform/split-sentences';

const sentences = (text: string) => splitSentences(text).map((s) => text.slice(s.start, s.end));

describe('splitSentences', () => {
  it('splits only at a period, whitespace and an uppercase letter', () => {
    expect(sentences('One thing. Two things.  Three.')).toEqual(['One thing.', 'Two things.', 'Three.']);
    expect(sentences('lower. case stays. together')).toEqual(['lower. case stays. together']);
    expect(sentences('Ask! Then? Go.')).toEqual(['Ask! Then? Go.']);
    expect(sentences('Über. Ärger folgt.')).toEqual(['Über.', 'Ärger folgt.']);
  });

  it('never splits after abbreviations, initials or dotted tokens', () => {
    expect(sentences('Use a path, e.g. /srv/x. Then go.')).toEqual(['Use a path, e.g. /srv/x.', 'Then go.']);
    expect(sentences('Give i.e. Foo here.')).toEqual(['Give i.e. Foo here.']);
    expect(sentences('Files, dirs etc. Are listed.')).toEqual(['Files, dirs etc. Are listed.']);
    expect(sentences('Tabs vs. Spaces matter.')).toEqual(['Tabs vs. Spaces matter.']);
    expect(sentences('Written by J. Smith today.')).toEqual(['Written by J. Smith today.']);
    expect(sentences('Needs Node.js. Works on v1.2. Pi is 3.14 Roughly.')).toEqual(['Needs Node.js. Works on v1.2. Pi is 3.14 Roughly.']);
    expect(sentences('Examples (e.g. Foo) help.')).toEqual(['Examples (e.g. Foo) help.']);
  });

  it('splits across newlines and keeps the spans in order', () => {
    const text = 'First line.\n\nSecond line.';
    expect(sentences(text)).toEqual(['First line.', 'Second line.']);
    expect(splitSentences(text)).toEqual([
      { start: 0, end: 11 },
      { start: 13, end: 25 },
    ]);
  });

  it('recognises abbreviations', () => {
    expect(isAbbreviation('e.g')).toBe(true);
    expect(isAbbreviation('(i.e')).toBe(true);
    expect(isAbbreviation('A')).toBe(true);
    expect(isAbbreviation('v1.2')).toBe(true);
    expect(isAbbreviation('files')).toBe(false);
    expect(isAbbreviation('')).toBe(false);
  });
});
