// Token counts, shares and moves read the same in the app, the CLI and the proxy's line.

import { describe, expect, it } from 'vitest';
import { formatChange, formatInt, formatPercent, formatShareMoved } from '../../src/shared/format-figures';

describe('format-figures', () => {
  it('groups digits and gives a share one decimal, its sign kept', () => {
    expect(formatInt(1234567)).toBe('1,234,567');
    expect(formatPercent(0.4506)).toBe('45.1%');
    expect(formatPercent(-0.02)).toBe('-2.0%');
    expect(formatChange(25148, 24986)).toBe('25,148 → 24,986');
    expect(formatChange('JSON only', 5)).toBe('JSON only → 5');
  });

  it('never reads a share that rounds to nothing as negative', () => {
    expect(formatPercent(-0.0004)).toBe('0.0%');
    expect(formatPercent(0)).toBe('0.0%');
  });

  it('signs a move once: fewer tokens with a minus sign, more with a plus, none for the same', () => {
    expect(formatShareMoved(1082, 887)).toBe('−18.0%');
    // A level that costs more than the listing as it came: one sign, not "−-4.9%".
    expect(formatShareMoved(691, 725)).toBe('+4.9%');
    expect(formatShareMoved(691, 691)).toBe('0.0%');
    expect(formatShareMoved(100000, 100001)).toBe('0.0%');
    expect(formatShareMoved(0, 0)).toBe('0.0%');
  });
});
