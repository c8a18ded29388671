// Conservative sentence splitting: a split is only made where a period is
// followed by whitespace and an uppercase letter, and the word before the
// period is not an abbreviation, an initial, or a dotted token (v1.2, Node.js).

export interface SentenceSpan {
  start: number;
  end: number;
}

const ABBREVIATIONS: ReadonlySet<string> = new Set([
  'e.g',
  'i.e',
  'eg',
  'ie',
  'etc',
  'vs',
  'cf',
  'al',
  'approx',
  'incl',
  'esp',
  'resp',
  'no',
  'nr',
  'fig',
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'jr',
  'sr',
  'inc',
  'ltd',
  'co',
  'corp',
  'dept',
  'est',
  'min',
  'max',
  'sec',
  'ca',
]);

const UPPERCASE_START = /^\p{Lu}/u;
const WHITESPACE = /\s/u;
const LEADING_PUNCTUATION = /^[("'“‘[{]+/u;

/** True when the word that ends at a period must not end a sentence. */
export function isAbbreviation(word: string): boolean {
  const bare = word.replace(LEADING_PUNCTUATION, '');
  if (bare.length === 0) return false;
  if (ABBREVIATIONS.has(bare.toLowerCase())) return true;
  if (bare.length === 1 && /\p{L}/u.test(bare)) return true; // an initial: "J. Smith"
  return bare.includes('.'); // a dotted token: "v1.2", "Node.js", "U.S"
}

/** Sentence spans of `text` in order; together with the gaps they cover it. */
export function splitSentences(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let start = 0;
  for (let dot = text.indexOf('.'); dot !== -1; dot = text.indexOf('.', dot + 1)) {
    if (!WHITESPACE.test(text[dot + 1] ?? '')) continue;
    let next = dot + 1;
    while (next < text.length && WHITESPACE.test(text[next]!)) next++;
    if (!UPPERCASE_START.test(text.slice(next, next + 2))) continue;
    let wordStart = dot;
    while (wordStart > start && !WHITESPACE.test(text[wordStart - 1]!)) wordStart--;
    if (isAbbreviation(text.slice(wordStart, dot))) continue;
    spans.push({ start, end: dot + 1 });
    start = next;
  }
  if (start < text.length) spans.push({ start, end: text.length });
  return spans;
}
