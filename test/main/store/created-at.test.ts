import { describe, expect, it } from 'vitest';
import { normalizeCreatedAt } from '../../../src/main/store/index';

describe('normalizeCreatedAt', () => {
  it.each([
    ['Go RFC3339Nano', '2026-08-08T14:00:00.123456789Z', '2026-08-08T14:00:00.123Z'],
    ['trailing zeros trimmed by Go', '2026-08-08T14:00:00.1Z', '2026-08-08T14:00:00.100Z'],
    ['whole seconds', '2026-08-08T14:00:00Z', '2026-08-08T14:00:00.000Z'],
    ['positive offset', '2026-08-08T16:00:00.5+02:00', '2026-08-08T14:00:00.500Z'],
    ['negative offset', '2026-08-08T09:30:00-04:30', '2026-08-08T14:00:00.000Z'],
    ['Go String() form', '2026-08-08 14:00:00.123456 +0000 UTC', '2026-08-08T14:00:00.123Z'],
    ['already ours', '2026-08-08T14:00:00.123Z', '2026-08-08T14:00:00.123Z'],
  ])('normalises %s', (_label, raw, expected) => {
    expect(normalizeCreatedAt(raw)).toBe(expected);
  });

  it('keeps text that is not a timestamp instead of inventing a date', () => {
    expect(normalizeCreatedAt('yesterday')).toBe('yesterday');
    expect(normalizeCreatedAt('2026-13-01T00:00:00Z')).toBe('2026-13-01T00:00:00Z');
  });
});
