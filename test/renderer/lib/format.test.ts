// Numbers, sizes and times as the app shows them.

import { describe, expect, it } from 'vitest';
import { formatBytes, formatInt, formatPercent, formatTimestamp } from '../../../src/renderer/src/lib/format';
import { MAX_INPUT_BYTES } from '../../../src/shared/errors';

describe('format', () => {
  it('formats counts, shares and sizes', () => {
    expect(formatInt(1234567)).toBe('1,234,567');
    expect(formatPercent(0.4506)).toBe('45.1%');
    expect(formatPercent(-0.02)).toBe('-2.0%');
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(209344)).toBe('204.4 KiB');
    expect(formatBytes(MAX_INPUT_BYTES)).toBe('32.0 MiB');
    expect(formatTimestamp('not a date')).toBe('not a date');
    expect(formatTimestamp('2026-11-29T22:54:37Z')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} (UTC|GMT[+-]\d{1,2}(:\d{2})?|[A-Z]{2,5})$/);
  });
});
