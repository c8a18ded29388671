// A first analysis right after the app starts paid for the jobs worker's
// start: loading its code, compiling every function of the shrink, the
// checks, the report and the diff on first call, opening the store and
// starting the counting threads — about as long as the analysis of a small
// catalog itself, several times over. The host warms the worker as soon as it
// is up (a person takes seconds to pick a file): the store is opened, the
// vocabulary loaded, the counting threads started, and a small built-in
// catalog is analysed into a store in memory (several rounds) and compared at every
// level (the page asks for that comparison as soon as a result is shown: cold,
// it cost the host about twice its warm CPU), so the code of every step has
// run often enough to be optimised. Nothing is stored or shown.
//
// Every other round's catalog holds one character beyond Latin-1 (an em dash,
// as real catalogs do): V8 keeps a one-byte and a two-byte form of a string,
// and compiles each regular expression for each form on first use. One such
// character anywhere makes the whole decoded catalog, and every slice of it,
// two-byte; with a Latin-1 warm-up only, the first such drop compiled every
// pattern of the shrink, the fact taxonomy and the counting again.

import type { TokenizerName } from '../../../shared/tokenizers';
import type { ParallelTokenCounter } from '../../engine/tokens';
import { loadTokenizer } from '../../engine/tokens/count-tokens';
import { compareLevels } from '../../library/level-comparison';
import { RecoveryStore } from '../../store';
import { analyzeCatalog } from './analyze-catalog';

/**
 * Analyses of the warm-up catalog. Run once, the first real analysis of a 30 KB catalog still took its thread ~80 ms of CPU, ~40 ms
 * once that catalog had been analysed a few times: V8 optimises a function only after many calls. Ten rounds bring it to ~55 ms
 * (the rest is the catalog's own words and shapes) for ~10 ms each, in the seconds a person takes to pick a file.
 */
export const WARM_UP_ROUNDS = 10;

/**
 * Tools with what real catalogs have: prose with rule sentences, enums, defaults, nested objects, arrays, a `$ref` into `$defs`.
 * `wide`: every sentence ends in an em dash clause, so the decoded text is a two-byte string and so is every sentence (new ones:
 * the fact taxonomy remembers the answers for the others, and would not run its patterns on them).
 */
export function warmUpCatalog(tools = 8, wide = false): Uint8Array {
  const say = (text: string) => (wide ? text.replace(/\.(?= |$)/g, ' — as written.') : text);
  const catalog = {
    tools: Array.from({ length: tools }, (_, index) => ({
      name: `warm_tool_${index}`,
      description: say(
        `Lists the entries of collection ${index}. Use this when you need every entry at once. ` +
          'Returns at most 100 entries per page; pass the cursor to read the next page. You must not call it in a loop without a cursor.',
      ),
      inputSchema: {
        type: 'object',
        properties: {
          cursor: { type: 'string', description: say('The cursor from the previous page, if any.') },
          limit: { type: 'integer', description: say('How many entries to return.'), default: 50, minimum: 1, maximum: 100 },
          order: { type: 'string', enum: ['newest', 'oldest'], default: 'newest', description: say('The order of the entries.') },
          filter: { $ref: '#/$defs/filter' },
        },
        required: ['limit'],
        additionalProperties: false,
        $defs: {
          filter: {
            type: 'object',
            description: say('Only entries that match every field given.'),
            properties: { tags: { type: 'array', items: { type: 'string' }, description: say('Tags the entry must carry.') } },
          },
        },
      },
    })),
  };
  return new TextEncoder().encode(JSON.stringify(catalog, null, 2));
}

/**
 * Opens the store, loads `tokenizer`, starts the counting threads, analyses warmUpCatalog() WARM_UP_ROUNDS times into a store in memory
 * and compares its levels once. `signal` (a real call arrived) stops the rounds after the first, and the comparison: a job never waits
 * for more than the round under way.
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
    // The first round runs whatever comes; later ones only until a real call arrives. Odd rounds are two-byte text.
    for (let round = 0; round < WARM_UP_ROUNDS && (round === 0 || !signal?.aborted); round++)
      await analyzeCatalog({ analysisId: 'warm-up', name: 'warm-up.json', bytes: warmUpCatalog(8, round % 2 === 1), tokenizer, store: scratch, counter });
  } finally {
    scratch.close();
  }
  if (!signal?.aborted) await compareLevels(warmUpCatalog(), { tokenizer, signal, ...(counter ? { counter } : {}) }).catch(() => undefined);
  await counting;
}
