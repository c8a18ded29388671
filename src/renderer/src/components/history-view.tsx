// The History tab: the days to show (a bar of its own, whose right end is
// where notices appear), a search box (source name or handle, applied after a
// short pause), the number of matching handles, the list, and the details
// of the selected one (or of the several selected); the proxy's tool calls
// are a button away.

import { useEffect, useRef, useState } from 'react';
import { useApp, useHistory, useSettings, useUi } from '../app-context';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { formatCount } from '../lib/format';
import { titleWithShortcut } from '../lib/shortcuts';
import { ALL_DAYS, DEFAULT_HISTORY_SORT } from '../state/history-store';
import { HistoryDaysFilter } from './history-days';
import { HistoryDetails } from './history-details';
import { HistoryList } from './history-list';
import { ToolCallsButton } from './history-tool-calls';
import { SearchField } from './search-field';

const SEARCH_DELAY_MS = 200;

export function HistoryView() {
  const { stores, mac } = useApp();
  const storePath = useSettings((state) => state.appInfo?.storePath ?? null);
  const total = useHistory((state) => state.total);
  const filtered = useHistory((state) => state.query !== '' || state.days !== ALL_DAYS);
  const newestFirst = useHistory((state) => state.sort.key === DEFAULT_HISTORY_SORT.key && state.sort.direction === DEFAULT_HISTORY_SORT.direction);
  const findSeq = useUi((state) => state.findSeq);
  const [input, setInput] = useState('');
  const settled = useDebouncedValue(input, SEARCH_DELAY_MS);
  const searchRef = useRef<HTMLInputElement>(null);
  const findSeqAtMount = useRef(findSeq);

  useEffect(() => {
    if (settled.trim() !== stores.history.getState().query) void stores.history.getState().search(settled);
  }, [settled, stores]);

  useEffect(() => {
    if (findSeq === findSeqAtMount.current || stores.ui.getState().tab !== 'history') return;
    searchRef.current?.focus();
    searchRef.current?.select();
  }, [findSeq, stores]);

  const count =
    total === null ? '' : filtered ? formatCount(total, 'match', 'matches') : `${formatCount(total, 'handle')}${newestFirst ? ', newest first' : ''}`;

  return (
    <div className="history-view">
      <div className="history-bar">
        <HistoryDaysFilter />
        <ToolCallsButton />
      </div>
      <div className="history">
        <section className="panel history-panel" aria-labelledby="history-heading">
          <div className="panel-head">
            <h2 className="panel-title" id="history-heading" title={storePath ?? undefined}>
              Recovery store
            </h2>
            <span className="panel-note" aria-live="polite">
              {count}
            </span>
            <SearchField
              wide
              ref={searchRef}
              label="Search history"
              placeholder="Search by source name or handle"
              title={titleWithShortcut('Search history', 'find', mac)}
              value={input}
              maxLength={200}
              onChange={(event) => setInput(event.target.value)}
            />
          </div>
          <HistoryList />
        </section>
        <HistoryDetails />
      </div>
    </div>
  );
}
