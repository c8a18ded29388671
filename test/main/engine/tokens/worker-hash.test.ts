// The shrink takes its handle's SHA-256 on a count worker while it
// transforms (ParallelTokenCounter.sha256). The handle must be the one
// recoveryHandleFor gives, for any bytes and any view over shared memory.

import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { ParallelTokenCounter, sharedBytes } from '../../../../src/main/engine/tokens/parallel-counter';
import { recoveryHandleFor, recoveryHandleOfDigest } from '../../../../src/main/store/handle';

const MiB = 1 << 20;

describe('a handle taken on a worker', () => {
  const counter = new ParallelTokenCounter({ workers: 1, minParallelChars: 0 });
  afterAll(() => counter.close());

  it('equals recoveryHandleFor for empty, small and multi-MiB bytes, and for a view inside shared memory', async () => {
    const inputs = [new Uint8Array(), new TextEncoder().encode('abc'), new TextEncoder().encode('{"tools":[]}'), randomBytes(5 * MiB + 7)];
    const backing = sharedBytes(randomBytes(MiB));
    for (const bytes of [...inputs.map((input) => sharedBytes(input)), backing.subarray(3, MiB - 5)]) {
      const hex = await counter.sha256(bytes);
      expect(hex).toMatch(/^[0-9a-f]{64}$/);
      expect(recoveryHandleOfDigest(hex!), `${bytes.byteLength} bytes`).toBe(recoveryHandleFor(bytes));
    }
  });

  it('is not asked of a counter without workers, nor for bytes too few to count in parallel (no worker starts for them)', () => {
    expect(new ParallelTokenCounter({ workers: 0 }).sha256(sharedBytes(randomBytes(MiB)))).toBeUndefined();
    expect(new ParallelTokenCounter({ workers: 1 }).sha256(sharedBytes(randomBytes(1000)))).toBeUndefined();
  });

  it('answers undefined when the counter closes first, and the counter hashes again afterwards', async () => {
    const closing = new ParallelTokenCounter({ workers: 1, minParallelChars: 0 });
    const bytes = sharedBytes(randomBytes(8 * MiB));
    const pending = closing.sha256(bytes);
    await closing.close();
    expect(await pending).toBeUndefined();
    expect(recoveryHandleOfDigest((await closing.sha256(bytes))!)).toBe(recoveryHandleFor(bytes));
    await closing.close();
  });
});
