import { describe, expect, it } from 'vitest';
import { describeInput, jsonExcerpt } from '../../../src/renderer/src/lib/json-excerpt';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('jsonExcerpt', () => {
  it('returns the line the message names, with the caret under its column', () => {
    expect(jsonExcerpt(bytes('{\n  "tools": [\n    {"name": x}\n  ]\n}'), 'not valid JSON at line 3, column 14')).toEqual({
      line: 3,
      column: 14,
      text: '    {"name": x}',
      caret: 13,
    });
  });

  it('cuts a long line to a window around the column, marking the cuts', () => {
    const line = `${'a'.repeat(300)}!${'b'.repeat(300)}`;
    const excerpt = jsonExcerpt(bytes(line), 'line 1, column 301')!;
    expect(excerpt.text.startsWith('…') && excerpt.text.endsWith('…')).toBe(true);
    expect(excerpt.text.charAt(excerpt.caret)).toBe('!');
  });

  it('is null when the message names no position or a line past the end', () => {
    expect(jsonExcerpt(bytes('{}'), 'not a tool catalog')).toBeNull();
    expect(jsonExcerpt(bytes('{}'), 'line 9, column 1')).toBeNull();
  });
});

describe('describeInput', () => {
  it('tells empty and whitespace-only input apart from malformed JSON', () => {
    expect(describeInput('file', bytes(''), 'line 1, column 1: the input is empty')).toEqual({ origin: 'file', empty: true, excerpt: null });
    expect(describeInput('paste', bytes(' \n\t'), 'line 2, column 2')).toEqual({ origin: 'paste', empty: true, excerpt: null });
    expect(describeInput('paste', bytes('{x}'), 'line 1, column 2').excerpt).toEqual({ line: 1, column: 2, text: '{x}', caret: 1 });
  });
});
