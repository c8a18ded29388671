// Whether a refusal's lines name an invalid instance's one broken rule, at
// its place, in the words of its category.

import type { InvalidInstance } from '../../../helpers/schema-instances';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function namesViolation(lines: readonly string[], broken: InvalidInstance): boolean {
  const place = escaped(broken.pointer === '' ? 'the arguments' : broken.pointer);
  const wording: Record<InvalidInstance['category'], RegExp> = {
    required: new RegExp(`^missing required ${place}( \\(required when .+\\))?$`),
    additional: new RegExp(`^${place} is not allowed here$`),
    type: new RegExp(`^${place} must be (a|an|null)\\b`),
    enum: new RegExp(`^${place} must be one of: `),
    pattern: new RegExp(`^${place} must match the pattern `),
    bound: new RegExp(`^${place} must (be [≤≥<>] -?[0-9]|be at (most|least) [0-9]+ characters? long$|have at (most|least) [0-9]+ items?$)`),
  };
  return lines.flatMap(clauses).some((clause) => wording[broken.category].test(clause));
}

/** A line, and when it spells the closest of several shapes ("…: (a; b) or (c)"), each of their violations. */
function clauses(line: string): string[] {
  const spelled = /: \((.*)\)$/.exec(line);
  return spelled === null ? [line] : [line, ...spelled[1]!.split(/\) or \(|; /)];
}
