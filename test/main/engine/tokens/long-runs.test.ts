// defect 2: one long run (spaces, newlines, letters, `[`, CJK,
// no-break spaces) used to overflow the stack in the long-run regex of the
// old counter at about 6 MiB. Runs are now counted exactly, without a regex
// over the run. tiktoken itself cannot count them (its merging is quadratic:
// 100,000 × "a" takes 33 s, 1 MiB aborts), so long runs are checked against a
// closed form that tiktoken confirms on short runs: a run of one character
// is a repeat of its longest run token, so n characters cost
// count(r) + (n − r) / P, where P is that token's length in characters and r
// a short run of the same length modulo P.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countTokens } from '../../../../src/main/engine/tokens/count-tokens';
import { ParallelTokenCounter } from '../../../../src/main/engine/tokens/parallel-counter';
import { tiktokenCount, tiktokenEncoding } from './tiktoken-oracle';
import { BacktrackTables } from '../../../../src/main/engine/tokens/exact/backtrack-tables';
import { heapMergeCount, longPieceCounter } from '../../../../src/main/engine/tokens/exact/byte-pair-count';
import { ExactCounter, loadRankTable } from '../../../../src/main/engine/tokens/exact/exact-counter';

const MiB = 1 << 20;
/** One character of each class the pre-split patterns treat differently. */
const RUN_CHARACTERS = [' ', '\n', 'a', '[', '中', '\u00a0'] as const;

const periods = new Map<string, number>();

/** P: the length in characters of the longest token tiktoken uses in a run of `char` (worked out once per character). */
function period(char: string): number {
  const known = periods.get(char);
  if (known !== undefined) return known;
  const encoding = tiktokenEncoding('o200k_base');
  const tokens = encoding.encode(char.repeat(3000), [], []);
  const p = Math.max(...[...tokens].map((token) => new TextDecoder().decode(encoding.decode(new Uint32Array([token]))).length));
  periods.set(char, p);
  return p;
}

/** The closed form above, with tiktoken counting the short run (the period checked on it first). */
function expectedRunCount(char: string, length: number): number {
  if (length <= 3000) return tiktokenCount(char.repeat(length), 'o200k_base');
  const p = period(char);
  const short = 2000 - (2000 % p) + (length % p);
  const base = tiktokenCount(char.repeat(short), 'o200k_base');
  expect(tiktokenCount(char.repeat(short + p), 'o200k_base'), `period of ${JSON.stringify(char)}`).toBe(base + 1);
  return base + (length - short) / p;
}

describe('long runs (defect 2)', () => {
  it('8 MiB of spaces after a catalog — the issue’s repro — is counted, and exactly', { timeout: 120_000 }, () => {
    const text = `{"tools":[{"name":"a","inputSchema":{"title":"drop","type":"object"}}]}${' '.repeat(8 * MiB)}`;
    const head = text.slice(0, text.length - 8 * MiB);
    expect(countTokens(text, 'o200k_base')).toBe(tiktokenCount(head, 'o200k_base') - 1 + expectedRunCount(' ', 8 * MiB + 1));
  });

  it.each(RUN_CHARACTERS)('1 MiB of %j is counted without throwing, equal to the closed form', { timeout: 300_000 }, (char) => {
    const length = Math.floor(MiB / Buffer.byteLength(char));
    expect(countTokens(char.repeat(length), 'o200k_base')).toBe(expectedRunCount(char, length));
  });

  it('30 MiB of "[" — about the longest run a 32 MiB input can hold — likewise', { timeout: 600_000 }, () => {
    expect(countTokens('['.repeat(30 * MiB), 'o200k_base')).toBe(expectedRunCount('[', 30 * MiB));
  });

  it('a text whose long runs sit between safe boundaries counts the same in parallel as in one pass (property)', async () => {
    const counter = new ParallelTokenCounter({ workers: 1, minParallelChars: 0, chunkChars: 300 });
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.oneof(
              fc.constantFrom('word ', '"key": ', '123,'),
              fc.integer({ min: 1000, max: 3000 }).map((n) => ' '.repeat(n)),
              fc.integer({ min: 1000, max: 3000 }).map((n) => 'x'.repeat(n)),
            ),
            { maxLength: 12 },
          ),
          async (parts) => {
            const text = parts.join('');
            expect(await counter.count(text, 'o200k_base')).toBe(countTokens(text, 'o200k_base'));
          },
        ),
        { numRuns: 40, seed: 11 },
      );
    } finally {
      await counter.close();
    }
  });
});

/** `length` lower-case letters from a fixed pseudo-random sequence. */
function randomLetters(length: number): string {
  const bytes = Buffer.alloc(length);
  let state = 22;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = 97 + ((state >>> 16) % 26);
  }
  return bytes.toString('latin1');
}

describe('long runs of many tokens, counted by backtracking', () => {
  // A run with no closed form (random letters, mixed CJK) is held to the heap
  // merge, which merges as tiktoken does in O(n log n). Each run passes the
  // bytes after which long pieces are counted by backtracking, so it is.
  // How the cost grows (1, 8, 32 MiB; against catalog text): a ratio, so in
  // the bench, never here — node scripts/bench/counters.mjs --texts runs.
  const cjk = (length: number): string => Array.from(randomLetters(length), (letter) => '中文日本語한국어アイウ'[letter.charCodeAt(0) % 13]).join('');
  it.each([
    ['random letters', randomLetters(MiB)],
    ['random CJK', cjk(MiB / 3)],
  ])('1 MiB of %s counts as the heap merge counts it', { timeout: 300_000 }, (_, run) => {
    const ranks = loadRankTable('o200k_base');
    const counter = new ExactCounter('o200k_base', ranks);
    const tokens = counter.count(run);
    expect(longPieceCounter(ranks)).toBeInstanceOf(BacktrackTables);
    expect(tokens).toBe(heapMergeCount(Buffer.from(run, 'utf8').toString('latin1'), ranks));
  });
});
