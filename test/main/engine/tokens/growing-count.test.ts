// Counting a text while it is written (growing-count.ts): whatever the
// appends, the count equals one pass over the finished text; workers count
// the published chunks while the writer goes on; a writer that moves to a
// bigger buffer, a text that never ends and a cancelled count leave no
// worker waiting.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TokenizerName } from '../../../../src/shared/tokenizers';
import { countTokens } from '../../../../src/main/engine/tokens/count-tokens';
import { ParallelTokenCounter } from '../../../../src/main/engine/tokens/parallel-counter';
import { TOKENIZER_NAMES, bigConcatenation, mixedText, realTexts } from './token-fixtures';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A writer like the transform's: UTF-8 appended to shared memory, moving to a buffer twice as big when full. */
class SharedWriter {
  buffer: Uint8Array<SharedArrayBuffer>;
  length = 0;

  constructor(capacity: number) {
    this.buffer = new Uint8Array(new SharedArrayBuffer(Math.max(1, capacity)));
  }

  append(bytes: Uint8Array): void {
    if (this.length + bytes.length > this.buffer.length) {
      const grown = new Uint8Array(new SharedArrayBuffer(Math.max(this.buffer.length * 2, this.length + bytes.length)));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  written(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}

/** Writes `text` in the given pieces (UTF-8 byte lengths), telling `grew` after each, and returns the count. */
async function countWhileWriting(
  counter: ParallelTokenCounter,
  text: string,
  tokenizer: TokenizerName,
  pieces: readonly number[],
  capacity: number,
  help = true,
): Promise<number> {
  const bytes = encoder.encode(text);
  const writer = new SharedWriter(capacity);
  const growing = counter.beginGrowing(tokenizer);
  let at = 0;
  for (const piece of pieces) {
    if (at >= bytes.length) break;
    writer.append(bytes.subarray(at, Math.min(bytes.length, at + piece)));
    at = Math.min(bytes.length, at + piece);
    growing.grew(writer.written());
  }
  writer.append(bytes.subarray(at));
  return growing.end(writer.written()).finish({ help });
}

/** Cuts a length into pieces of about `size`. */
function evenPieces(length: number, size: number): number[] {
  return Array.from({ length: Math.ceil(length / size) }, () => size);
}

describe.each([1, 2])('a count of a growing text with %i worker(s)', (workers) => {
  // Small chunks, so even short texts are published in several chunks.
  const fine = new ParallelTokenCounter({ workers, minParallelChars: 0, chunkChars: 64 });
  const standard = new ParallelTokenCounter({ workers });
  beforeAll(() => Promise.all([fine.warmUp(TOKENIZER_NAMES), standard.warmUp(TOKENIZER_NAMES)]));
  afterAll(() => Promise.all([fine.close(), standard.close()]));

  it.each(TOKENIZER_NAMES)('equals the single-pass count of every real catalog, written tool-sized piece by piece (%s)', async (tokenizer) => {
    for (const { name, text } of realTexts()) {
      const single = countTokens(text, tokenizer);
      const length = encoder.encode(text).length;
      expect(await countWhileWriting(fine, text, tokenizer, evenPieces(length, 700), length + 64), name).toBe(single);
      expect(await countWhileWriting(fine, text, tokenizer, evenPieces(length, 700), length + 64, false), `${name}, workers only`).toBe(single);
    }
  });

  it.each(TOKENIZER_NAMES)('equals the single-pass count of random text in random pieces, in a buffer that may be outgrown (%s)', async (tokenizer) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(mixedText, { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 200 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 2000 }),
        async (parts, pieces, capacity) => {
          const text = parts.join('');
          // Counted as its UTF-8 decodes: a lone surrogate is U+FFFD, as in any byte count.
          expect(await countWhileWriting(fine, text, tokenizer, pieces, capacity)).toBe(countTokens(decoder.decode(encoder.encode(text)), tokenizer));
        },
      ),
      { numRuns: 80 },
    );
  });

  it('lets the workers count the published chunks while the text is still being written', async () => {
    const text = bigConcatenation(3_000_000);
    const bytes = encoder.encode(text);
    const writer = new SharedWriter(bytes.length + 64);
    let chunkCounted!: () => void;
    const firstChunk = new Promise<void>((resolve) => (chunkCounted = resolve));
    const growing = standard.beginGrowing('o200k_base', { onProgress: () => chunkCounted() });
    const half = bytes.length >> 1;
    writer.append(bytes.subarray(0, half));
    growing.grew(writer.written());
    // The writer is busy elsewhere; the workers are not idle meanwhile: a published chunk is counted before the rest is written.
    await firstChunk;
    writer.append(bytes.subarray(half));
    const job = growing.end(writer.written());
    expect(job.chunkCount).toBeGreaterThan(10);
    expect(await job.finish({ help: false })).toBe(countTokens(text, 'o200k_base'));
    expect(job.countedByCaller).toBe(0);
  });

  it('counts a text that moved to a bigger buffer: the chunks published from the first one and the rest', async () => {
    const text = bigConcatenation(1_200_000);
    const length = encoder.encode(text).length;
    // A buffer of a third of the text: outgrown twice.
    expect(await countWhileWriting(standard, text, 'o200k_base', evenPieces(length, 4096), length / 3)).toBe(countTokens(text, 'o200k_base'));
  });

  it('counts a finished text that is not the one written (nothing published is trusted)', async () => {
    const text = bigConcatenation(600_000);
    const other = text.replaceAll('"name', '"Name');
    const writer = new SharedWriter(text.length + 64);
    const growing = standard.beginGrowing('o200k_base');
    writer.append(encoder.encode(text));
    growing.grew(writer.written());
    const otherBytes = encoder.encode(other);
    const elsewhere = new Uint8Array(new SharedArrayBuffer(otherBytes.length));
    elsewhere.set(otherBytes);
    expect(await growing.end(elsewhere).finish()).toBe(countTokens(other, 'o200k_base'));
  });

  it('leaves no worker waiting when the text is never finished, or the count is aborted', async () => {
    const text = bigConcatenation(1_000_000);
    const writer = new SharedWriter(text.length * 2);
    const abandoned = standard.beginGrowing('o200k_base');
    writer.append(encoder.encode(text.slice(0, 500_000)));
    abandoned.grew(writer.written());
    abandoned.cancel();

    const controller = new AbortController();
    const aborted = standard.beginGrowing('o200k_base', { signal: controller.signal });
    aborted.grew(writer.written());
    controller.abort();
    writer.append(encoder.encode(text.slice(500_000)));
    await expect(aborted.end(writer.written()).finish()).rejects.toMatchObject({ code: 'cave_cancelled' });

    // The workers went on to the next job: a count that needs them finishes.
    const next = standard.begin(text, 'cl100k_base');
    expect(await next.finish({ help: false })).toBe(countTokens(text, 'cl100k_base'));
  });
});

describe('a growing text that is never ended', () => {
  it('is left to the calling thread after a while, so a job queued behind it still gets the worker', async () => {
    const counter = new ParallelTokenCounter({ workers: 1, minParallelChars: 0, chunkChars: 64 });
    try {
      const text = realTexts()[0]!.text;
      const writer = new SharedWriter(text.length * 3);
      const forgotten = counter.beginGrowing('o200k_base');
      writer.append(encoder.encode(text.slice(0, text.length >> 1)));
      forgotten.grew(writer.written());
      const queued = bigConcatenation(300_000);
      expect(await counter.begin(queued, 'o200k_base').finish({ help: false })).toBe(countTokens(queued, 'o200k_base'));
    } finally {
      await counter.close();
    }
  });
});

describe('a count of a growing text without workers', () => {
  it('counts the finished text on the calling thread', async () => {
    const counter = new ParallelTokenCounter({ workers: 0 });
    const text = realTexts()[0]!.text;
    const length = encoder.encode(text).length;
    expect(await countWhileWriting(counter, text, 'o200k_base', evenPieces(length, 500), length)).toBe(countTokens(text, 'o200k_base'));
    await counter.close();
  });
});
