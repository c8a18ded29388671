// Shared inputs for the token tests: the real catalogs, their compact forms,
// large concatenations of them, random mixed-script text, and the reference
// "count in chunks" that must equal the single-pass count.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { TokenizerName } from '../../../../src/shared/tokenizers';
import { countTokens } from '../../../../src/main/engine/tokens/count-tokens';
import { splitAtSafeBoundaries } from '../../../../src/main/engine/tokens/safe-split';

import { REAL_DIR as REAL_FIXTURES_DIR } from '../../../helpers/fixtures';

export { REAL_FIXTURES_DIR };

export interface NamedText {
  name: string;
  text: string;
}

/** Every real catalog, as stored and in compact JSON.stringify(JSON.parse(x)) form. */
export function realTexts(): NamedText[] {
  const files = readdirSync(REAL_FIXTURES_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort();
  if (files.length === 0) throw new Error(`no fixtures in ${REAL_FIXTURES_DIR}`);
  return files.flatMap((file) => {
    const text = readFileSync(join(REAL_FIXTURES_DIR, file), 'utf8');
    return [
      { name: file, text },
      { name: `${file} (compact)`, text: JSON.stringify(JSON.parse(text)) },
    ];
  });
}

/**
 * At least `minChars` of JSON-like text: the fixtures (pretty and compact)
 * repeated with a changing tool-name prefix so repeats are not identical.
 */
export function bigConcatenation(minChars: number): string {
  const texts = realTexts().map((entry) => entry.text);
  const parts: string[] = [];
  let length = 0;
  for (let round = 0; length < minChars; round++) {
    for (const text of texts) {
      const varied = text.replaceAll('"name":', `"name${round}":`);
      parts.push(varied);
      length += varied.length;
    }
  }
  return parts.join('\n');
}

/** The reference chunked count: cut at safe boundaries, count each chunk, add up. */
export function countInChunks(text: string, tokenizer: TokenizerName, targetChunkChars: number): number {
  let total = 0;
  let start = 0;
  for (const end of splitAtSafeBoundaries(text, targetChunkChars)) {
    total += countTokens(text.slice(start, end), tokenizer);
    start = end;
  }
  return total;
}

/** Fragments that stress the pre-split regexes: scripts, marks, emoji, contractions, whitespace, specials. */
const fragment = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
  fc.string({ unit: 'binary-ascii', maxLength: 4 }),
  fc.stringMatching(/^[A-Za-z]{1,10}$/),
  fc.stringMatching(/^[0-9]{1,8}$/),
  fc.constantFrom("'", "'s", "'S", "'ll", "'RE", "'ve", "n't", "''", "a'b", "it's"),
  fc.constantFrom(' ', '  ', '\t', '   \t ', '\n', '\r\n', '\r', '\n\n\n', ' \n ', '\u00a0', '\u3000', '\u2028'),
  fc.constantFrom('😀', '👍🏽', '👨‍👩‍👧', '🇫🇷', '𝔘𝔫𝔦', '\ud83d', '\ude00'),
  fc.constantFrom('e\u0301', '\u0301', '\u0308a', 'ñ', 'Ä', 'ǅ', 'ß', 'ﬁ', 'Ⅻ', '½', '٣', 'iß', 'café', 'Zürich', 'x\u0301y'),
  fc.constantFrom('漢字', '日本語のテキスト', '한국어', 'Привет', 'مرحبا', 'ΑΒΓ'),
  fc.constantFrom('<|endoftext|>', '<|im_start|>', '<|im_end|>', '<|fim_prefix|>', '<|endofprompt|>'),
  fc.constantFrom('{', '}', '":"', '",', '[', ']', ':', ',', '"', '\\n', '/', '//', '_', '-', '.', '\\u00e9'),
  fc.string({ unit: 'binary', maxLength: 6 }),
);

/** Random strings mixing everything above. */
export const mixedText = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(''));

export const TOKENIZER_NAMES: readonly TokenizerName[] = ['o200k_base', 'cl100k_base'];
