// Recognises sentences that state a rule a model must follow to build valid
// arguments. Matching errs towards keeping: an extra sentence costs a few
// tokens, a lost rule costs an invalid call and a retry.

/** Marker phrases (regex source, case-insensitive, matched as whole words). */
export const CONSTRAINT_MARKERS = {
  obligation: ['must(?:\\s+not)?', 'cannot', "can[’']t", 'shall', 'require\\w*', 'reject\\w*', 'disallow\\w*', 'forbidden', 'do\\s+not', "don[’']t", 'never'],
  validity: ['invalid', 'not\\s+allowed', 'not\\s+permitted'],
  cardinality: [
    'exactly\\s+one',
    'only\\s+one\\s+of',
    'one\\s+of',
    'at\\s+least',
    'at\\s+most',
    'mutually\\s+exclusive',
    'only',
    'unique',
    'case[-\\s]sensitive',
  ],
  bounds: [
    'max',
    'min',
    'maximum',
    'minimum',
    'range',
    'between',
    '(?:greater|less|more|fewer)\\s+than',
    'no\\s+(?:more|less)\\s+than',
    'over',
    'above',
    'below',
    'under',
    'beyond',
    'exceed\\w*',
    'up\\s+to',
  ],
  format: ['format\\w*', '(?:iso|rfc)(?:[\\s-]?\\d+)?', 'absolute'],
} as const;

const ALTERNATIVES = Object.values(CONSTRAINT_MARKERS).flat().join('|');

// Whole words: no letter, digit or underscore on either side ("max" but not
// "maxLength"; "RFC3339" and "ISO 8601" through the optional digit run).
// The left side consumes one character instead of a lookbehind: the same
// matches for test(), and faster.
const CONSTRAINT_PATTERN = new RegExp(`(?:^|[^\\p{L}\\p{N}_])(?:${ALTERNATIVES})(?![\\p{L}\\p{N}_])`, 'iu');

/** True when `sentence` contains at least one constraint marker. */
export function hasConstraintMarker(sentence: string): boolean {
  return CONSTRAINT_PATTERN.test(sentence);
}
