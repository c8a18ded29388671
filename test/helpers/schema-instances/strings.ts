// Strings for a schema's string keywords: a pattern's (fast-check writes
// candidates from the regular expression, each then tested with RegExp the
// way Ajv tests it: the `u` flag), a known format's, or plain letters of a
// length in bounds. And a string that misses a pattern, for the invalid side.

import fc from 'fast-check';
import { Unsatisfiable } from './flat-schema';

/** One example per common format: servers are often stricter than the annotation says, so valid instances honour it. */
const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2024-05-01T12:30:00Z',
  date: '2024-05-01',
  time: '12:30:00Z',
  duration: 'P1D',
  email: 'someone@example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.10',
  ipv6: '2001:db8::10',
  uri: 'https://example.com/a',
  'uri-reference': 'https://example.com/a',
  url: 'https://example.com/a',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
};

/** Tried when fast-check cannot read a pattern (back-references and the like). */
const FALLBACK_CANDIDATES = ['a', 'abc', 'example', 'A', 'AB', 'ab', '1', '12', '123', 'a1', 'a-b', 'a_b', 'a.b', 'a/b', 'x@y.z', '0', 'true'];

/** Tried for a string that must miss a pattern. */
const MISS_CANDIDATES = ['!', '!!', '~~~', ' ', '0', 'A', 'a', '-', 'a b', 'é', 'caveman pattern miss', '', '1a!', 'ZZ'];

export interface StringBounds {
  minLength: number;
  maxLength: number;
}

const fits = (text: string, bounds: StringBounds) => [...text].length >= bounds.minLength && [...text].length <= bounds.maxLength;

export function regExpOf(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    throw new Unsatisfiable(`pattern ${pattern} is not a regular expression with the u flag`);
  }
}

/** A string matching every pattern and the length bounds (and the format when it can), or Unsatisfiable. */
export function makeString(patterns: readonly string[], format: unknown, bounds: StringBounds, random: () => number): string {
  const expressions = patterns.map(regExpOf);
  const ok = (text: string) => fits(text, bounds) && expressions.every((expression) => expression.test(text));
  const example = typeof format === 'string' ? FORMAT_EXAMPLES[format] : undefined;
  if (example !== undefined && ok(example)) return example;
  if (expressions.length === 0) return letters(bounds, random);
  const seed = Math.floor(random() * 2 ** 31);
  for (const candidate of [...sampled(expressions[0]!, seed), ...FALLBACK_CANDIDATES]) if (ok(candidate)) return candidate;
  throw new Unsatisfiable(`no string found for the pattern ${patterns.join(' and ')}`);
}

function sampled(expression: RegExp, seed: number): string[] {
  try {
    return fc.sample(fc.stringMatching(expression, { size: 'small' }), { seed, numRuns: 60 });
  } catch {
    return [];
  }
}

function letters(bounds: StringBounds, random: () => number): string {
  const most = Math.min(bounds.maxLength, bounds.minLength + 8);
  const length = Math.max(bounds.minLength, Math.min(most, 1 + Math.floor(random() * 8)));
  let text = '';
  for (let i = 0; i < length; i++) text += String.fromCharCode(97 + Math.floor(random() * 26));
  return text;
}

/** A string of a length in bounds that misses `pattern`, or undefined when none of the candidates does. */
export function missString(pattern: string, bounds: StringBounds): string | undefined {
  const expression = regExpOf(pattern);
  for (const candidate of MISS_CANDIDATES) {
    const padded = candidate.length === 0 ? candidate : candidate.repeat(Math.ceil(bounds.minLength / candidate.length) || 1);
    for (const text of [candidate, padded, padded.slice(0, bounds.maxLength)]) if (fits(text, bounds) && !expression.test(text)) return text;
  }
  return undefined;
}
