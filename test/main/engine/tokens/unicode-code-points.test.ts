// Every Unicode code point in catalog-like contexts, against tiktoken.
//
// Where the runtime's Unicode version decides a count: the pre-split classes
// (letter, mark, number) come from the JavaScript runtime's Unicode tables —
// Unicode 17 in Node 20.20 — while tiktoken 1.0.22's regex tables are
// Unicode 16. Characters new in Unicode 17 are letters, marks or numbers to
// us and unassigned (punctuation-like) to tiktoken, so texts holding them
// may count differently. Those code points are listed here; every other
// code point must count exactly as tiktoken counts it. tiktoken's count of
// each block is read from its record (code-point-blocks.ts); the record is
// checked against tiktoken live on a sample, and a block that differs is
// checked code point by code point against tiktoken itself.

import { describe, expect, it } from 'vitest';
import { countTokens } from '../../../../src/main/engine/tokens/count-tokens';
import { CONTEXTS, PASSES, codePointBlocks, installedTiktoken, passKey, readBlockRecord } from './code-point-blocks';
import { TOKENIZER_NAMES } from './token-fixtures';
import { tiktokenCount } from './tiktoken-oracle';
import { NEW_IN_UNICODE_17, isNewInUnicode17 } from './unicode-17';

const record = readBlockRecord();

/** tiktoken's recorded count of each block of a pass (code-point-blocks.ts); a pass it has none for fails here, naming the script that records it. */
function recordedCounts(tokenizer: (typeof TOKENIZER_NAMES)[number], context: (char: string) => string, step: number): number[] {
  const counts = record.counts[passKey(tokenizer, context, step)];
  if (counts === undefined) throw new Error(`no recorded counts for ${passKey(tokenizer, context, step)}: run write-code-point-blocks.ts`);
  return counts;
}

/** Code points from..to (step) whose text in `context` counts differently from tiktoken. */
function mismatches(context: (char: string) => string, tokenizer: (typeof TOKENIZER_NAMES)[number], step: number): number[] {
  const found: number[] = [];
  const expected = recordedCounts(tokenizer, context, step);
  let index = 0;
  for (const { codes, text } of codePointBlocks(context, step)) {
    if (countTokens(text, tokenizer) === expected[index++]) continue;
    // A block that differs: each of its code points alone, against tiktoken itself.
    for (const code of codes) {
      const one = context(String.fromCodePoint(code));
      if (countTokens(one, tokenizer) !== tiktokenCount(one, tokenizer)) found.push(code);
    }
  }
  expect(index, 'one recorded count per block').toBe(expected.length);
  return found;
}

describe("the recorded tiktoken counts are tiktoken's", () => {
  it('recorded by the tiktoken installed, and a sample of every pass counted live again agrees', () => {
    expect(record.tiktoken).toBe(installedTiktoken());
    for (const tokenizer of TOKENIZER_NAMES) {
      for (const { context, step } of PASSES) {
        const expected = recordedCounts(tokenizer, CONTEXTS[context]!, step);
        let index = 0;
        for (const { text } of codePointBlocks(CONTEXTS[context]!, step)) {
          // Every 16th block, a different one for each pass.
          if ((index + context) % 16 === 0)
            expect(tiktokenCount(text, tokenizer), `${passKey(tokenizer, CONTEXTS[context]!, step)} block ${index}`).toBe(expected[index]);
          index++;
        }
      }
    }
  });
});

describe('every code point counts as tiktoken counts it', () => {
  it.each(TOKENIZER_NAMES)('all 1,114,112 code points after a letter and before a contraction (%s)', { timeout: 300_000 }, (tokenizer) => {
    const found = mismatches(CONTEXTS[0]!, tokenizer, 1);
    expect(found.filter((code) => !isNewInUnicode17(code)).map((code) => code.toString(16))).toEqual([]);
    // This runtime knows Unicode 17, so the new letters do make a difference here.
    if (Number.parseFloat(process.versions.unicode ?? '0') >= 17) expect(found.length).toBeGreaterThan(4000);
  });

  it.each(TOKENIZER_NAMES)('every 7th code point in two more contexts (%s)', { timeout: 300_000 }, (tokenizer) => {
    for (const context of CONTEXTS.slice(1)) {
      expect(
        mismatches(context, tokenizer, 7)
          .filter((code) => !isNewInUnicode17(code))
          .map((code) => code.toString(16)),
      ).toEqual([]);
    }
  });

  it('the code points listed as new in Unicode 17 are letters, marks or numbers to this runtime', () => {
    if (Number.parseFloat(process.versions.unicode ?? '0') < 17) return;
    for (const [from, to] of NEW_IN_UNICODE_17) {
      for (let code = from; code <= to; code++) expect(/[\p{L}\p{M}\p{N}]/u.test(String.fromCodePoint(code)), code.toString(16)).toBe(true);
    }
  });
});
