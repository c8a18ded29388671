// visibleTokens(): what a model sees of a catalog before and after a shrink
// (docs/transform.md), from the two texts alone — for a caller that has the bytes it
// received and the bytes it sends (the proxy's stderr line), not a report.

import type { VisibleTokens } from '../../shared/contracts';
import { DEFAULT_TOKENIZER, type TokenizerName } from '../../shared/tokenizers';
import { JsonSyntaxError, MAX_JSON_DEPTH, parseJson } from '../engine/json/parse-json';
import { decodeInput } from '../engine/text/decode-input';
import type { ParallelTokenCounter } from '../engine/tokens';
import { readCatalog } from '../engine/transform/catalog-shape';
import { sharedCounter } from './shared-counter';
import { beginVisibleCounts, visibleFigures, type VisibleSide } from './visible-counts';

/**
 * Tokens of the `anthropic` and `openai` renderings of `before` (a catalog's
 * UTF-8 bytes) and `after` (its shrunk bytes, or the same bytes when it passed
 * through). Undefined when either is not a catalog (not UTF-8, not JSON, or
 * none of the shapes of docs/transform.md): there is then nothing a model sees as tools.
 */
export async function visibleTokens(
  before: Uint8Array,
  after: Uint8Array,
  tokenizer: TokenizerName = DEFAULT_TOKENIZER,
  counter: ParallelTokenCounter = sharedCounter(),
): Promise<VisibleTokens | undefined> {
  const input = sideOf(before);
  const output = after === before ? input : sideOf(after);
  if (!input || !output) return undefined;
  const counting = beginVisibleCounts(input, counter, tokenizer);
  const shrunk = output === input ? counting : beginVisibleCounts(output, counter, tokenizer, undefined, counting);
  return (await visibleFigures(counting, shrunk)).total;
}

function sideOf(bytes: Uint8Array): VisibleSide | undefined {
  const decoded = decodeInput(bytes);
  if (!decoded.ok) return undefined;
  try {
    const doc = parseJson(decoded.text, MAX_JSON_DEPTH);
    const layout = readCatalog(doc);
    return layout && { doc, layout, asciiBytes: decoded.asciiBytes };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return undefined;
    throw error;
  }
}
