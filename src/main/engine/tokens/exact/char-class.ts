// The character classes tiktoken's pre-split patterns distinguish, per code
// point. ASCII is a fixed table (the fast path: most of a catalog); any other
// code point is classified once with the runtime's own Unicode property
// escapes and remembered, so a 30 MiB run of one CJK character costs one
// regex test, not thirty million.
//
// Whitespace is the Unicode White_Space property, which is what `\s` means
// in Rust's regex crate (and so in tiktoken) — not JavaScript's `\s`, which
// adds U+FEFF and leaves out U+0085.

export const OTHER = 0; // none of the below: punctuation, symbols, controls, unassigned
export const UPPER = 1; // \p{Lu} \p{Lt}
export const LOWER = 2; // \p{Ll}
export const LETTER_OTHER = 3; // \p{Lm} \p{Lo}: both "upper" and "lower" in o200k_base
export const MARK = 4; // \p{M}: a letter part in o200k_base, punctuation in cl100k_base
export const NUMBER = 5; // \p{N}
export const SPACE = 6; // White_Space other than \r and \n
export const NEWLINE = 7; // \r \n

export type CharClass = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Unicode White_Space (PropList.txt), the same set since Unicode 6.3. */
export function isUnicodeWhiteSpace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

const IS_UPPER = /^[\p{Lu}\p{Lt}]$/u;
const IS_LOWER = /^\p{Ll}$/u;
const IS_LETTER_OTHER = /^[\p{Lm}\p{Lo}]$/u;
const IS_MARK = /^\p{M}$/u;
const IS_NUMBER = /^\p{N}$/u;

function classify(code: number): CharClass {
  if (code === 0x0a || code === 0x0d) return NEWLINE;
  if (isUnicodeWhiteSpace(code)) return SPACE;
  // A lone surrogate becomes U+FFFD (a symbol) on its way to UTF-8.
  if (code >= 0xd800 && code <= 0xdfff) return OTHER;
  const char = String.fromCodePoint(code);
  if (IS_UPPER.test(char)) return UPPER;
  if (IS_LOWER.test(char)) return LOWER;
  if (IS_LETTER_OTHER.test(char)) return LETTER_OTHER;
  if (IS_MARK.test(char)) return MARK;
  if (IS_NUMBER.test(char)) return NUMBER;
  return OTHER;
}

/** The class of an ASCII code, without the property regexes (compiling them would slow every cold start). */
function asciiClass(code: number): CharClass {
  if (code === 0x0a || code === 0x0d) return NEWLINE;
  if (isUnicodeWhiteSpace(code)) return SPACE;
  if (code >= 0x41 && code <= 0x5a) return UPPER;
  if (code >= 0x61 && code <= 0x7a) return LOWER;
  if (code >= 0x30 && code <= 0x39) return NUMBER;
  return OTHER;
}

/** The class of each ASCII code (read directly by the ASCII fast path, ascii-split.ts). */
export const ASCII_CLASS = new Uint8Array(128);
for (let code = 0; code < 128; code++) ASCII_CLASS[code] = asciiClass(code);

// Classes of non-ASCII code points seen so far, stored as class + 1 (0: not yet).
let seen: Uint8Array | undefined;

/** The class of a code point (a lone surrogate counts as U+FFFD). */
export function classOf(code: number): CharClass {
  if (code < 128) return (ASCII_CLASS[code] ?? OTHER) as CharClass;
  seen ??= new Uint8Array(0x110000);
  const known = seen[code] ?? 0;
  if (known !== 0) return (known - 1) as CharClass;
  const found = classify(code);
  seen[code] = found + 1;
  return found;
}
