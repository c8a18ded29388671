// Issue 11, defect 2: one long run (spaces, newlines, letters, `[`, CJK,
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
import { get_encoding } from 'tiktoken';
import { tiktokenCount } from './tiktoken-oracle';
import { generateCatalog } from '../../../../scripts/bench/generate-catalog.mjs';

const MiB = 1 << 20;
/** One character of each class the pre-split patterns treat differently. */
const RUN_CHARACTERS = [' ', '\n', 'a', '[', '中', '\u00a0'] as const;

/** P: the length in characters of the longest token tiktoken uses in a run of `char`. */
function period(char: string): number {
  const encoding = get_encoding('o200k_base');
  try {
    const tokens = encoding.encode(char.repeat(3000), [], []);
    return Math.max(...[...tokens].map((token) => new TextDecoder().decode(encoding.decode(new Uint32Array([token]))).length));
  } finally {
    encoding.free();
  }
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

describe('long runs (issue 11, defect 2)', () => {
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
          fc.array(fc.oneof(fc.constantFrom('word ', '"key": ', '123,'), fc.integer({ min: 1000, max: 3000 }).map((n) => ' '.repeat(n)), fc.integer({ min: 1000, max: 3000 }).map((n) => 'x'.repeat(n))), { maxLength: 12 }),
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

/** CPU milliseconds of the process while `run` runs. */
function cpuMs(run: () => unknown): number {
  const started = process.cpuUsage();
  run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

describe('the cost of long runs is bounded (issue 22, item 7)', () => {
  // A hostile listing of runs used to cost ~0.85 s/MiB (the heap merge), 14× the CPU time of as much
  // catalog text on this machine; counted by backtracking it is about 2×. CPU time, best of three
  // interleaved rounds, so a busy machine slows both sides alike. Timings of each kind and size:
  // node scripts/bench/counters.mjs --texts runs.
  it('2 MiB each of one letter, random letters, "[" and one CJK character cost at most 5× the CPU time of 8 MiB of catalog', { timeout: 600_000 }, () => {
    const each = 2 * MiB;
    const runs = ['a'.repeat(each), randomLetters(each), '['.repeat(each), '中'.repeat(Math.floor(each / 3))];
    const catalog = generateCatalog(4 * each).slice(0, 4 * each);
    const hostile = (): number => runs.reduce((sum, run) => sum + countTokens(run, 'o200k_base'), 0);
    // First counts: the code compiles, and the first long pieces build what counting them needs.
    const tokens = hostile();
    countTokens(catalog, 'o200k_base');
    let runsMs = Infinity;
    let catalogMs = Infinity;
    for (let round = 0; round < 3; round++) {
      runsMs = Math.min(runsMs, cpuMs(() => expect(hostile()).toBe(tokens)));
      catalogMs = Math.min(catalogMs, cpuMs(() => countTokens(catalog, 'o200k_base')));
    }
    console.log(`8 MiB of long runs: ${runsMs.toFixed(0)} ms CPU; 8 MiB of catalog: ${catalogMs.toFixed(0)} ms CPU (${(runsMs / catalogMs).toFixed(1)}×)`);
    expect(runsMs / catalogMs).toBeLessThan(5);
  });
});
