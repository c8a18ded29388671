// History keeps what the model saw of each shrink the app makes: the
// renderings are counted with the per-tool report, after the original was
// committed, so the figures are recorded on that shrink then.

import type { ShrinkReport, VisibleTokens } from '../../shared/contracts';
import { withStore, type StoreOption } from '../library/store-option';

/** Records `visible` on the shrink `report` describes; a store that refuses leaves it recorded as JSON only, and the shrink stands. */
export function recordModelTokens(store: StoreOption, handle: string, report: ShrinkReport, visible: VisibleTokens): void {
  try {
    withStore(store, (opened) =>
      opened.recordModelTokens(handle, { tokenizer: report.tokenizer, tokensBefore: report.tokens_before, tokensAfter: report.tokens_after }, visible),
    );
  } catch {
    // History shows this shrink's JSON figures only ("JSON only"), as for shrinks made before the figures were kept.
  }
}
