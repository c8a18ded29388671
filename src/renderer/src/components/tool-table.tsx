// The per-tool token report: sortable, filterable, virtualised (10,000 tools
// scroll smoothly), with the envelope and totals rows that add up to
// lint.total. A row is a keyboard stop (arrows move, Enter or a click jumps
// the diff to that tool).

import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { LintReport } from '../../../shared/contracts';
import { useApp, useUi } from '../app-context';
import { formatCount, formatInt, formatPercent } from '../lib/format';
import { titleWithShortcut } from '../lib/shortcuts';
import { DEFAULT_SORT, nextSort, splitTotals, subtotal, toolRows, type ToolSort, type ToolSortKey } from '../lib/tool-rows';
import { signedRatio } from '../../../shared/ratio';
import '../styles/tool-table.css';
import { useHeaderWidths } from '../hooks/use-header-widths';
import { ColumnResizer } from './column-resizer';
import { PreviewTag } from './preview-tag';
import { SearchField } from './search-field';

const ROW_HEIGHT = 34;
const PERCENT_WIDTH = 70;
/** A number column's width until its header has been measured (the widest header, Whitespace, fits). */
const HEADER_FALLBACK = 108;
const NAME_MIN = 140;

const COLUMNS: { key: ToolSortKey; label: string; numeric: boolean; title?: string }[] = [
  { key: 'name', label: 'Tool', numeric: false },
  { key: 'before', label: 'Before', numeric: true, title: 'Tokens before' },
  { key: 'after', label: 'After', numeric: true, title: 'Tokens after' },
  { key: 'saved', label: 'Saved', numeric: true, title: 'Share of the tool’s tokens saved' },
  { key: 'whitespace', label: 'Whitespace', numeric: true, title: 'Tokens saved by removing whitespace' },
  { key: 'metadata', label: 'Metadata', numeric: true, title: 'Tokens saved by dropping annotations (title, examples, $comment, $schema)' },
  { key: 'structure', label: 'Structure', numeric: true, title: 'Tokens saved by exact structure (keywords equal to their default, shared sub-schemas)' },
  { key: 'prose', label: 'Prose', numeric: true, title: 'Tokens saved by trimming descriptions' },
];

export function ToolTable({ lint, analysisId, preview = null }: { lint: LintReport; analysisId: string; preview?: string | null }) {
  const { stores, mac } = useApp();
  const findSeq = useUi((state) => state.findSeq);
  const revealed = useUi((state) => (state.reveal?.analysisId === analysisId ? state.reveal.index : null));
  // Find requests made before this table existed are not for it.
  const findSeqAtMount = useRef(findSeq);
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<ToolSort>(DEFAULT_SORT);
  const [focusIndex, setFocusIndex] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const pendingFocus = useRef(false);

  const rows = useMemo(() => toolRows(lint.tools, filter, sort), [lint, filter, sort]);
  const totals = useMemo(() => splitTotals(lint), [lint]);
  const filtered = filter.trim() !== '';
  const shown = useMemo(() => (filtered ? subtotal(rows) : null), [filtered, rows]);
  const footRows = shown ? 3 : 2;
  // Each number column as wide as its header or its largest value (the totals), whichever is wider: big catalogs never
  // clip digits, no header is cut, and short headers (After, Prose) leave their room to the names.
  const [headerRowRef, headerWidths] = useHeaderWidths();
  const valueWidth = (largest: number) => Math.ceil(formatInt(largest).length * 7.6 + 18);
  const valueWidths = [
    valueWidth(Math.max(lint.total.tokens_before, lint.envelope.tokens_before)),
    valueWidth(Math.max(lint.total.tokens_after, lint.envelope.tokens_after)),
    PERCENT_WIDTH,
    ...[totals.whitespace, totals.metadata, totals.structure, totals.prose].map(valueWidth),
  ];
  const numberWidths = valueWidths.map((width, i) => Math.max(width, headerWidths?.[i + 1] ?? HEADER_FALLBACK));
  const current = Math.min(focusIndex, Math.max(0, rows.length - 1));
  // The name column takes the room left over, unless the person sized it.
  const [nameWidth, setNameWidth] = useState<number | null>(null);
  const nameHeaderRef = useRef<HTMLTableCellElement>(null);
  const otherColumnsWidth = numberWidths.reduce((sum, width) => sum + width, 0);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));

  // Find (Ctrl/Cmd+F outside the editor) focuses the filter box of the Results tab.
  useEffect(() => {
    if (findSeq === findSeqAtMount.current || stores.ui.getState().tab !== 'results') return;
    filterRef.current?.focus();
    filterRef.current?.select();
  }, [findSeq, stores]);

  // Keyboard moves focus between virtual rows: scroll the row in, then focus it once rendered.
  useEffect(() => {
    if (!pendingFocus.current) return;
    const row = bodyRef.current?.querySelector<HTMLElement>(`tr[data-row="${current}"]`);
    if (row) {
      pendingFocus.current = false;
      row.focus({ preventScroll: true });
    }
  });

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    pendingFocus.current = true;
    setFocusIndex(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const reveal = (position: number) => {
    const row = rows[position];
    if (!row) return;
    setFocusIndex(position);
    stores.ui.getState().revealTool(analysisId, row.index, row.tool.name);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, PageDown: current + page, PageUp: current - page, Home: 0, End: rows.length - 1 };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      reveal(current);
    }
  };

  const sortState = (key: ToolSortKey) => (sort.key === key ? sort.direction : 'none');

  return (
    <section className="panel tools-panel" aria-labelledby={`tools-heading-${analysisId}`}>
      <div className="panel-head">
        <h3 className="panel-title" id={`tools-heading-${analysisId}`}>
          Per-tool tokens
        </h3>
        <PreviewTag reason={preview} />
        <span className="panel-note">
          {filter.trim() === '' ? formatCount(lint.tools.length, 'tool') : `${formatInt(rows.length)} of ${formatCount(lint.tools.length, 'tool')}`}
        </span>
        <SearchField ref={filterRef} label="Filter tools" title={titleWithShortcut('Filter tools', 'find', mac)} value={filter} onChange={(event) => setFilter(event.target.value)} />
      </div>
      <div className="table-scroll" ref={scrollRef}>
        <table className="tool-table" aria-label="Per-tool tokens" aria-rowcount={rows.length + 1 + footRows} style={{ minWidth: (nameWidth ?? NAME_MIN) + otherColumnsWidth }}>
          <colgroup>
            <col style={nameWidth === null ? undefined : { width: nameWidth }} />
            {numberWidths.map((width, i) => (
              <col key={i} style={{ width }} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1} ref={headerRowRef}>
              {COLUMNS.map((column) => (
                <th key={column.key} scope="col" aria-sort={sortState(column.key)} className={column.numeric ? 'num' : undefined} ref={column.key === 'name' ? nameHeaderRef : undefined}>
                  <button type="button" className="sort-button" onClick={() => setSort(nextSort(sort, column.key))} title={column.title}>
                    <span className="sort-label">{column.label}</span>
                    <span className={`sort-mark sort-${sortState(column.key)}`} aria-hidden="true" />
                  </button>
                  {column.key === 'name' ? (
                    <ColumnResizer
                      label="Tool column width"
                      width={nameWidth}
                      min={NAME_MIN}
                      max={900}
                      measure={() => nameHeaderRef.current?.getBoundingClientRect().width ?? NAME_MIN}
                      onResize={setNameWidth}
                    />
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={bodyRef} onKeyDown={onKeyDown}>
            {paddingTop > 0 ? (
              <tr className="spacer" aria-hidden="true">
                <td colSpan={8} style={{ height: paddingTop }} />
              </tr>
            ) : null}
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              const { tool } = row;
              return (
                <tr
                  key={row.index}
                  data-row={item.index}
                  aria-rowindex={item.index + 2}
                  tabIndex={item.index === current ? 0 : -1}
                  className={`tool-row${revealed === row.index ? ' is-revealed' : ''}`}
                  onClick={() => reveal(item.index)}
                  onFocus={() => setFocusIndex(item.index)}
                  title={`Show ${tool.name} in the diff`}
                >
                  <th scope="row" className="tool-name" title={tool.name}>
                    {tool.name}
                  </th>
                  <td className="num">{formatInt(tool.tokens_before)}</td>
                  <td className="num">{formatInt(tool.tokens_after)}</td>
                  <td className={`num${tool.ratio < 0 ? ' is-negative' : ''}`}>{formatPercent(tool.ratio)}</td>
                  <td className="num muted">{formatInt(tool.saving.whitespace)}</td>
                  <td className="num muted">{formatInt(tool.saving.metadata)}</td>
                  <td className="num muted">{formatInt(tool.saving.structure)}</td>
                  <td className="num muted">{formatInt(tool.saving.prose)}</td>
                </tr>
              );
            })}
            {paddingBottom > 0 ? (
              <tr className="spacer" aria-hidden="true">
                <td colSpan={8} style={{ height: paddingBottom }} />
              </tr>
            ) : null}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={8} className="table-empty">
                  {lint.tools.length === 0 ? 'This catalog has no tools.' : `No tool matches “${filter.trim()}”.`}
                </td>
              </tr>
            ) : null}
          </tbody>
          <tfoot className={shown ? 'has-subtotal' : undefined}>
            {shown ? (
              <tr className="subtotal-row" aria-rowindex={rows.length + 2}>
                <th scope="row" title="The tools the filter shows, without the envelope">
                  Filtered ({formatCount(rows.length, 'tool')})
                </th>
                <td className="num">{formatInt(shown.before)}</td>
                <td className="num">{formatInt(shown.after)}</td>
                <td className="num">{formatPercent(signedRatio(shown.before, shown.after))}</td>
                <td className="num">{formatInt(shown.whitespace)}</td>
                <td className="num">{formatInt(shown.metadata)}</td>
                <td className="num">{formatInt(shown.structure)}</td>
                <td className="num">{formatInt(shown.prose)}</td>
              </tr>
            ) : null}
            <tr className="envelope-row" aria-rowindex={rows.length + footRows}>
              <th scope="row" title="Everything outside the tools: the catalog’s own keys and punctuation">
                (envelope)
              </th>
              <td className="num">{formatInt(lint.envelope.tokens_before)}</td>
              <td className="num">{formatInt(lint.envelope.tokens_after)}</td>
              <td className="num muted">—</td>
              <td className="num muted">—</td>
              <td className="num muted">—</td>
              <td className="num muted">—</td>
              <td className="num muted">—</td>
            </tr>
            <tr className="total-row" aria-rowindex={rows.length + 1 + footRows}>
              <th scope="row" title="Every count is a local estimate (basis: inferred)">
                Total (inferred)
              </th>
              <td className="num">{formatInt(lint.total.tokens_before)}</td>
              <td className="num">{formatInt(lint.total.tokens_after)}</td>
              <td className="num">{formatPercent(lint.total.ratio)}</td>
              <td className="num">{formatInt(totals.whitespace)}</td>
              <td className="num">{formatInt(totals.metadata)}</td>
              <td className="num">{formatInt(totals.structure)}</td>
              <td className="num">{formatInt(totals.prose)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
