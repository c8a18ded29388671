// The History list's columns: the header row of sort buttons, and the cells of one stored handle.

import type { HistoryEntry, HistorySortKey } from '../../../shared/contracts';
import { useApp } from '../app-context';
import { formatInt, formatPercent, formatTimestamp } from '../lib/format';
import { figuresText, JSON_ONLY, jsonFigures, modelFigures, tokensText } from '../lib/model-figures';
import { nextHistorySort, type HistorySort } from '../state/history-store';

/**
 * What the model sees of the entry's latest shrink, Claude's on the first line and OpenAI's, labelled, on the second; a
 * shrink recorded without it says "JSON only" over its JSON figures, labelled. The JSON figures are in the tooltip.
 */
function Figures({ entry }: { entry: HistoryEntry }) {
  const json = jsonFigures(entry);
  const [claude, openai] = modelFigures(entry.visible);
  const title = `JSON tokens: ${figuresText(json)}`;
  if (!claude || !openai) {
    return (
      <>
        <span className="h-tokens num h-json-only" title={title}>
          <span>{JSON_ONLY}</span>
          <span className="h-second">JSON {tokensText(json)}</span>
        </span>
        <span className="h-saved num h-json-only" title={title}>
          <span>{formatPercent(json.saved)}</span>
          <span className="h-second">JSON</span>
        </span>
      </>
    );
  }
  return (
    <>
      <span className="h-tokens num" title={title}>
        <span>{tokensText(claude)}</span>
        <span className="h-second">OpenAI {tokensText(openai)}</span>
      </span>
      <span className="h-saved num" title={title}>
        <span>{formatPercent(claude.saved)}</span>
        <span className="h-second">OpenAI {formatPercent(openai.saved)}</span>
      </span>
    </>
  );
}

export function HistoryCells({ entry }: { entry: HistoryEntry }) {
  return (
    <>
      <span className="h-handle">{entry.handle}</span>
      <span className="h-created">{formatTimestamp(entry.created_at)}</span>
      <span className="h-source" title={entry.source_name ?? undefined}>
        {entry.source_name ?? <span className="muted">unknown</span>}
      </span>
      <span className="h-tools num">{entry.tool_count === null ? '—' : formatInt(entry.tool_count)}</span>
      <Figures entry={entry} />
    </>
  );
}

/** A column header that sorts by its column: aria-sort says the current order, the mark shows it. */
function SortHeader({ column, label, name, sort, className }: { column: HistorySortKey; label: string; name?: string; sort: HistorySort; className?: string }) {
  const { stores } = useApp();
  const state = sort.key === column ? sort.direction : 'none';
  return (
    <span role="columnheader" aria-sort={state} className={className}>
      <button type="button" className="sort-button" aria-label={name} onClick={() => void stores.history.getState().setSort(nextHistorySort(sort, column))}>
        <span className="sort-label">{label}</span>
        <span className={`sort-mark sort-${state}`} aria-hidden="true" />
      </button>
    </span>
  );
}

export function HistoryColumns({ sort }: { sort: HistorySort }) {
  return (
    <div role="table" aria-label="History columns">
      <div className="history-columns" role="row">
        <span role="columnheader">Handle</span>
        <SortHeader column="created" label="Created" sort={sort} />
        <SortHeader column="source" label="Source" sort={sort} />
        <SortHeader column="tools" label="Tools" sort={sort} className="num" />
        <span className="history-tokens-head">
          {/* What Claude's model sees (the anthropic rendering), OpenAI's under it in each row; the JSON tokens in the tooltip. */}
          <SortHeader column="modelBefore" label="Claude sees" name="Claude sees before" sort={sort} className="num" />
          <span aria-hidden="true">→</span>
          <SortHeader column="modelAfter" label="after" name="Claude sees after" sort={sort} className="num" />
        </span>
        <SortHeader column="modelSaved" label="Saved" name="Claude saved" sort={sort} className="num" />
      </div>
    </div>
  );
}
