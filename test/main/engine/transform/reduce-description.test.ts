import { describe, expect, it } from 'vitest';
import { reduceDescription, SMALL_DESCRIPTION_BYTES } from '../../../../src/main/engine/transform/reduce-description';

describe('reduceDescription', () => {
  it('keeps a description of at most 160 bytes (after trimming) whole, untouched', () => {
    const short = '  ' + 'Short text. '.repeat(13).trim() + '\n';
    expect(Buffer.byteLength(short.trim())).toBeLessThanOrEqual(SMALL_DESCRIPTION_BYTES);
    expect(reduceDescription(short)).toBeUndefined();
  });

  it('keeps the lead and every constraint sentence in order; drops the rest', () => {
    const text =
      'Store an object in the bucket. This trailing clause is filler prose with no rule and should be dropped once the text grows large. The path must be absolute. More filler that adds nothing useful at all here. Provide exactly one of body or body_b64.';
    expect(reduceDescription(text)).toBe('Store an object in the bucket. The path must be absolute. Provide exactly one of body or body_b64.');
  });

  it('keeps constraint sentences that come before the lead, uncapped', () => {
    const rule = 'Must be called with a token that has the repo scope and the workflow scope, otherwise the request is rejected by the server.';
    const text = `${rule} Lists workflows. Nothing else to see here in this long filler sentence at all.`;
    expect(reduceDescription(text)).toBe(`${rule} Lists workflows.`);
  });

  it('marks a cut lead with an ellipsis so it does not run into the next sentence', () => {
    const text =
      'The number of items to return in a single page of results, which the server paginates for you automatically without any further round trips. Values above 100 are not allowed.';
    const reduced = reduceDescription(text)!;
    expect(reduced).toMatch(/^The number of items to return in a single page of results, which the server… Values above 100 are not allowed\.$/u);
  });

  it('keeps the original whitespace between neighbouring kept sentences', () => {
    const text = 'Lead sentence here.\n\nYou must pass a token.\nFiller text that is dropped because it carries no rule whatsoever and is long, long, long enough to pass the budget of one hundred and sixty bytes easily.';
    expect(reduceDescription(text)).toBe('Lead sentence here.\n\nYou must pass a token.');
  });

  it('keeps the abbreviation guard: "e.g. /srv/x" survives whole', () => {
    const text = 'Destination, e.g. /srv/x. The path must be an absolute path. Filler sentence that is long enough to push this description well past the small budget of one hundred and sixty bytes.';
    expect(reduceDescription(text)).toBe('Destination, e.g. /srv/x. The path must be an absolute path.');
  });

  it('is idempotent', () => {
    const texts = [
      'Search the workspace for files and return ranked matches with surrounding context lines so the agent can decide what to open next. Results are sorted. Limit must be at most 100.',
      'x'.repeat(300),
      'Must do this. ' + 'Word '.repeat(60) + '. Then more. Never that.',
      'Ünïcödé 😀 '.repeat(30),
    ];
    for (const text of texts) {
      const once = reduceDescription(text) ?? text;
      expect(reduceDescription(once) ?? once).toBe(once);
    }
  });

  it('returns undefined when every sentence is kept and nothing changes', () => {
    const text = 'Must be set. '.repeat(20).trim();
    expect(reduceDescription(text)).toBeUndefined();
  });
});
