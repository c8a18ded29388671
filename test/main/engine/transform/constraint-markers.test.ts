import { describe, expect, it } from 'vitest';
import { hasConstraintMarker } from '../../../../src/main/engine/transform/constraint-markers';

describe('hasConstraintMarker', () => {
  it.each([
    'The path must be an absolute path.',
    'You MUST NOT pass both.',
    'It cannot be empty.',
    "It can't be empty.",
    'Callers shall retry.',
    'Required for writes.',
    'Requires a token.',
    'Values are rejected when negative.',
    'Disallowed characters fail.',
    'Forbidden in strict mode.',
    'Negative numbers are invalid.',
    'Spaces are not allowed.',
    'Symlinks are not permitted.',
    'Provide exactly one of body or body_b64.',
    'Only one of a or b.',
    'One of red, green.',
    'At least one item.',
    'At most 5 items.',
    'The flags are mutually exclusive.',
    'Only works within allowed directories.',
    'Names are unique.',
    'Matching is case-sensitive.',
    'Max results to return.',
    'Min 1.',
    'The maximum is 100.',
    'The minimum is 1.',
    'Within the range 1..10.',
    'Between 1 and 10.',
    'Greater than zero.',
    'Less than 10.',
    'More than two.',
    'Fewer than ten.',
    'No more than ten.',
    'No less than one.',
    'Anything over 100 errors.',
    'Values above 100 fail.',
    'Below zero fails.',
    'Under 5 MB.',
    'Beyond the end fails.',
    'Must not exceed 10.',
    'Exceeding the quota fails.',
    'The format must be RFC3339.',
    'An ISO 8601 duration.',
    'Use ISO8601.',
    'Per RFC 3339.',
    'Formatted as a date.',
    'An absolute path.',
    'Do not include the scheme.',
    "Don't include the scheme.",
    'Never pass secrets.',
    'Up to 10 items.',
  ])('finds a marker in %j', (sentence) => {
    expect(hasConstraintMarker(sentence)).toBe(true);
  });

  it.each([
    'Search the workspace for files.',
    'Returns the maxLength of a field.',
    'A minimalist tool.',
    'The overview of a repository.',
    'Runs the formula engine.',
    'Handles isolation.',
    'Reads the underlying file.',
    'Shows the range_start field.',
  ])('finds no marker in %j (whole words only)', (sentence) => {
    expect(hasConstraintMarker(sentence)).toBe(false);
  });
});
