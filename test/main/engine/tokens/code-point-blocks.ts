// The texts the code-point test counts: every code point (or every `step`th)
// in a catalog-like context, in blocks of 4096, and tiktoken's count of each
// block as recorded in test/fixtures/tokens/code-point-blocks.tiktoken.json. Counting every block
// with tiktoken's WASM took about 60% of that test; its answers for these
// fixed texts never change while tiktoken is pinned, so they are recorded
// once (write-code-point-blocks.ts) and the test re-counts a sample live to
// show the record is still tiktoken's (unicode-code-points.test.ts). A wrong
// record cannot hide a miscount: a block that counts differently from it is
// checked code point by code point against tiktoken itself.

import { readFileSync } from 'node:fs';
import type { TokenizerName } from '../../../../src/shared/tokenizers';

export const BLOCK = 4096;
export const CONTEXTS: readonly ((char: string) => string)[] = [(char) => `A${char}'s ,`, (char) => ` ${char}a,`, (char) => `"${char}${char}\n1",`];
/** What the test counts: the first context at every code point, the other two at every 7th. */
export const PASSES: readonly { context: number; step: number }[] = [
  { context: 0, step: 1 },
  { context: 1, step: 7 },
  { context: 2, step: 7 },
];

export interface CodePointBlock {
  codes: number[];
  text: string;
}

export function* codePointBlocks(context: (char: string) => string, step: number): Generator<CodePointBlock> {
  for (let base = 0; base < 0x110000; base += BLOCK * step) {
    const codes: number[] = [];
    for (let code = base; code < Math.min(base + BLOCK * step, 0x110000); code += step) codes.push(code);
    yield { codes, text: codes.map((code) => context(String.fromCodePoint(code))).join('') };
  }
}

/** The key a pass's counts are recorded under: the tokenizer, the context as it frames "X", and the step. */
export function passKey(tokenizer: TokenizerName, context: (char: string) => string, step: number): string {
  return `${tokenizer} ${JSON.stringify(context('X'))} step ${step}`;
}

export const RECORD_URL = new URL('../../../fixtures/tokens/code-point-blocks.tiktoken.json', import.meta.url);

export interface BlockRecord {
  /** The tiktoken version that counted them (package.json pins it). */
  tiktoken: string;
  counts: Record<string, number[]>;
}

export const installedTiktoken = (): string =>
  (JSON.parse(readFileSync(new URL('../../../../node_modules/tiktoken/package.json', import.meta.url), 'utf8')) as { version: string }).version;

export const readBlockRecord = (): BlockRecord => JSON.parse(readFileSync(RECORD_URL, 'utf8')) as BlockRecord;
