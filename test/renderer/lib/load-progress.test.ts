import { describe, expect, it } from 'vitest';
import { RECEIVING_SHARE, loadFraction, loadStep, loadText } from '../../../src/renderer/src/lib/load-progress';

describe('the loading state of a result’s big answer', () => {
  it('fills one bar as the bytes arrive, then as they are unpacked, and says so in words', () => {
    expect([loadFraction(null), loadText('the diff', null)]).toEqual([0, 'Requesting the diff…']);
    const arriving = { stage: 'receiving', received: 12 * 1024 * 1024, total: 36 * 1024 * 1024 } as const;
    expect(loadFraction(arriving)).toBeCloseTo(RECEIVING_SHARE / 3);
    expect(loadText('the diff', arriving)).toBe('Receiving the diff… 12.0 MiB of 36.0 MiB');
    const unpacking = { stage: 'decoding', fraction: 0.5 } as const;
    expect(loadFraction(unpacking)).toBeCloseTo(RECEIVING_SHARE + (1 - RECEIVING_SHARE) / 2);
    // The words give the whole load's percent, as the bar shows it.
    expect(loadText('the diff', unpacking)).toBe(`Unpacking the diff… ${Math.round((RECEIVING_SHARE + (1 - RECEIVING_SHARE) / 2) * 100)}%`);
    // A size the transport does not announce: no fill, the bytes counted.
    expect(loadFraction({ stage: 'receiving', received: 2048, total: null })).toBeNull();
    expect(loadText('the per-tool report', { stage: 'receiving', received: 2048, total: null })).toBe('Receiving the per-tool report… 2.0 KiB');
  });

  it('re-renders only when the words change, not on every chunk that arrives', () => {
    const step = (received: number) => loadStep({ stage: 'receiving', received, total: 36 * 1024 * 1024 });
    expect(step(12 * 1024 * 1024)).toBe(step(12 * 1024 * 1024 + 1000));
    expect(step(12 * 1024 * 1024)).not.toBe(step(13 * 1024 * 1024));
  });
});
