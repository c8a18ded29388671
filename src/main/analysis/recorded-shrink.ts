// What a stored original is shrunk again with when history asks (open it in
// the diff, Save compressed): the options and tokenizer of the shrink the
// page shows — named by its id, else the latest — not the app's current
// settings, so the catalog handed out is the one that shrink recorded.

import { parseCompressor, withRecordedCalls, type ShrinkSettings } from '../../shared/compressor';
import { CavemanError } from '../../shared/errors';
import { isTokenizerName, type TokenizerName } from '../../shared/tokenizers';
import type { HistoryShrink, RecoveryStore } from '../store';

export interface ShrinkAgain {
  shrink: HistoryShrink;
  /** Its tokenizer; `fallback` when it recorded none (or one this version does not have). */
  tokenizer: TokenizerName;
  /** Its options, read from its compressor; `fallback`'s where that is a label this version does not write. */
  options: ShrinkSettings;
}

/** The shrink of `handle` to repeat; cave_not_found when the handle, or that shrink of it, is not in the store. */
export function shrinkAgain(
  store: RecoveryStore,
  handle: string,
  id: number | undefined,
  fallback: { tokenizer: TokenizerName } & ShrinkSettings,
): ShrinkAgain {
  const shrink = store.shrink(handle, id);
  if (!shrink) {
    const what = id === undefined ? `no original is stored under ${handle}` : `${handle} has no shrink numbered ${id}`;
    throw new CavemanError('cave_not_found', `${what} in the recovery store at ${store.path}`);
  }
  return {
    shrink,
    tokenizer: isTokenizerName(shrink.tokenizer) ? shrink.tokenizer : fallback.tokenizer,
    options: withRecordedCalls(
      parseCompressor(shrink.compressor) ?? {
        shareSchemas: fallback.shareSchemas,
        level: fallback.level,
        ...(fallback.budget !== undefined ? { budget: fallback.budget } : {}),
      },
      shrink.calls,
    ),
  };
}
