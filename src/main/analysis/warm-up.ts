// A first analysis right after the app starts would pay for the jobs
// worker's start: loading its code, compiling every function of the shrink,
// the checks, the report and the diff on first call, opening the store and
// starting the counting threads — far longer than the analysis of a small
// catalog itself. The host warms the worker as soon as it
// is up (a person takes seconds to pick a file): the store is opened, the
// vocabulary loaded, the counting threads started, and a built-in catalog is
// analysed into a store in memory (several small rounds, then two of a real
// catalog's size) and the small one compared at every level (the page asks
// for that comparison as soon as a result is shown, and cold it costs the
// host far more), so the code of every step has run often enough to be
// optimised. Nothing is stored or shown.
//
// Every other round's catalog holds one character beyond Latin-1 (an em dash,
// as real catalogs do): V8 keeps a one-byte and a two-byte form of a string,
// and compiles each regular expression for each form on first use. One such
// character anywhere makes the whole decoded catalog, and every slice of it,
// two-byte; with a Latin-1 warm-up only, the first such drop would compile
// every pattern of the shrink, the fact taxonomy and the counting again.

import type { TokenizerName } from '../../shared/tokenizers';
import type { ParallelTokenCounter } from '../engine/tokens';
import { loadTokenizer } from '../engine/tokens/count-tokens';
import { compareLevels } from '../library/level-comparison';
import { RecoveryStore } from '../store';
import { analyzeCatalog } from './analyze-catalog';

/**
 * Analyses of the warm-up catalog: V8 optimises a function only after many calls, so one round leaves the code half optimised;
 * ten small rounds fit in the seconds a person takes to pick a file (docs/performance.md, "Tuning in the code").
 */
export const WARM_UP_ROUNDS = 10;

/**
 * The last rounds analyse a catalog of a real one's size, one in each string form: what a catalog's volume makes hot is optimised
 * then, not in the first real analysis. Fewer, smaller, larger or more such rounds helped no more
 * (docs/performance.md, "Tuning in the code").
 */
export const FULL_SIZE_ROUNDS = 2;
export const FULL_SIZE_TOOLS = 120;
/** The tools of a small round (every round but the full-size ones). */
const SMALL_ROUND_TOOLS = 8;

/** What round `round` analyses: every other one two-byte text, every other pair compact with Go's escapes, the last ones full size. */
export function warmUpRound(round: number): { tools: number; wide: boolean; compact: boolean } {
  return {
    tools: round >= WARM_UP_ROUNDS - FULL_SIZE_ROUNDS ? FULL_SIZE_TOOLS : SMALL_ROUND_TOOLS,
    wide: round % 2 === 1,
    compact: Math.floor(round / 2) % 2 === 1,
  };
}

/**
 * Tools with what real catalogs have: prose with rule sentences, line breaks, quotes, Markdown and a URL; titles and annotations;
 * enums (one with null), defaults, numbers below zero and with fractions, a pattern, type arrays, `anyOf`, nested objects, arrays
 * and a `$ref` into `$defs` — each parser and walker path a real catalog takes, so the first one does not find code optimised
 * without it (V8 throws such code away and compiles it again).
 * `wide`: every sentence ends in an em dash clause, so the decoded text is a two-byte string and so is every sentence (new ones:
 * the fact taxonomy remembers the answers for the others, and would not run its patterns on them).
 * `compact`: one line, with < > & escaped as Go's encoder writes them (\u003c), as catalogs from Go servers come.
 */
export function warmUpCatalog(tools = SMALL_ROUND_TOOLS, wide = false, compact = false): Uint8Array {
  const say = (text: string) => (wide ? text.replace(/\.(?=\s|$)/g, ' — as written.') : text);
  const catalog = {
    tools: Array.from({ length: tools }, (_, index) => ({
      ...(index % 2 === 0
        ? {
            annotations: {
              title: `Warm tool ${index}`,
              readOnlyHint: index % 4 === 0,
              destructiveHint: false,
              idempotentHint: true,
              openWorldHint: index % 3 === 0,
            },
          }
        : {}),
      name: `warm_tool_${index}`,
      ...(index % 3 === 1 ? { title: `Warm tool ${index} (entries & pages)` } : {}),
      description: say(
        `Lists the entries of collection ${index}.\nUse this when you need every entry at once ("all of them"). ` +
          'Returns at most 100 entries per page; pass the `cursor` to read the next page. You must not call it in a loop without a cursor.' +
          (index % 2 === 1
            ? '\n\n## Notes\n- Entries <b>marked</b> as hidden & archived are left out.\n- See https://example.com/docs/entries#paging for details.'
            : ''),
      ),
      inputSchema: {
        ...(index % 4 === 3 ? { $schema: 'http://json-schema.org/draft-07/schema#' } : {}),
        type: 'object',
        properties: {
          cursor: { type: 'string', description: say('The cursor from the previous page, if any.') },
          limit: { type: 'integer', description: say('How many entries to return.'), default: 50, minimum: 1, maximum: 100 },
          order: { type: 'string', enum: ['newest', 'oldest'], default: 'newest', description: say('The order of the entries.') },
          filter: { $ref: '#/$defs/filter' },
          ...(index % 2 === 0
            ? {
                ratio: { type: 'number', description: say('Share of the entries to sample, from 0 to 1.'), minimum: 0, maximum: 1, default: 0.25 },
                offset: { type: 'integer', minimum: -1000, default: -1, title: 'Offset' },
                since: {
                  type: 'string',
                  format: 'date-time',
                  pattern: '^\\d{4}-\\d{2}-\\d{2}',
                  examples: ['2024-01-31'],
                  description: say('Only entries after this "date".'),
                },
              }
            : {
                state: { type: ['string', 'null'], enum: ['open', 'closed', null], description: say('The state of the entries.') },
                dryRun: { type: 'boolean', default: false, description: say('If true, nothing is changed.') },
                mode: { anyOf: [{ const: 'fast' }, { const: 'thorough', description: say('Slower, and checks every entry.') }] },
              }),
        },
        required: index % 2 === 0 ? ['limit'] : ['limit', 'order'],
        additionalProperties: false,
        $defs: {
          filter: {
            type: 'object',
            description: say('Only entries that match every field given.'),
            properties: {
              tags: { type: 'array', items: { type: 'string' }, uniqueItems: true, maxItems: 20, description: say('Tags the entry must carry.') },
              owner: { type: 'object', properties: { login: { type: 'string', minLength: 1 }, id: { type: 'integer' } }, required: ['login'] },
            },
          },
        },
      },
    })),
  };
  const text = compact ? JSON.stringify(catalog).replace(/[<>&]/g, (char) => `\\u00${char.charCodeAt(0).toString(16)}`) : JSON.stringify(catalog, null, 2);
  return new TextEncoder().encode(text);
}

/**
 * Opens the store, loads `tokenizer`, starts the counting threads, analyses warmUpCatalog() WARM_UP_ROUNDS times into a store in memory
 * and compares its levels once. `signal` (a real call arrived) stops the rounds after the first, a full-size round part-way, and the
 * comparison: a job never waits for more than a small round under way.
 */
export async function warmUp(
  tokenizer: TokenizerName,
  openStore: () => unknown,
  counter: ParallelTokenCounter | undefined,
  signal?: AbortSignal,
): Promise<void> {
  loadTokenizer(tokenizer);
  try {
    openStore();
  } catch {
    // The first real use reports why the store cannot be opened (and tries again).
  }
  const counting = counter?.warmUp([tokenizer]);
  const scratch = RecoveryStore.open(':memory:');
  try {
    // The first round runs whatever comes; later ones only until a real call arrives (warmUpRound says what each analyses).
    for (let round = 0; round < WARM_UP_ROUNDS && (round === 0 || !signal?.aborted); round++) {
      const { tools, wide, compact } = warmUpRound(round);
      // A full-size round takes a few hundred ms: a real call stops it part-way (a small one it lets finish).
      const stoppable = tools === FULL_SIZE_TOOLS && signal ? { signal } : {};
      try {
        await analyzeCatalog({
          analysisId: 'warm-up',
          name: 'warm-up.json',
          bytes: warmUpCatalog(tools, wide, compact),
          tokenizer,
          store: scratch,
          counter,
          ...stoppable,
        });
      } catch (error) {
        if (signal?.aborted) break;
        throw error;
      }
    }
  } finally {
    scratch.close();
  }
  if (!signal?.aborted) await compareLevels(warmUpCatalog(), { tokenizer, signal, ...(counter ? { counter } : {}) }).catch(() => undefined);
  await counting;
}
