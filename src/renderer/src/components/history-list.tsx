// Every handle in the store, newest first, as a virtualised listbox: only the
// rows on screen exist, and their pages (200 rows) are fetched as they come
// into view, so 100,000 entries scroll like ten. Arrow keys, Page Up/Down,
// Home and End move the selection; with Shift they extend it, with Ctrl/⌘
// they move without selecting, and Space (or Ctrl/⌘+click) adds the row or
// takes it out, to act on several at once.
// The column headers are sort buttons; main orders the rows, so a sort
// reloads from the first page.

import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { HistoryEntry, HistorySortKey } from '../../../shared/contracts';
import { useApp, useHistory } from '../app-context';
import { formatInt, formatPercent, formatTimestamp } from '../lib/format';
import { figuresText, JSON_ONLY, jsonFigures, modelFigures, tokensText } from '../lib/model-figures';
import { ALL_DAYS, entryAt, indexOfHandle, nextHistorySort, type HistorySort } from '../state/history-store';

const ROW_HEIGHT = 40;

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

function Row({ entry }: { entry: HistoryEntry }) {
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

function HistoryColumns({ sort }: { sort: HistorySort }) {
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

export function HistoryList() {
  const { stores } = useApp();
  const { total, pages, selected, selection, query, days, sort, error } = useHistory(
    useShallow((state) => ({
      total: state.total,
      pages: state.pages,
      selected: state.selected,
      selection: state.selection,
      query: state.query,
      days: state.days,
      sort: state.sort,
      error: state.error,
    })),
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState(0);
  // Where a run of selected rows starts (Shift+click, Shift+arrows): the last row selected on its own.
  const anchor = useRef(0);
  const count = total ?? 0;
  const selectedIndex = selected === null ? -1 : indexOfHandle({ pages }, selected);
  const activeIndex = Math.min(cursor, Math.max(0, count - 1));
  // The row shown in the details moved (picked elsewhere, or shifted by a refresh): the keyboard follows it. A move this list made
  // itself leaves the cursor where it put it (taking a row out of the selection shows another's details).
  const movedHere = useRef(false);
  useEffect(() => {
    if (!movedHere.current && selectedIndex >= 0) setCursor(selectedIndex);
    movedHere.current = false;
  }, [selected, selectedIndex]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;

  // A new order starts at its first row.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [sort]);

  // Fetch the pages of the rows on screen (and re-fetch after a refresh dropped them).
  useEffect(() => {
    if (last >= first) stores.history.getState().ensureRange(first, last);
  }, [first, last, pages, stores]);

  // A selection waiting for its page (the keyboard moved onto a row not fetched yet) lands with the page.
  const pendingSelect = useRef<number | null>(null);
  useEffect(() => {
    if (pendingSelect.current === null) return;
    const entry = entryAt({ pages }, pendingSelect.current);
    if (!entry) return;
    pendingSelect.current = null;
    void stores.history.getState().select(entry.handle);
  }, [pages, stores]);

  const selectIndex = (index: number) => {
    const next = Math.max(0, Math.min(count - 1, index));
    movedHere.current = true;
    setCursor(next);
    anchor.current = next;
    virtualizer.scrollToIndex(next, { align: 'auto' });
    const entry = entryAt(stores.history.getState(), next);
    if (entry) {
      pendingSelect.current = null;
      void stores.history.getState().select(entry.handle);
    } else {
      pendingSelect.current = next;
      stores.history.getState().ensureRange(next, next);
    }
  };

  /** Moves the keyboard's row without selecting it (Ctrl/⌘+arrows), so Space can add it to the selection. */
  const moveCursor = (index: number) => {
    const next = Math.max(0, Math.min(count - 1, index));
    setCursor(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  /** Selects the rows from the anchor to `index` (those loaded) and shows `index`'s details. */
  const selectRunTo = (index: number) => {
    const next = Math.max(0, Math.min(count - 1, index));
    movedHere.current = true;
    setCursor(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
    const state = stores.history.getState();
    const shown = entryAt(state, next);
    if (!shown) return;
    const [from, to] = [Math.min(anchor.current, next), Math.max(anchor.current, next)];
    const run = Array.from({ length: to - from + 1 }, (_, i) => entryAt(state, from + i)?.handle).filter((handle) => handle !== undefined);
    void state.selectRun(run, shown.handle);
  };

  const toggleIndex = (index: number) => {
    const entry = entryAt(stores.history.getState(), index);
    if (!entry) return;
    movedHere.current = true;
    setCursor(index);
    anchor.current = index;
    void stores.history.getState().toggleSelected(entry.handle);
  };

  const onRowClick = (event: MouseEvent, index: number) => {
    if (event.shiftKey) selectRunTo(index);
    else if (event.ctrlKey || event.metaKey) toggleIndex(index);
    else selectIndex(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + page,
      PageUp: activeIndex - page,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      if (event.shiftKey) selectRunTo(target);
      else if (event.ctrlKey || event.metaKey) moveCursor(target);
      else selectIndex(target);
    } else if (event.key === ' ' && selection.length > 0) {
      event.preventDefault();
      toggleIndex(activeIndex);
    } else if ((event.key === 'Enter' || event.key === ' ') && selection.length === 0) {
      event.preventDefault();
      selectIndex(activeIndex);
    }
  };

  if (error && total === null) {
    return (
      <div className="list-status" role="alert">
        Could not read the history: {error.message}
      </div>
    );
  }
  if (total === 0) {
    return (
      <div className="list-status">
        {query !== ''
          ? `No handle or source name matches “${query}”${days === ALL_DAYS ? '' : ' on those days'}.`
          : days !== ALL_DAYS
            ? 'No handle was stored on those days.'
            : 'No handles stored yet. Shrink a catalog and its original is kept here, byte for byte.'}
      </div>
    );
  }

  const activeEntry = entryAt({ pages }, activeIndex);
  return (
    <div className="history-table">
      <HistoryColumns sort={sort} />
      <div
        className="history-scroll"
        ref={scrollRef}
        role="listbox"
        aria-label="History"
        aria-multiselectable="true"
        tabIndex={0}
        aria-activedescendant={activeEntry && items.some((item) => item.index === activeIndex) ? `history-row-${activeIndex}` : undefined}
        onKeyDown={onKeyDown}
      >
        <div className="history-sizer" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const entry = entryAt({ pages }, item.index);
            const isSelected = entry !== undefined && selection.includes(entry.handle);
            return (
              <div
                key={item.key}
                id={`history-row-${item.index}`}
                role="option"
                aria-selected={isSelected}
                aria-setsize={count}
                aria-posinset={item.index + 1}
                className={`history-row${isSelected ? ' is-selected' : ''}${item.index === activeIndex ? ' is-active' : ''}${entry ? '' : ' is-loading'}`}
                style={{ transform: `translateY(${item.start}px)`, height: item.size }}
                onClick={(event) => onRowClick(event, item.index)}
              >
                {entry ? <Row entry={entry} /> : <span className="h-loading">Loading…</span>}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
