// Every handle in the store, newest first, as a virtualised listbox: only the
// rows on screen exist, and their pages (200 rows) are fetched as they come
// into view, so 100,000 entries scroll like ten. Arrow keys, Page Up/Down,
// Home and End move the selection; with Shift they extend it, with Ctrl/⌘
// they move without selecting, and Space (or Ctrl/⌘+click) adds the row or
// takes it out, to act on several at once.
// The column headers are sort buttons; main orders the rows, so a sort
// reloads from the first page.

import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { HistoryEntry } from '../../../shared/contracts';
import { useApp, useHistory } from '../app-context';
import { useHistoryCursor, type HistoryCursor } from '../hooks/use-history-cursor';
import { ALL_DAYS, entryAt, type HistoryDays } from '../state/history-store';
import { HistoryCells, HistoryColumns } from './history-columns';

const ROW_HEIGHT = 40;

export function HistoryList() {
  const { stores } = useApp();
  const { total, pages, selection, query, days, sort, error } = useHistory(
    useShallow((state) => ({
      total: state.total,
      pages: state.pages,
      selection: state.selection,
      query: state.query,
      days: state.days,
      sort: state.sort,
      error: state.error,
    })),
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = total ?? 0;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const cursor = useHistoryCursor(count, virtualizer);
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

  if (error && total === null) {
    return (
      <div className="list-status" role="alert">
        Could not read the history: {error.message}
      </div>
    );
  }
  if (total === 0) return <div className="list-status">{emptyText(query, days)}</div>;

  const { activeIndex } = cursor;
  const activeEntry = entryAt({ pages }, activeIndex);
  const pageRows = () => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
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
        onKeyDown={(event) => onListKey(event, cursor, count, selection.length > 0, pageRows())}
      >
        <div className="history-sizer" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const entry = entryAt({ pages }, item.index);
            const selected = entry !== undefined && selection.includes(entry.handle);
            return <HistoryOption key={item.key} item={item} entry={entry} selected={selected} count={count} cursor={cursor} />;
          })}
        </div>
      </div>
    </div>
  );
}

function emptyText(query: string, days: HistoryDays): string {
  if (query !== '') return `No handle or source name matches “${query}”${days === ALL_DAYS ? '' : ' on those days'}.`;
  if (days !== ALL_DAYS) return 'No handle was stored on those days.';
  return 'No handles stored yet. Shrink a catalog and its original is kept here, byte for byte.';
}

/** Arrows, Page Up/Down, Home and End move (Shift: extend the run; Ctrl/⌘: the cursor alone); Space adds or takes out, Enter selects. */
function onListKey(event: KeyboardEvent<HTMLDivElement>, cursor: HistoryCursor, count: number, someSelected: boolean, page: number): void {
  if (count === 0) return;
  const { activeIndex } = cursor;
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
    if (event.shiftKey) cursor.selectRunTo(target);
    else if (event.ctrlKey || event.metaKey) cursor.moveCursor(target);
    else cursor.selectIndex(target);
  } else if (event.key === ' ' && someSelected) {
    event.preventDefault();
    cursor.toggleIndex(activeIndex);
  } else if ((event.key === 'Enter' || event.key === ' ') && !someSelected) {
    event.preventDefault();
    cursor.selectIndex(activeIndex);
  }
}

/** One row of the list: its cells once its page is fetched, "Loading…" until then. */
function HistoryOption(props: { item: VirtualItem; entry: HistoryEntry | undefined; selected: boolean; count: number; cursor: HistoryCursor }) {
  const { item, entry, selected, count, cursor } = props;
  const onClick = (event: MouseEvent) => {
    if (event.shiftKey) cursor.selectRunTo(item.index);
    else if (event.ctrlKey || event.metaKey) cursor.toggleIndex(item.index);
    else cursor.selectIndex(item.index);
  };
  return (
    <div
      id={`history-row-${item.index}`}
      role="option"
      aria-selected={selected}
      aria-setsize={count}
      aria-posinset={item.index + 1}
      className={`history-row${selected ? ' is-selected' : ''}${item.index === cursor.activeIndex ? ' is-active' : ''}${entry ? '' : ' is-loading'}`}
      style={{ transform: `translateY(${item.start}px)`, height: item.size }}
      onClick={onClick}
    >
      {entry ? <HistoryCells entry={entry} /> : <span className="h-loading">Loading…</span>}
    </div>
  );
}
