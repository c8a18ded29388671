// The CLI tables' figures, what the model sees first: Claude's tokens
// before → after and the share saved (the anthropic rendering), OpenAI's,
// then the catalog's JSON (whitespace included). lint's per-tool table and
// history's listing both print these columns.

import type { RenderedTokens, VisibleTokens } from '../../shared/contracts';
import { formatChange, formatPercent } from '../../shared/format-figures';
import { signedRatio } from '../../shared/ratio';

export const SEEN_HEADER = ['CLAUDE', 'SAVED', 'OPENAI', 'SAVED', 'JSON', 'SAVED'];

/** What a row whose shrink was recorded without what the model saw says under CLAUDE. */
export const JSON_ONLY = 'JSON only';

/** The legend under a table of these columns. */
export const SEEN_LEGEND = 'CLAUDE, OPENAI: what each model is handed (anthropic, openai renderings) · JSON: the catalog file, whitespace included';

const cells = (tokens: RenderedTokens) => [
  formatChange(tokens.tokens_before, tokens.tokens_after),
  formatPercent(signedRatio(tokens.tokens_before, tokens.tokens_after)),
];

/** A row's six cells; `visible` null (recorded as JSON only) leaves the model's columns to say so. */
export function seenCells(json: RenderedTokens, visible: VisibleTokens | null): string[] {
  const model = visible ? [...cells(visible.anthropic), ...cells(visible.openai)] : [JSON_ONLY, '', '', ''];
  return [...model, ...cells(json)];
}
