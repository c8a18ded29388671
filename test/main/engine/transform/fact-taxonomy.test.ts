import { describe, expect, it } from 'vitest';
import { CONSTRAINT_MARKERS, hasConstraintMarker } from '../../../../src/main/engine/transform/constraint-markers';
import {
  DEFERRAL_WARNINGS,
  FACT_CATEGORIES,
  FACT_CATEGORY_NAMES,
  REFERENCES,
  WORD_CATEGORY_NAMES,
  factCategoriesOf,
  isDeferralWarning,
  isFactSentence,
  type WordCategory,
} from '../../../../src/main/engine/transform/fact-taxonomy';
import { LOST_FACTS } from '../../../helpers/lost-facts';

// Per category: sentences that must match it and sentences that must not.
// Written from the categories of docs/transform.md, not from any catalog.
const CASES: Record<WordCategory, { match: string[]; miss: string[] }> = {
  obligations: {
    match: [
      'The token must have the repo scope.',
      'You cannot pass both.',
      'Callers shall retry.',
      'Requires admin rights.',
      'You need to call login first.',
      'Make sure the branch exists.',
      'Always quote the path.',
      'Never pass secrets.',
      'Do not include the scheme.',
    ],
    miss: ['Returns the repository.', 'A musty old archive.', 'Shows the mustard field.'],
  },
  validity: {
    match: [
      'Negative numbers are invalid.',
      'Spaces are not allowed.',
      'The call fails if the file is locked.',
      'Returns an error when the name is taken.',
      'Values are validated against the schema.',
    ],
    miss: ['Lists the files.', 'A failsafe copy of the data.'],
  },
  cardinality: {
    match: [
      'Provide exactly one of body or body_b64.',
      'At least one label.',
      'At most 5 items.',
      'The flags are mutually exclusive.',
      'Names are unique.',
      'Matching is case-sensitive.',
      'Any of the listed scopes works.',
    ],
    miss: ['Lists the labels on an issue.', 'Someone opened it.'],
  },
  bounds: {
    match: [
      'Max 100.',
      'The maximum is 100.',
      'Between 1 and 10.',
      'Must not exceed 10 MB.',
      'Up to 10 items.',
      'Limit: 50 items per call.',
      'Results are capped at 1000.',
      'Long values are truncated.',
      'Returns 20 results per page.',
      'Up to 1,000 characters.',
      'No client-side bounds are enforced.',
    ],
    // A bare "most" is not a bound ("at most" is cardinality).
    miss: [
      'Returns the maxLength of a field.',
      'A minimalist tool.',
      'The overview of a repository.',
      'Shows version 2 of the API.',
      'Cats sleep most of the day.',
      'Most users want the default branch.',
    ],
  },
  defaults: {
    match: [
      "Default: 'all'",
      'Defaults to 30.',
      'If omitted, all fields are returned.',
      'If not provided, uses the default branch of the repository.',
      'When not specified, the newest release is used.',
      'Uses the main branch unless a ref is provided.',
      'Omit it to react to the issue itself.',
      'Otherwise the whole file is read.',
      'Falls back to the system locale.',
      'If empty, nothing is filtered.',
    ],
    miss: ['Lists the branches of a repository.', 'Provides the raw content.'],
  },
  allowedValues: {
    match: [
      'Possible values are open, closed and all.',
      'Allowed values: asc, desc.',
      'Options are:\n- get\n- list',
      'Valid types are listed by list_issue_types.',
      'Accepts a branch name or a commit SHA.',
      'Only these choices work.',
      'Values are case-folded before matching.',
    ],
    miss: ['Lists the options of a project.', 'The value of the field.'],
  },
  alternatives: {
    match: [
      "For 'update_project_item', provide either item_id, or (item_owner + item_repo + issue_number).",
      'Pass a token or a cookie, not both.',
      'Use the SHA instead of the branch name.',
      'Ignored when is_suggestion is true.',
      'The owner, repo, and pullNumber parameters are not used for this method.',
      'Only applies to pull requests.',
      'Prefix a code with a minus to exclude it.',
      'Prefer the name form over the ID form.',
      'The explicit range overrides dateRange.',
      'Combine with item_owner and item_repo.',
    ],
    miss: ['Creates a pull request.', 'Lists the branches that were merged.'],
  },
  conditions: {
    match: [
      'Required when state is closed.',
      'Only when the item is an issue.',
      'If "event" is provided, the review is submitted.',
      'When closing, include a reason.',
      'Unless you are the owner, this fails quietly.',
      'The shape depends on the method.',
      'Approval supplies the context; base_ref is ignored in this case.',
    ],
    miss: ['Closes an issue.', 'Gets a gift for the user.'],
  },
  pagination: {
    match: [
      'To get the next page, use the nextPage value as the page parameter.',
      'Pass the cursor from the last response.',
      'Follow nextLink for more.',
      'Skip this many entries with offset.',
      'Send the page token you received.',
      'Results are paginated.',
      'Use perPage to size a page.',
      'Check has_more before asking again.',
    ],
    miss: ['Navigates to a web address.', 'Opens the homepage of a project.'],
  },
  units: {
    match: [
      'The timeout is in seconds.',
      'Times are in UTC.',
      'Pass the time zone of the user.',
      'Sizes are in bytes.',
      'Width in pixels.',
      'A Unix timestamp.',
      'Compare this week with the previous week.',
      'The share as a percentage.',
      'Keeps 30 days of logs.',
      'The interval in hours.',
      'Limits calls per day.',
      'The number of days to look back.',
      'Changes from 3 weeks ago.',
      'Retention (in days).',
      'Waits two minutes.',
    ],
    miss: [
      'Lists the repositories of a user.',
      'Sends a message to a channel.',
      'Cats sleep most of the day.',
      'Returns the second item.',
      'A unit test runner.',
      'Shows the year in review.',
    ],
  },
  formats: {
    match: [
      'The format must be RFC3339.',
      'An ISO 8601 duration.',
      'A regular expression matched against the name.',
      'Glob-style patterns are matched relative to the working directory.',
      'Lowercase letters only.',
      'Separate labels with commas.',
      'Escape quotes with a backslash.',
      'Supports the commit search syntax.',
      'Dates as YYYY-MM-DD.',
      'Provide an array of alpha-2 country codes (e.g., US, PT).',
      'For numbers, the numeric value as a string.',
    ],
    miss: ['Creates a repository.', 'Runs the formula engine.'],
  },
  literals: {
    match: [
      'For example, use `7d` and `7dcontrol` to compare weeks.',
      'Prefix a code (["-EU", "NA"]).',
      "Use 'HIGH' for clear signal.",
      'Use is_suggestion to propose the change.',
      'Read nextPage from the response.',
      'Pass --force to overwrite.',
      "Use '*.ext' to match files.",
      'Paths such as /srv/x are absolute.',
    ],
    miss: ["The user's own profile.", "GitHub's search engine finds code.", "It doesn't stop the operation."],
  },
  warnings: {
    match: [
      'This is destructive.',
      'The change is irreversible.',
      'Deletes the branch permanently.',
      'Deprecated: use v2.',
      'CRITICAL: always provide it.',
      'Use with caution.',
      'It will overwrite existing files without warning.',
      'This replaces the current labels.',
      'Pass null to remove the current type.',
      'Resolving twice is a no-op.',
    ],
    miss: ['Reads a file.', 'Lists notifications for the user.'],
  },
  calling: {
    match: [
      'Invoked with a single argument.',
      'Call get_me first.',
      'The owner and repo parameters are required.',
      'Pass null to clear it.',
      'Provide the SHA of the file.',
      'Set to true to include archived repositories.',
      'Use the get_diff method.',
    ],
    miss: ['Reads a file from disk.', 'A callout box in the docs.'],
  },
  sequence: {
    match: [
      'Get the folder id via list-contact-folders.',
      'Then use that id with send-chat-message.',
      'First call the login tool.',
      'Run sync first.',
      'The token is obtained from the auth tool.',
      'The cursor is returned by the previous page.',
      'The id comes from the search results.',
      'Use the output of the list tool.',
      'Pass the id from the previous call.',
      'Before calling this, create the project.',
    ],
    miss: ['Lists the branches of a repository.', 'Searches the web for pages.', 'Creates the first draft of a page.'],
  },
  support: {
    match: [
      'Supports $filter (eq, ne, in).',
      'Not supported for personal accounts.',
      'Nullable.',
      'Only available in the EU region.',
      'This feature is in beta.',
      'Requires the admin scope.',
      'Disabled for archived repositories.',
    ],
    miss: ['Lists the open issues.', 'Creates a new repository in your account.', 'Reads the support ticket.'],
  },
  returns: {
    match: [
      'Returns the message with its id.',
      'Results come in arbitrary order — match by id.',
      'Returns an empty list when nothing matches.',
      'Returns null if the file does not exist.',
      'The response contains a cursor.',
      'Each item has a name and a path.',
      'Results are sorted by date.',
      'Responds with the created object.',
    ],
    miss: [
      'Returns a git-style diff showing the changes made.',
      'Each thread contains review comments made on the same code location.',
      'Returns the repository.',
      'Results include enough context for the caller to decide.',
    ],
  },
  advice: {
    match: [
      'Use $select to return fewer fields.',
      'Always include all participants.',
      'Include all participants.',
      'It is recommended to set a filter.',
      'Consider a smaller page.',
      'You should pass the branch.',
      'Listing every file is expensive.',
      'Use path to narrow the results.',
    ],
    miss: [
      'This trailing clause is filler prose with no rule and should be dropped once the text grows large.',
      'Lists the open issues.',
      'Creates a pull request.',
      'Useful for finding specific changes made by people.',
    ],
  },
};

describe('the fact taxonomy (docs/transform.md)', () => {
  it('has the categories of the spec, each a non-empty named list', () => {
    expect(WORD_CATEGORY_NAMES).toEqual(Object.keys(CASES));
    expect(FACT_CATEGORY_NAMES).toEqual([...WORD_CATEGORY_NAMES, REFERENCES]);
    for (const name of WORD_CATEGORY_NAMES) {
      const category: { markers: readonly string[]; shapes?: readonly string[] } = FACT_CATEGORIES[name];
      expect(category.markers.length + (category.shapes?.length ?? 0), name).toBeGreaterThan(0);
    }
  });

  describe.each(WORD_CATEGORY_NAMES)('%s', (name) => {
    it.each(CASES[name].match)('matches %j', (sentence) => {
      expect(factCategoriesOf(sentence)).toContain(name);
      expect(isFactSentence(sentence)).toBe(true);
    });
    it.each(CASES[name].miss)('does not match %j', (sentence) => {
      expect(factCategoriesOf(sentence)).not.toContain(name);
    });
  });

  it.each([
    'Search the workspace for files.',
    'Creates a new repository in your account.',
    'This tool is the primary way to discover actionable items.',
    'Returns a git-style diff showing the changes made.',
    'Each thread contains review comments made on the same code location.',
    'This trailing clause is filler prose with no rule and should be dropped once the text grows large.',
    'Cats sleep most of the day.',
  ])('plain prose is not a fact: %j', (sentence) => {
    expect(factCategoriesOf(sentence)).toEqual([]);
  });

  it('keeps every one of today’s constraint markers (nothing kept before is lost)', () => {
    const spread = new Set(WORD_CATEGORY_NAMES.flatMap((name): readonly string[] => FACT_CATEGORIES[name].markers));
    for (const marker of Object.values(CONSTRAINT_MARKERS).flat()) expect(spread.has(marker), marker).toBe(true);
    const sentences = [
      'You MUST NOT pass both.',
      'Only works within allowed directories.',
      'Anything over 100 errors.',
      'Use ISO8601.',
      'An absolute path.',
      "Don't include the scheme.",
    ];
    for (const sentence of sentences) expect([hasConstraintMarker(sentence), isFactSentence(sentence)], sentence).toEqual([true, true]);
  });

  it('matches markers as whole words only', () => {
    for (const sentence of ['Shows the range_start field.', 'Runs the formula engine.', 'Handles isolation.', 'Reads the underlying file.']) {
      expect(
        factCategoriesOf(sentence).filter((c) => c !== 'literals'),
        sentence,
      ).toEqual([]);
    }
  });

  it('finds the sentences a read of real catalogs found lost before fidelity v2', () => {
    for (const sentence of LOST_FACTS) expect(isFactSentence(sentence), sentence).toBe(true);
  });
});

describe('the warnings a deferral level keeps (DEFERRAL_WARNINGS, docs/levels.md)', () => {
  it.each([
    'This is destructive.',
    'The change is irreversible and cannot be undone.',
    "It can't be undone.",
    'Deletes the branch permanently.',
    'Deprecated: use v2.',
    'Use with caution.',
    'Warning: the cache is flushed.',
    'Dangerous on production data.',
    'It will overwrite existing files.',
    'Risk of data loss.',
    'Has side effects on the index.',
    'The output may contain sensitive data.',
    'Never log the secret.',
    'Do not include the scheme.',
    "Don't pass both.",
    'You MUST NOT pass a token here.',
  ])('keeps %j', (sentence) => {
    expect(isDeferralWarning(sentence)).toBe(true);
  });

  it.each([
    'Returns the repository.',
    'Names are case-sensitive.',
    'Matching is case sensitive.',
    'The token must have the repo scope.',
    'Defaults to 30.',
    'Lists the open issues.',
    'This replaces the current labels.',
    'Note that results are cached.',
    'Undo the last change with revert.',
  ])('defers %j', (sentence) => {
    expect(isDeferralWarning(sentence)).toBe(false);
  });

  it('is a narrowing of the facts: every sentence it keeps is a fact at facts', () => {
    for (const sentence of ['This is destructive.', 'Do not include the scheme.', 'Risk of data loss.', 'Has side effects on the index.'])
      expect(isFactSentence(sentence), sentence).toBe(true);
    expect(DEFERRAL_WARNINGS.length).toBeGreaterThan(10);
  });
});
