// History keeps what the model saw of each shrink: the renderings are
// counted after the original was committed (the app with its per-tool
// report, the CLI once its output is written, the proxy when it compares a
// listing with the server's), so the figures are recorded on that shrink
// then. A shrink nobody counted stays "JSON only".

import type { ShrinkReport, VisibleTokens } from '../../shared/contracts';
import { withStore, type StoreOption } from './store-option';

/** Which shrink: its tokenizer and JSON counts, as its report gives them. */
export type RecordedShrink = Pick<ShrinkReport, 'tokenizer' | 'tokens_before' | 'tokens_after'>;

/** Records `visible` on the shrink `report` describes; a store that refuses leaves it recorded as JSON only, and the shrink stands. */
export function recordModelTokens(store: StoreOption | undefined, handle: string, report: RecordedShrink, visible: VisibleTokens): void {
  try {
    withStore(store, (opened) =>
      opened.recordModelTokens(handle, { tokenizer: report.tokenizer, tokensBefore: report.tokens_before, tokensAfter: report.tokens_after }, visible),
    );
  } catch {
    // History shows this shrink's JSON figures only ("JSON only"), as for shrinks made before the figures were kept.
  }
}
