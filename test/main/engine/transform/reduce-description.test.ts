import { describe, expect, it } from 'vitest';
import { reduceDescription, reducedDescriptionJson, SMALL_DESCRIPTION_BYTES } from '../../../../src/main/engine/transform/reduce-description';
import { LOST_FACTS } from '../../../helpers/lost-facts';

describe('reduceDescription', () => {
  it('keeps a description of at most 160 bytes (after trimming) whole, untouched', () => {
    const short = '  ' + 'Short text. '.repeat(13).trim() + '\n';
    expect(Buffer.byteLength(short.trim())).toBeLessThanOrEqual(SMALL_DESCRIPTION_BYTES);
    expect(reduceDescription(short)).toBeUndefined();
  });

  it('keeps the lead and every constraint sentence in order; drops the rest', () => {
    const text =
      'Store an object in the bucket. This trailing clause is filler prose with no rule and should be dropped once ' +
      'the text grows large. The path must be absolute. More filler that adds nothing useful at all here. Provide ' +
      'exactly one of body or body_b64.';
    expect(reduceDescription(text)).toBe('Store an object in the bucket. The path must be absolute. Provide exactly one of body or body_b64.');
  });

  it('takes the first sentence as the lead even when it states a fact, and keeps it uncapped', () => {
    const rule = 'Must be called with a token that has the repo scope and the workflow scope, otherwise the request is rejected by the server. '
      .repeat(3)
      .trim();
    const text = `${rule} Lists workflows. Nothing else to see here in this long filler sentence at all.`;
    expect(reduceDescription(text)).toBe(rule);
  });

  it('keeps the lead whole up to 300 bytes (the reference cut it at 80)', () => {
    const lead = "Search for commits across GitHub repositories using GitHub's commit search syntax, across one or many repositories at once";
    const text =
      `${lead}. Useful for finding specific changes made by people in any repo of interest to the person doing the ` +
      `looking. Values above 100 are not allowed.`;
    expect(reduceDescription(text)).toBe(`${lead}. Values above 100 are not allowed.`);
    expect(reduceDescription(text)).not.toContain('…');
  });

  it('marks a lead over 300 bytes, cut at a word boundary, with an ellipsis so it does not run into the next sentence', () => {
    const lead =
      'The number of items to return in a single listing of results, which the server hands you automatically without any further round trips, '
        .repeat(3)
        .trim() + '.';
    const text = `${lead} Values above 100 are not allowed.`;
    const reduced = reduceDescription(text)!;
    expect(reduced).toMatch(/^The number of items to return in a single listing .*[a-z]… Values above 100 are not allowed\.$/u);
    expect(Buffer.byteLength(reduced.slice(0, reduced.indexOf('…')))).toBeLessThanOrEqual(300);
  });

  it('keeps the original whitespace between neighbouring kept sentences', () => {
    const text =
      'Lead sentence here.\n\nYou must pass a token.\nFiller text that is dropped because it carries no rule ' +
      'whatsoever and is long, long, long enough to go past the budget for short text easily and then some more.';
    expect(reduceDescription(text)).toBe('Lead sentence here.\n\nYou must pass a token.');
  });

  it('keeps the abbreviation guard: "e.g. /srv/x" survives whole', () => {
    const text =
      'Destination, e.g. /srv/x. The path must be an absolute path. Filler sentence that is long enough to push this ' +
      'description well past the small budget for short text that it has.';
    expect(reduceDescription(text)).toBe('Destination, e.g. /srv/x. The path must be an absolute path.');
  });

  it('keeps every fact sentence the issue found lost (github-mcp-server, cloudflare-radar)', () => {
    for (const fact of LOST_FACTS) {
      const text =
        `A tool that lists things in a place. Nothing else to see here in this long filler sentence, which merely pads ` +
        `the text out to a length that is long enough. ${fact}`;
      expect(reduceDescription(text), fact).toBe(`A tool that lists things in a place. ${fact}`);
    }
  });

  it('drops a fact sentence only when a keyword on the same node states the same fact (rule 3)', () => {
    const filler = 'Nothing else to see here in this long filler sentence, which merely pads the text out to a length that is long enough for it.';
    const text = `The kind of entries to list. Default: 'all'. ${filler}`;
    expect(reduceDescription(text, { default: { value: 'all' } })).toBe('The kind of entries to list.');
    expect(reduceDescription(text, { default: { value: 'open' } })).toBe("The kind of entries to list. Default: 'all'.");
    expect(reduceDescription(text)).toBe("The kind of entries to list. Default: 'all'.");
  });

  it('reuses a reduction only where keywords cannot change it: the same text, first without keywords, then with them', () => {
    const filler = 'Nothing else to see here in this other filler sentence, which pads the text out to a length that is long enough for it.';
    const text = `The kind of records to list. Default: 'open'. ${filler}`;
    expect(reduceDescription(text)).toBe("The kind of records to list. Default: 'open'.");
    expect(reduceDescription(text, { default: { value: 'open' } })).toBe('The kind of records to list.');
    // A description whose facts no keyword can state reduces the same wherever it stands.
    const plain = `List the records of a table in the order they were written. ${filler}`;
    expect(reduceDescription(plain)).toBe('List the records of a table in the order they were written.');
    expect(reduceDescription(plain, { default: { value: 'open' } })).toBe('List the records of a table in the order they were written.');
  });

  it('a description met again reduces as the first time, whatever its node says: neighbours keep their whitespace, a \
drop between them leaves one space', () => {
    const filler = 'Nothing else to see here in this long filler sentence, which merely pads the text out to a length that is long enough for it.';
    const text = `The kind of entries to list.\n\nDefault: 'all'.\nYou must pass a token. ${filler}`;
    for (let round = 0; round < 3; round++) {
      expect(reduceDescription(text, { default: { value: 'all' } })).toBe('The kind of entries to list. You must pass a token.');
      expect(reduceDescription(text, () => ({ default: { value: 'open' } }))).toBe("The kind of entries to list.\n\nDefault: 'all'.\nYou must pass a token.");
      expect(reduceDescription(text)).toBe("The kind of entries to list.\n\nDefault: 'all'.\nYou must pass a token.");
    }
  });

  it('never drops the lead as redundant', () => {
    const text =
      "Default: 'all'. The kind of entries to list, which merely pads the text out to a length that is long enough " +
      'for this, and a little more on top of that length for good measure.';
    expect(reduceDescription(text, { default: { value: 'all' } })).toBe("Default: 'all'.");
  });

  it('is idempotent', () => {
    const texts = [
      'Search the workspace for files and return ranked matches with surrounding context lines so the agent can ' +
        'decide what to open next. Results are sorted. Limit must be at most 100.',
      'x'.repeat(300),
      'Must do this. ' + 'Word '.repeat(60) + '. Then more. Never that.',
      'Word '.repeat(100) + '. Limit must be at most 100. Then more.',
      'Default: 5. Lists things. ' + 'Filler text here. '.repeat(20),
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

  it('gives the same reduction as a JSON literal, first time and cached, with or without keywords', () => {
    const quoted =
      'Filler prose that says nothing at all about the value, and runs on. The "name" must be unique \u2014 ' +
      'tabs\tand\nnewlines too. 😀 More filler prose that goes.';
    const withDefault =
      'Pick how results are sorted by the server before paging. Defaults to "asc". Extra sentence of filler that goes on and on without a rule in it.';
    const keywordSets = [undefined, { default: { value: 'asc' } }, () => ({ default: { value: 'desc' } })];
    for (const description of [
      quoted,
      withDefault,
      ...LOST_FACTS.map((fact) => `Lists the items of the project in pages. ${fact} Filler prose that states nothing at all and just goes on.`),
    ]) {
      for (const keywords of keywordSets) {
        for (let round = 0; round < 2; round++) {
          const reduced = reduceDescription(description, keywords);
          expect(reducedDescriptionJson(description, keywords)).toBe(reduced === undefined ? undefined : JSON.stringify(reduced));
        }
      }
    }
    expect(reducedDescriptionJson('Short.')).toBeUndefined();
  });

  it('keeps descriptions apart that agree on every character the plan cache samples', () => {
    // The cache looks plans up by a fingerprint of nine characters (never the second one of a long text).
    const filler = ' Filler prose that states nothing at all and goes on for a while longer here.'.repeat(3);
    const first = `Ab lists the items. The path must be absolute.${filler}`;
    const second = `Az lists the items. The path must be absolute.${filler}`;
    for (let round = 0; round < 3; round++) {
      expect(reduceDescription(first)).toBe('Ab lists the items. The path must be absolute.');
      expect(reduceDescription(second)).toBe('Az lists the items. The path must be absolute.');
      expect(reducedDescriptionJson(second)).toBe(JSON.stringify('Az lists the items. The path must be absolute.'));
    }
  });
});

describe('reduceDescription at a deferral level (leads, signatures)', () => {
  const deferral = { kind: 'deferral' } as const;

  it('keeps the lead and the warning sentences, in order, whatever the length (no 160-byte rule)', () => {
    const text = 'Deletes a branch of the repository. It must be a branch you own. This cannot be undone. Returns nothing. Do not pass the default branch.';
    expect(reduceDescription(text, undefined, deferral)).toBe('Deletes a branch of the repository. This cannot be undone. Do not pass the default branch.');
    expect(reduceDescription('Lists the files. Sorted by name.', undefined, deferral)).toBe('Lists the files.');
  });

  it('leaves a description whose every sentence stays exactly as written (whitespace too)', () => {
    for (const text of ['Lists the files.', '  Lists the files.\n', 'Deletes it. Never undone, never recoverable.', ''])
      expect(reduceDescription(text, undefined, deferral), text).toBeUndefined();
  });

  it('caps the lead at 300 bytes as at facts, and is idempotent', () => {
    const lead =
      'The number of items to return in a single listing of results, which the server hands you automatically without any further round trips, '
        .repeat(3)
        .trim() + '.';
    const reduced = reduceDescription(`${lead} More text here.`, undefined, deferral)!;
    expect(reduced.endsWith('…')).toBe(true);
    expect(Buffer.byteLength(reduced)).toBeLessThanOrEqual(303);
    expect(reduceDescription(reduced, undefined, deferral)).toBeUndefined();
  });

  it('keeps no fact sentence beside the lead unless it warns: the rest is deferred', () => {
    const text = `The kind of entries to list. Default: 'all'. ${LOST_FACTS[0]}`;
    expect(reduceDescription(text, { default: { value: 'open' } }, deferral)).toBe('The kind of entries to list.');
  });

  it('plans a description per kind: the same text reduces per kind however often it is met', () => {
    const text =
      'Store an object in the bucket. This trailing clause is filler prose with no rule and should be dropped once ' +
      'the text grows large. The path must be absolute. Never overwrite the root.';
    for (let round = 0; round < 3; round++) {
      expect(reducedDescriptionJson(text)).toBe(JSON.stringify('Store an object in the bucket. The path must be absolute. Never overwrite the root.'));
      expect(reducedDescriptionJson(text, undefined, deferral)).toBe(JSON.stringify('Store an object in the bucket. Never overwrite the root.'));
    }
  });
});
