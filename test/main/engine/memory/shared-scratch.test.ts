import { afterEach, describe, expect, it, vi } from 'vitest';
import { SharedScratch } from '../../../../src/main/engine/memory/shared-scratch';

describe('SharedScratch', () => {
  afterEach(() => vi.useRealTimers());

  it('hands out the smallest kept buffer that is big enough, once, else a new one', () => {
    const scratch = new SharedScratch();
    const small = new SharedArrayBuffer(100);
    const large = new SharedArrayBuffer(1000);
    scratch.give(large);
    scratch.give(small);
    expect(scratch.take(50)).toBe(small);
    expect(scratch.take(50)).toBe(large);
    const fresh = scratch.take(50);
    expect(fresh).not.toBe(small);
    expect(fresh.byteLength).toBe(50);
    expect(scratch.take(2000).byteLength).toBe(2000);
    scratch.clear();
  });

  it('keeps at most two buffers, the largest', () => {
    const scratch = new SharedScratch();
    const sizes = [10, 300, 20, 200];
    for (const size of sizes) scratch.give(new SharedArrayBuffer(size));
    expect(scratch.keptBytes).toBe(500);
    scratch.clear();
    expect(scratch.keptBytes).toBe(0);
  });

  it('lets its buffers go after a while unused', () => {
    vi.useFakeTimers();
    const scratch = new SharedScratch();
    scratch.give(new SharedArrayBuffer(64));
    vi.advanceTimersByTime(10_000);
    scratch.give(new SharedArrayBuffer(32));
    vi.advanceTimersByTime(10_000);
    expect(scratch.keptBytes).toBe(96);
    vi.advanceTimersByTime(5_001);
    expect(scratch.keptBytes).toBe(0);
  });
});
