// Find in the diff: one bar above both sides, driving CodeMirror's search
// state in both editors (matches are highlighted on each side) and stepping
// through the matches of the side you choose; a match inside a collapsed
// "unchanged lines" block opens that block. Enter / Shift+Enter step, Escape
// closes and returns focus to the editor. A narrow diff puts the side and
// case options on a second row, so the count and Close stay in view.

import type { MergeView } from '@codemirror/merge';
import { SearchQuery, closeSearchPanel, findNext, findPrevious, openSearchPanel, searchPanelOpen, setSearchQuery } from '@codemirror/search';
import type { EditorView } from '@codemirror/view';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatCount, formatInt } from '../lib/format';
import { Icon } from './icon';
import { SearchField } from './search-field';

export type DiffSide = 'a' | 'b';

export interface DiffSearchBarProps {
  view: MergeView;
  side: DiffSide;
  /** Changes on every Find, so a repeated Find refocuses the box. */
  seq: number;
  initialText: string;
  /** What the search covers when it is not the whole diff ("this section"). */
  scopeNote: string | null;
  onSideChange(side: DiffSide): void;
  onClose(): void;
}

/** Counting stops here, so a one-letter search in a 30 MiB catalog stays quick. */
const COUNT_LIMIT = 10_000;

/** Matches on one side, and which of them (1-based) starts at `at` (0 when none does). */
function countMatches(editor: EditorView, query: SearchQuery, at: number | null): { total: number; current: number } {
  if (!query.valid) return { total: 0, current: 0 };
  const cursor = query.getCursor(editor.state);
  let total = 0;
  let current = 0;
  for (let next = cursor.next(); !next.done && total < COUNT_LIMIT; next = cursor.next()) {
    total += 1;
    if (next.value.from === at) current = total;
  }
  return { total, current };
}

export function DiffSearchBar({ view, side, seq, initialText, scopeNote, onSideChange, onClose }: DiffSearchBarProps) {
  const [text, setText] = useState(initialText);
  const [caseSensitive, setCaseSensitive] = useState(false);
  const [found, setFound] = useState<boolean | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const editor: EditorView = side === 'a' ? view.a : view.b;
  // Where the last step landed, to say "3 of 12".
  const [landed, setLanded] = useState<number | null>(null);
  const counted = useMemo(
    () => countMatches(editor, new SearchQuery({ search: text, caseSensitive, literal: true }), landed),
    [editor, text, caseSensitive, landed],
  );
  const countText =
    counted.total >= COUNT_LIMIT
      ? `${formatInt(COUNT_LIMIT)}+ matches`
      : counted.current > 0
        ? `${formatInt(counted.current)} of ${formatCount(counted.total, 'match', 'matches')}`
        : formatCount(counted.total, 'match', 'matches');
  const none = text !== '' && (found === false || counted.total === 0);

  // Before the browser hands on the next key: Find opens this bar synchronously, so keys typed right after Ctrl+F land here.
  useLayoutEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [seq]);

  // Keep both sides' search state in step with the box; close the hidden panels when the bar goes.
  useEffect(() => {
    const editors = [view.a, view.b];
    for (const side of editors) {
      if (!searchPanelOpen(side.state)) openSearchPanel(side);
      side.dispatch({ effects: setSearchQuery.of(new SearchQuery({ search: text, caseSensitive, literal: true })) });
    }
  }, [view, text, caseSensitive]);

  useEffect(
    () => () => {
      for (const side of [view.a, view.b]) closeSearchPanel(side);
    },
    [view],
  );

  const step = (forward: boolean) => {
    if (text === '') return;
    // The step opens collapsed lines hiding the match and scrolls to it (search-reveal.ts).
    setFound((forward ? findNext : findPrevious)(editor));
    setLanded(editor.state.selection.main.from);
  };

  const close = () => {
    onClose();
    editor.focus();
  };

  return (
    <div className="diff-search" role="search" aria-label="Find in diff">
      <div className="diff-search-query">
        <SearchField
          ref={inputRef}
          label="Find in diff"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setFound(null);
            setLanded(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              step(!event.shiftKey);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
        />
        <span className={none ? 'diff-search-status is-none' : 'diff-search-status'} role="status">
          {text === '' ? '' : none ? (scopeNote ? `No matches in ${scopeNote}` : 'No matches') : scopeNote ? `${countText} in ${scopeNote}` : countText}
        </span>
        <button
          type="button"
          className="icon-button"
          aria-label="Previous match"
          onClick={() => step(false)}
          disabled={text === ''}
          title="Previous match (Shift+Enter)"
        >
          <Icon name="chevron" size={14} className="turn-up" />
        </button>
        <button type="button" className="icon-button" aria-label="Next match" onClick={() => step(true)} disabled={text === ''} title="Next match (Enter)">
          <Icon name="chevron" size={14} className="turn-down" />
        </button>
      </div>
      <div className="diff-search-options">
        <label className="inline-select">
          <span>in</span>
          <select
            aria-label="Search side"
            value={side}
            onChange={(event) => {
              setLanded(null);
              onSideChange(event.target.value === 'b' ? 'b' : 'a');
            }}
          >
            <option value="a">Original</option>
            <option value="b">Compressed</option>
          </select>
        </label>
        <button
          type="button"
          className="toggle-button"
          aria-pressed={caseSensitive}
          aria-label="Match case"
          title="Match case"
          onClick={() => setCaseSensitive(!caseSensitive)}
        >
          Aa
        </button>
        <button type="button" className="icon-button" aria-label="Close search" title="Close search (Escape)" onClick={close}>
          <Icon name="close" size={14} />
        </button>
      </div>
    </div>
  );
}
