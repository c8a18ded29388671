// The library shrink counts the output while the transform writes it
// (growing-count.ts). Its counts must equal one pass over the input and the
// output; a shrink cancelled, failing or refused by the store mid-way must
// store nothing and leave the workers free for the next one.

import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { RecoveryStore, recover, recoveryHandleFor, shrink } from '../../../src/main/lib';
import { countTokens } from '../../../src/main/engine/tokens/count-tokens';
import { ParallelTokenCounter } from '../../../src/main/engine/tokens/parallel-counter';
import { shrinkScratch } from '../../../src/main/engine/memory/shared-scratch';
import { generateCatalog } from '../../../scripts/bench/generate-catalog.mjs';

const MiB = 1 << 20;
const catalog = generateCatalog(2 * MiB);
const decode = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('shrink counting while the transform writes', () => {
  const counters = [
    new ParallelTokenCounter({ workers: 1 }),
    new ParallelTokenCounter({ workers: 2, chunkChars: 4096 }),
    new ParallelTokenCounter({ workers: 0 }),
  ];
  afterAll(() => Promise.all(counters.map((counter) => counter.close())));

  it('gives the single-pass counts of input and output, and the same output, with or without workers', async () => {
    const outputs = new Set<string>();
    for (const counter of counters) {
      const { result, error } = await shrink(catalog, { store: ':memory:', counter });
      expect(error).toBeUndefined();
      expect(result.tokens_before).toBe(countTokens(catalog, 'o200k_base'));
      expect(result.tokens_after).toBe(countTokens(decode(result.output), 'o200k_base'));
      outputs.add(decode(result.output));
    }
    expect(outputs.size).toBe(1);
  });

  it('cancelled while transforming: rejects with cave_cancelled, stores nothing, and the next shrink runs', async () => {
    const counter = counters[0]!;
    const store = RecoveryStore.open(':memory:');
    try {
      const controller = new AbortController();
      const onProgress = ({ stage, fraction }: { stage: string; fraction: number }) => {
        // The transform is 0…0.1 of the whole shrink: this is about half-way through it.
        if (stage === 'transforming' && fraction > 0.05) controller.abort();
      };
      await expect(shrink(catalog, { store, counter, signal: controller.signal, onProgress })).rejects.toMatchObject({ code: 'cave_cancelled' });
      expect(store.history().total).toBe(0);
      const { result } = await shrink(catalog, { store, counter });
      expect(result.recovery_handle).toMatch(/^ccr_/);
      expect(store.history().total).toBe(1);
    } finally {
      store.close();
    }
  });

  it('a cancel that arrives as a message while this thread is busy is read before the original is committed', async () => {
    // As in the app's job worker: the cancel is a message, handled only when this thread next turns its event loop.
    const small = generateCatalog(64 * 1024);
    const store = RecoveryStore.open(':memory:');
    try {
      const controller = new AbortController();
      const { port1, port2 } = new MessageChannel();
      port1.on('message', () => controller.abort());
      port2.postMessage('cancel');
      await expect(shrink(small, { store, counter: counters[2]!, signal: controller.signal })).rejects.toMatchObject({
        code: 'cave_cancelled',
        message: 'cancelled — nothing was stored',
      });
      expect(store.history().total).toBe(0);
      port1.close();
    } finally {
      store.close();
    }
  });

  it('a failure in the middle of the transform reaches the caller and leaves the workers free', async () => {
    const counter = counters[0]!;
    const failing = ({ stage, fraction }: { stage: string; fraction: number }) => {
      if (stage === 'transforming' && fraction > 0.05) throw new Error('listener failed');
    };
    await expect(shrink(catalog, { store: ':memory:', counter, onProgress: failing })).rejects.toThrow('listener failed');
    const text = catalog.slice(0, 600_000);
    expect(await counter.begin(text, 'o200k_base').finish({ help: false })).toBe(countTokens(text, 'o200k_base'));
  });

  it('stores the input as it was when the shrink began, under its handle, whatever the caller does to its bytes meanwhile', async () => {
    const input = Buffer.from(catalog);
    const asGiven = Buffer.from(input);
    const store = RecoveryStore.open(':memory:');
    try {
      const shrinking = shrink(input, { store, counter: counters[0]! });
      input.fill(0x20, 0, 4096);
      const { result } = await shrinking;
      expect(result.recovery_handle).toBe(recoveryHandleFor(asGiven));
      expect(Buffer.from(recover(result.recovery_handle!, { store })).equals(asGiven)).toBe(true);
    } finally {
      store.close();
    }
  });

  it('a store that cannot take the original: pass-through with the error, nothing stored', async () => {
    const counter = counters[1]!;
    const full = RecoveryStore.open(':memory:', { maxBytes: 1000 });
    try {
      const { result, error } = await shrink(catalog, { store: full, counter });
      expect(error?.code).toBe('cave_store_full');
      expect(result).toMatchObject({ ratio: 0, pass_through: { reason: 'store_error' } });
      expect(result).not.toHaveProperty('recovery_handle');
      expect(decode(result.output)).toBe(catalog);
      expect(full.history().total).toBe(0);
      expect(full.retainedBytes()).toBe(0);
    } finally {
      full.close();
    }
  });

  it('reuses its buffers from one shrink to the next, never under bytes already handed out or the caller’s', async () => {
    const counter = counters[0]!;
    const other = generateCatalog(2.5 * MiB);
    shrinkScratch.clear();
    const first = await shrink(catalog, { store: ':memory:', counter });
    // The input's copy and the output's buffer are kept for the next shrink.
    expect(shrinkScratch.keptBytes).toBeGreaterThanOrEqual(2 * Buffer.byteLength(catalog));
    const firstOutput = decode(first.result.output);
    const shared = await shrink(catalog, { store: ':memory:', counter, sharedOutput: true });
    const sharedOutput = decode(shared.result.output);
    expect(sharedOutput).toBe(firstOutput);
    // The caller's own shared bytes are never taken for scratch.
    const callerBytes = new Uint8Array(new SharedArrayBuffer(Buffer.byteLength(other)));
    callerBytes.set(Buffer.from(other));
    const second = await shrink(callerBytes, { store: ':memory:', counter });
    const third = await shrink(catalog, { store: ':memory:', counter });
    expect(decode(first.result.output)).toBe(firstOutput);
    expect(decode(shared.result.output)).toBe(sharedOutput);
    expect(decode(callerBytes)).toBe(other);
    expect(second.result.tokens_after).toBe(countTokens(decode(second.result.output), 'o200k_base'));
    expect(decode(third.result.output)).toBe(firstOutput);
    expect(third.result.tokens_after).toBe(first.result.tokens_after);
  });
});
