// History's figures, as the model sees them first: Claude's view (the
// anthropic rendering), then OpenAI's (harmony), each labelled; the
// catalog's JSON tokens after them, labelled too. A shrink recorded without
// what the model saw has its JSON figures only.

import type { VisibleTokens } from '../../../shared/contracts';
import { signedRatio } from '../../../shared/ratio';
import { formatChange, formatPercent } from './format';

export interface Figures {
  label: 'Claude' | 'OpenAI' | 'JSON';
  before: number;
  after: number;
  /** The signed share saved. */
  saved: number;
}

const figures = (label: Figures['label'], before: number, after: number): Figures => ({ label, before, after, saved: signedRatio(before, after) });

/** Claude's and OpenAI's figures, in that order; empty when the shrink was recorded without them (JSON only). */
export function modelFigures(visible: VisibleTokens | null): Figures[] {
  if (!visible) return [];
  return [
    figures('Claude', visible.anthropic.tokens_before, visible.anthropic.tokens_after),
    figures('OpenAI', visible.openai.tokens_before, visible.openai.tokens_after),
  ];
}

export function jsonFigures({ tokens_before, tokens_after }: { tokens_before: number; tokens_after: number }): Figures {
  return figures('JSON', tokens_before, tokens_after);
}

/** "25,148 → 24,707" */
export const tokensText = ({ before, after }: Figures) => formatChange(before, after);

/** "25,148 → 24,707 tokens, 1.8% saved" */
export const figuresText = (figures: Figures) => `${tokensText(figures)} tokens, ${formatPercent(figures.saved)} saved`;

/** What History says of a shrink recorded without what the model saw. */
export const JSON_ONLY = 'JSON only';
