import { describe, expect, it } from 'vitest';
import { escapeSegment, parseRef, pointerOf } from '../../../../src/main/engine/json/json-pointer';

describe('JSON Pointer segments', () => {
  it('escapes ~ as ~0 and / as ~1, in that order', () => {
    expect(escapeSegment('a~b')).toBe('a~0b');
    expect(escapeSegment('a/b')).toBe('a~1b');
    expect(escapeSegment('~1/')).toBe('~01~1');
    expect(pointerOf(['properties', 'a/b', 'x~y'])).toBe('/properties/a~1b/x~0y');
  });

  it('leaves a segment without either character as it is', () => {
    expect(escapeSegment('properties')).toBe('properties');
    expect(escapeSegment('')).toBe('');
    expect(pointerOf([])).toBe('');
  });

  it('reads back what it wrote', () => {
    const segments = ['$defs', 'a/b', '~0', 'c~/d', 'plain'];
    expect(parseRef(`#${pointerOf(segments)}`)).toEqual({ kind: 'pointer', segments });
  });
});
