// The History list's keyboard row (the cursor) and the selections made from it: one row, a run
// from the anchor (Shift), a row added or taken out (Ctrl/⌘ or Space), or the cursor moved alone.
// A row whose page is not fetched yet is selected when its page lands.

import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { useApp, useHistory } from '../app-context';
import { entryAt, indexOfHandle } from '../state/history-store';

export interface HistoryCursor {
  /** The keyboard's row, within the list. */
  activeIndex: number;
  /** Selects the row on its own and shows its details. */
  selectIndex(index: number): void;
  /** Moves the keyboard's row without selecting it (Ctrl/⌘+arrows), so Space can add it to the selection. */
  moveCursor(index: number): void;
  /** Selects the rows from the anchor to `index` (those loaded) and shows `index`'s details. */
  selectRunTo(index: number): void;
  /** Adds the row to the selection, or takes it out. */
  toggleIndex(index: number): void;
}

export function useHistoryCursor(count: number, virtualizer: Virtualizer<HTMLDivElement, Element>): HistoryCursor {
  const { stores } = useApp();
  const pages = useHistory((state) => state.pages);
  const selected = useHistory((state) => state.selected);
  const [cursor, setCursor] = useState(0);
  // Where a run of selected rows starts (Shift+click, Shift+arrows): the last row selected on its own.
  const anchor = useRef(0);
  const selectedIndex = selected === null ? -1 : indexOfHandle({ pages }, selected);
  // The row shown in the details moved (picked elsewhere, or shifted by a refresh): the keyboard follows it. A move this list made
  // itself leaves the cursor where it put it (taking a row out of the selection shows another's details).
  const movedHere = useRef(false);
  useEffect(() => {
    if (!movedHere.current && selectedIndex >= 0) setCursor(selectedIndex);
    movedHere.current = false;
  }, [selected, selectedIndex]);

  // A selection waiting for its page (the keyboard moved onto a row not fetched yet) lands with the page.
  const pendingSelect = useRef<number | null>(null);
  useEffect(() => {
    if (pendingSelect.current === null) return;
    const entry = entryAt({ pages }, pendingSelect.current);
    if (!entry) return;
    pendingSelect.current = null;
    void stores.history.getState().select(entry.handle);
  }, [pages, stores]);

  /** Puts the cursor on `index` (kept in the list) and scrolls it in; `select` says the move is this list's own selection. */
  const place = (index: number, select: boolean) => {
    const next = Math.max(0, Math.min(count - 1, index));
    if (select) movedHere.current = true;
    setCursor(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
    return next;
  };

  return {
    activeIndex: Math.min(cursor, Math.max(0, count - 1)),

    selectIndex(index) {
      const next = place(index, true);
      anchor.current = next;
      const entry = entryAt(stores.history.getState(), next);
      if (entry) {
        pendingSelect.current = null;
        void stores.history.getState().select(entry.handle);
      } else {
        pendingSelect.current = next;
        stores.history.getState().ensureRange(next, next);
      }
    },

    moveCursor: (index) => void place(index, false),

    selectRunTo(index) {
      const next = place(index, true);
      const state = stores.history.getState();
      const shown = entryAt(state, next);
      if (!shown) return;
      const [from, to] = [Math.min(anchor.current, next), Math.max(anchor.current, next)];
      const run = Array.from({ length: to - from + 1 }, (_, i) => entryAt(state, from + i)?.handle).filter((handle) => handle !== undefined);
      void state.selectRun(run, shown.handle);
    },

    toggleIndex(index) {
      const entry = entryAt(stores.history.getState(), index);
      if (!entry) return;
      movedHere.current = true;
      setCursor(index);
      anchor.current = index;
      void stores.history.getState().toggleSelected(entry.handle);
    },
  };
}
