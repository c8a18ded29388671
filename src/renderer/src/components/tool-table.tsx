// The per-tool token report: sortable, filterable, virtualised (10,000 tools
// scroll smoothly), with the envelope and totals rows that add up to
// lint.total. A row is a keyboard stop (arrows move, Enter or a click jumps
// the diff to that tool). A panel too narrow for every column shows either
// the token columns or the savings split, switched in its head, so no number
// is cut or needs a sideways scroll.

import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { LintReport, SavingSplit } from '../../../shared/contracts';
import { useApp, useUi } from '../app-context';
import { formatCount, formatInt, formatPercent } from '../lib/format';
import { titleWithShortcut } from '../lib/shortcuts';
import { DEFAULT_SORT, nextSort, splitTotals, subtotal, toolRows, type ToolSort, type ToolSortKey } from '../lib/tool-rows';
import { signedRatio } from '../../../shared/ratio';
import '../styles/tool-table.css';
import { useElementWidth } from '../hooks/use-element-width';
import { useHeaderWidths } from '../hooks/use-header-widths';
import { useTextWidth } from '../hooks/use-text-width';
import { ColumnResizer } from './column-resizer';
import { PreviewTag } from './preview-tag';
import { SearchField } from './search-field';
import { LEVEL_KEEPS } from '../../../shared/levels';

const ROW_HEIGHT = 34;
const PERCENT_WIDTH = 70;
/** A number column's width until its header has been measured (the widest header, Whitespace, fits). */
const HEADER_FALLBACK = 108;
const NAME_MIN = 140;
/** A number cell's room beside its text: the 7 px padding each side (tool-table.css) and a few pixels for rounding. */
const CELL_ROOM = 18;
/** The name column's room below which not every column is shown at once. */
const NAME_WANTED = 180;
/** The columns of each half a narrow panel shows (indexes into COLUMNS; the names always show). */
const COLUMN_SETS = { tokens: [0, 1, 2, 3], savings: [0, 4, 5, 6, 7] } as const;
type ColumnSet = keyof typeof COLUMN_SETS;
const COLUMN_SET_LABELS: Record<ColumnSet, { label: string; title: string }> = {
  tokens: { label: 'Tokens', title: 'Tokens before and after, and the share saved' },
  savings: { label: 'Savings', title: 'Tokens saved by kind: whitespace, metadata, structure, prose' },
};

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

interface CellValue {
  text: ReactNode;
  className?: string;
}

/** The savings split in column order. */
const splitOf = (split: SavingSplit): number[] => [split.whitespace, split.metadata, split.structure, split.prose];

/** The number cells of a sum row (subtotal, total), in column order. */
function sumValues(before: number, after: number, ratio: number, split: SavingSplit): CellValue[] {
  return [formatInt(before), formatInt(after), formatPercent(ratio), ...splitOf(split).map(formatInt)].map((text) => ({ text }));
}

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
  const panelRef = useRef<HTMLElement>(null);
  const panelWidth = useElementWidth(panelRef);
  const [columnSet, setColumnSet] = useState<ColumnSet>('tokens');

  const rows = useMemo(() => toolRows(lint.tools, filter, sort), [lint, filter, sort]);
  const totals = useMemo(() => splitTotals(lint), [lint]);
  const filtered = filter.trim() !== '';
  const shownSum = useMemo(() => (filtered ? subtotal(rows) : null), [filtered, rows]);
  const footRows = shownSum ? 3 : 2;
  // Each number column as wide as its header or its largest value (the totals), whichever is wider: big catalogs never
  // clip digits, no header is cut, and short headers (After, Prose) leave their room to the names.
  const [headerRowRef, headerWidths] = useHeaderWidths();
  // The widest value of a column is its total, drawn bold: measured in that font (a guess per digit cut some digits).
  const textWidth = useTextWidth(panelRef, '.total-row td');
  const valueWidth = (largest: number) => Math.ceil((textWidth ? textWidth(formatInt(largest)) : formatInt(largest).length * 7.6) + CELL_ROOM);
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
  // Every column while the names keep their room; else one half of them (the person picks which). The first render
  // (width not measured yet) has every header, so useHeaderWidths measures them all.
  const everyColumn = panelWidth === null || panelWidth >= NAME_WANTED + numberWidths.reduce((sum, width) => sum + width, 0) + 2;
  const shown: readonly number[] = everyColumn ? COLUMNS.map((_, i) => i) : COLUMN_SETS[columnSet];
  const shownNumbers = shown.filter((i) => i > 0);
  const otherColumnsWidth = shownNumbers.reduce((sum, i) => sum + (numberWidths[i - 1] ?? 0), 0);
  /** The number cells of one row, for the columns shown (`values` in COLUMNS order, without the name). */
  const numberCells = (values: readonly CellValue[]) =>
    shownNumbers.map((i) => {
      const value = values[i - 1];
      return (
        <td key={i} className={value?.className ?? 'num'}>
          {value?.text}
        </td>
      );
    });

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
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      PageDown: current + page,
      PageUp: current - page,
      Home: 0,
      End: rows.length - 1,
    };
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
    <section className="panel tools-panel" aria-labelledby={`tools-heading-${analysisId}`} ref={panelRef}>
      <div className="panel-head">
        <h3 className="panel-title" id={`tools-heading-${analysisId}`}>
          Per-tool tokens
        </h3>
        <PreviewTag reason={preview} />
        <span className="panel-note">
          {filter.trim() === '' ? formatCount(lint.tools.length, 'tool') : `${formatInt(rows.length)} of ${formatCount(lint.tools.length, 'tool')}`}
        </span>
        {everyColumn ? null : (
          <span className="segmented segmented-small" role="group" aria-label="Columns shown">
            {(Object.keys(COLUMN_SETS) as ColumnSet[]).map((set) => (
              <button
                key={set}
                type="button"
                className="segmented-item"
                aria-pressed={columnSet === set}
                title={COLUMN_SET_LABELS[set].title}
                onClick={() => setColumnSet(set)}
              >
                {COLUMN_SET_LABELS[set].label}
              </button>
            ))}
          </span>
        )}
        <SearchField
          ref={filterRef}
          label="Filter tools"
          title={titleWithShortcut('Filter tools', 'find', mac)}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      </div>
      <div className="table-scroll" ref={scrollRef}>
        <table
          className="tool-table"
          aria-label="Per-tool tokens"
          aria-rowcount={rows.length + 1 + footRows}
          style={{ minWidth: (nameWidth ?? NAME_MIN) + otherColumnsWidth }}
        >
          <colgroup>
            <col style={nameWidth === null ? undefined : { width: nameWidth }} />
            {shownNumbers.map((i) => (
              <col key={i} style={{ width: numberWidths[i - 1] }} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1} ref={headerRowRef}>
              {shown
                .map((i) => COLUMNS[i]!)
                .map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={sortState(column.key)}
                    className={column.numeric ? 'num' : undefined}
                    ref={column.key === 'name' ? nameHeaderRef : undefined}
                  >
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
                <td colSpan={shown.length} style={{ height: paddingTop }} />
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
                  <th scope="row" className="tool-name" title={tool.level ? `${tool.name} — listed at ${tool.level}: ${LEVEL_KEEPS[tool.level]}` : tool.name}>
                    {/* A budget lists each tool at its own level: said first, so a long name's ellipsis never hides it. */}
                    {tool.level ? <span className="tool-level">{tool.level}</span> : null}
                    {tool.name}
                  </th>
                  {numberCells([
                    { text: formatInt(tool.tokens_before) },
                    { text: formatInt(tool.tokens_after) },
                    { text: formatPercent(tool.ratio), className: `num${tool.ratio < 0 ? ' is-negative' : ''}` },
                    ...splitOf(tool.saving).map((value) => ({ text: formatInt(value), className: 'num muted' })),
                  ])}
                </tr>
              );
            })}
            {paddingBottom > 0 ? (
              <tr className="spacer" aria-hidden="true">
                <td colSpan={shown.length} style={{ height: paddingBottom }} />
              </tr>
            ) : null}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={shown.length} className="table-empty">
                  {lint.tools.length === 0 ? 'This catalog has no tools.' : `No tool matches “${filter.trim()}”.`}
                </td>
              </tr>
            ) : null}
          </tbody>
          <tfoot className={shownSum ? 'has-subtotal' : undefined}>
            {shownSum ? (
              <tr className="subtotal-row" aria-rowindex={rows.length + 2}>
                <th scope="row" title="The tools the filter shows, without the envelope">
                  Filtered ({formatCount(rows.length, 'tool')})
                </th>
                {numberCells(sumValues(shownSum.before, shownSum.after, signedRatio(shownSum.before, shownSum.after), shownSum))}
              </tr>
            ) : null}
            <tr className="envelope-row" aria-rowindex={rows.length + footRows}>
              <th scope="row" title="Everything outside the tools: the catalog’s own keys and punctuation">
                (envelope)
              </th>
              {numberCells([
                { text: formatInt(lint.envelope.tokens_before) },
                { text: formatInt(lint.envelope.tokens_after) },
                ...Array.from({ length: 5 }, () => ({ text: '—', className: 'num muted' })),
              ])}
            </tr>
            <tr className="total-row" aria-rowindex={rows.length + 1 + footRows}>
              <th scope="row" title="Every count is a local estimate (basis: inferred)">
                Total (inferred)
              </th>
              {numberCells(sumValues(lint.total.tokens_before, lint.total.tokens_after, lint.total.ratio, totals))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
