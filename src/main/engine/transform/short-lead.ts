// The tool description at `skeletons` and `names` (docs/levels.md): its
// lead, cut to at most 100 characters at a word boundary. The marker the
// writer adds after it says the rest is one describe call away, so no
// ellipsis of its own is added (a second one would only cost tokens).

import { splitSentences } from './split-sentences';

export const SHORT_LEAD_CHARACTERS = 100;

const TRAILING_JOINERS = /[\s,;:–—-]+$/u;

/** The first sentence of `description` (trimmed), cut to 100 characters at the last word boundary within them. */
export function shortLead(description: string): string {
  const text = description.trim();
  const [first] = splitSentences(text);
  const lead = first === undefined ? text : text.slice(first.start, first.end);
  const characters = Array.from(lead);
  if (characters.length <= SHORT_LEAD_CHARACTERS) return lead;
  const within = characters.slice(0, SHORT_LEAD_CHARACTERS + 1).join('');
  const boundary = within.search(/\s\S*$/u);
  // A first word longer than the limit is cut inside it: a listing is never longer for a lead without spaces.
  const cut = boundary > 0 ? within.slice(0, boundary) : characters.slice(0, SHORT_LEAD_CHARACTERS).join('');
  return cut.replace(TRAILING_JOINERS, '') || cut;
}
