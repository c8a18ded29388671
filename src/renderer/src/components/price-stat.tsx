// The summary's money card: the person types their model's input price, and
// the card shows what the saved tokens are worth over 1,000 requests. The
// text is theirs to edit freely; the stored price follows it and is cleared
// while the text is not a price, so no figure is shown for a price the field
// does not say; the card says instead why the text is not a price and what is.

import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { useApp } from '../app-context';
import { formatUsd, parseInputPrice, priceProblem, savingPer1000Requests } from '../lib/input-price';

export function PriceStat({ savedTokens }: { savedTokens: number }) {
  const { stores } = useApp();
  const price = useStore(stores.settings, (state) => state.inputPrice);
  const [draft, setDraft] = useState(price === null ? '' : String(price));
  const id = useId();
  const problem = priceProblem(draft);

  const change = (text: string) => {
    setDraft(text);
    stores.settings.getState().setInputPrice(parseInputPrice(text));
  };

  return (
    <div className="stat stat-price">
      <dt className="stat-label">Per 1,000 requests · estimate</dt>
      {problem !== null ? (
        <dd className="stat-value stat-problem" id={`${id}-problem`}>
          {problem}
        </dd>
      ) : price === null ? (
        <dd className="stat-value stat-hint">enter your input price</dd>
      ) : (
        <dd className="stat-value" title="Saved tokens × 1,000 × price ÷ 1,000,000, from inferred token counts">
          {formatUsd(savingPer1000Requests(savedTokens, price))} saved
        </dd>
      )}
      <dd className="stat-detail price-field">
        <label htmlFor={id}>Input price</label>
        <span aria-hidden="true">$</span>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={draft}
          aria-invalid={problem !== null || undefined}
          aria-describedby={problem !== null ? `${id}-unit ${id}-problem` : `${id}-unit`}
          onChange={(event) => change(event.target.value)}
        />
        <span id={`${id}-unit`}>per 1M tokens</span>
      </dd>
    </div>
  );
}
