import { describe, expect, it } from 'vitest';
import { isBlank, jsonExcerpt } from '../../../src/main/analysis/json-excerpt';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('jsonExcerpt', () => {
  it('returns the line at the position, with the caret under its column', () => {
    expect(jsonExcerpt(bytes('{\n  "tools": [\n    {"name": x}\n  ]\n}'), { line: 3, column: 14 })).toEqual({
      line: 3,
      column: 14,
      text: '    {"name": x}',
      caret: 13,
    });
  });

  it('cuts a long line to a window around the column, marking the cuts', () => {
    const line = `${'a'.repeat(300)}!${'b'.repeat(300)}`;
    const excerpt = jsonExcerpt(bytes(line), { line: 1, column: 301 })!;
    expect(excerpt.text.startsWith('…') && excerpt.text.endsWith('…')).toBe(true);
    expect(excerpt.text.charAt(excerpt.caret)).toBe('!');
  });

  it('is null for a line past the end', () => {
    expect(jsonExcerpt(bytes('{}'), { line: 9, column: 1 })).toBeNull();
  });
});

describe('isBlank', () => {
  it('tells empty and whitespace-only input apart from malformed JSON', () => {
    expect(isBlank(bytes(''))).toBe(true);
    expect(isBlank(bytes(' \n\t\r'))).toBe(true);
    expect(isBlank(bytes('{x}'))).toBe(false);
  });
});
