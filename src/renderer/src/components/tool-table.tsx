// The per-tool token report: sortable, filterable, virtualised (10,000 tools
// scroll smoothly), with the envelope and totals rows that add up to lint's
// totals. What the model sees leads (Claude's tokens and share saved, then
// OpenAI's share); the catalog's JSON tokens and what was saved of them by
// kind follow, labelled. A row is a keyboard stop (arrows move, Enter or a
// click jumps the diff to that tool). A panel too narrow for every column
// shows some of them, switched in its head (tool-columns.ts), so no number
// is cut or needs a sideways scroll.

import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { LintReport } from '../../../shared/contracts';
import { useApp, useUi } from '../app-context';
import { formatCount, formatInt, formatPercent } from '../lib/format';
import { titleWithShortcut } from '../lib/shortcuts';
import {
  DEFAULT_SORT,
  envelopeFigures,
  nextSort,
  subtotal,
  toolRows,
  totalFigures,
  type ToolFigures,
  type ToolRow,
  type ToolSort,
  type ToolSortKey,
} from '../lib/tool-rows';
import { COLUMN_CHOICES, FIGURE_COLUMNS, shownColumns, type ColumnChoice, type FigureColumn } from '../lib/tool-columns';
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
/** A number column's width until its header has been measured (the widest header, Claude sees, fits). */
const HEADER_FALLBACK = 108;
const NAME_MIN = 140;
/** A number cell's room beside its text: the 7 px padding each side (tool-table.css) and a few pixels for rounding. */
const CELL_ROOM = 18;
/** The name column's room below which not every column is shown at once. */
const NAME_WANTED = 180;

interface CellValue {
  text: ReactNode;
  className?: string;
}

/** A figure as its column shows it: a count grouped, a share with one decimal (a negative one marked). */
function figureCell(column: FigureColumn, figures: ToolFigures, muted = false): CellValue {
  const value = figures[column.key];
  if (column.kind === 'share') return { text: formatPercent(value), className: `num${value < 0 ? ' is-negative' : ''}` };
  return { text: formatInt(value), className: muted || column.kind === 'split' ? 'num muted' : 'num' };
}

/** The envelope's cells: its counts; it has no share or split of its own. */
function envelopeCell(column: FigureColumn, figures: ToolFigures): CellValue {
  return column.kind === 'count' ? { text: formatInt(figures[column.key]) } : { text: '—', className: 'num muted' };
}

/** Each column's width: its widest value (the totals) or its header, whichever is wider. */
function columnWidths(
  total: ToolFigures,
  envelope: ToolFigures,
  headerWidths: readonly number[] | null,
  textWidth: ((text: string) => number) | null,
): number[] {
  const valueWidth = (largest: number) => Math.ceil((textWidth ? textWidth(formatInt(largest)) : formatInt(largest).length * 7.6) + CELL_ROOM);
  return FIGURE_COLUMNS.map((column, i) => {
    const value = column.kind === 'share' ? PERCENT_WIDTH : valueWidth(Math.max(total[column.key], envelope[column.key]));
    return Math.max(value, headerWidths?.[i + 1] ?? HEADER_FALLBACK);
  });
}

export function ToolTable({ lint, analysisId, preview = null }: { lint: LintReport; analysisId: string; preview?: string | null }) {
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<ToolSort>(DEFAULT_SORT);
  const scrollRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const rows = useMemo(() => toolRows(lint.tools, filter, sort), [lint, filter, sort]);
  const filtered = filter.trim() !== '';
  const shownSum = useMemo(() => (filtered ? subtotal(rows) : null), [filtered, rows]);
  const footRows = shownSum ? 3 : 2;
  const layout = useColumnLayout(lint, panelRef);
  const { bodyRef, onKeyDown, ...navigation } = useRowNavigation(rows, scrollRef, analysisId);
  const numberCells = (cell: (column: FigureColumn) => CellValue) => <NumberCells columns={layout.shown.columns} cell={cell} />;

  return (
    <section className="panel tools-panel" aria-labelledby={`tools-heading-${analysisId}`} ref={panelRef}>
      <TableHead lint={lint} analysisId={analysisId} preview={preview} shownCount={rows.length} layout={layout} filter={filter} onFilter={setFilter} />
      <div className="table-scroll" ref={scrollRef}>
        <table
          className="tool-table"
          aria-label="Per-tool tokens"
          aria-rowcount={rows.length + 1 + footRows}
          style={{ minWidth: (layout.nameWidth ?? NAME_MIN) + layout.shownWidth }}
        >
          <colgroup>
            <col style={layout.nameWidth === null ? undefined : { width: layout.nameWidth }} />
            {layout.shown.columns.map((i) => (
              <col key={i} style={{ width: layout.widths[i] }} />
            ))}
          </colgroup>
          <HeaderRow
            rowRef={layout.headerRowRef}
            columns={layout.shown.columns}
            nameWidth={layout.nameWidth}
            onNameWidth={layout.setNameWidth}
            sort={sort}
            onSort={(key) => setSort(nextSort(sort, key))}
          />
          <tbody ref={bodyRef} onKeyDown={onKeyDown}>
            <ToolRows
              rows={rows}
              navigation={navigation}
              columnCount={layout.shown.columns.length + 1}
              numberCells={numberCells}
              empty={lint.tools.length === 0 ? 'This catalog has no tools.' : `No tool matches “${filter.trim()}”.`}
            />
          </tbody>
          <TotalsFoot rowCount={rows.length} footRows={footRows} shownSum={shownSum} layout={layout} numberCells={numberCells} />
        </table>
      </div>
    </section>
  );
}

/** The number cells of one row, for the columns shown. */
function NumberCells({ columns, cell }: { columns: readonly number[]; cell(column: FigureColumn): CellValue }) {
  return columns.map((i) => {
    const value = cell(FIGURE_COLUMNS[i]!);
    return (
      <td key={i} className={value.className ?? 'num'}>
        {value.text}
      </td>
    );
  });
}

interface TableHeadProps {
  lint: LintReport;
  analysisId: string;
  preview: string | null;
  shownCount: number;
  layout: ColumnLayout;
  filter: string;
  onFilter(filter: string): void;
}

/** The panel's title, how many tools show, the column choice and the filter box. */
function TableHead({ lint, analysisId, preview, shownCount, layout, filter, onFilter }: TableHeadProps) {
  const { mac } = useApp();
  const filterRef = useFindFocus();
  return (
    <div className="panel-head">
      <h3 className="panel-title" id={`tools-heading-${analysisId}`}>
        Per-tool tokens
      </h3>
      <PreviewTag reason={preview} />
      <span className="panel-note">
        {filter.trim() === '' ? formatCount(lint.tools.length, 'tool') : `${formatInt(shownCount)} of ${formatCount(lint.tools.length, 'tool')}`}
      </span>
      <ColumnToggle shown={layout.shown} onChoose={layout.choose} />
      <SearchField
        ref={filterRef}
        label="Filter tools"
        // Short enough to show whole when the column choice leaves the field its narrowest.
        placeholder="Filter"
        title={titleWithShortcut('Filter tools', 'find', mac)}
        value={filter}
        onChange={(event) => onFilter(event.target.value)}
      />
    </div>
  );
}

/** Find (Ctrl/Cmd+F outside the editor) focuses the filter box of the Results tab. */
function useFindFocus(): RefObject<HTMLInputElement | null> {
  const { stores } = useApp();
  const findSeq = useUi((state) => state.findSeq);
  // Find requests made before this table existed are not for it.
  const findSeqAtMount = useRef(findSeq);
  const filterRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (findSeq === findSeqAtMount.current || stores.ui.getState().tab !== 'results') return;
    filterRef.current?.focus();
    filterRef.current?.select();
  }, [findSeq, stores]);
  return filterRef;
}

interface RowNavigation {
  items: VirtualItem[];
  paddingTop: number;
  paddingBottom: number;
  /** The row that is the keyboard stop. */
  current: number;
  /** The tool the diff was last moved to, by its index in the catalog. */
  revealed: number | null;
  bodyRef: RefObject<HTMLTableSectionElement | null>;
  onKeyDown(event: KeyboardEvent<HTMLTableSectionElement>): void;
  reveal(position: number): void;
  setFocusIndex(position: number): void;
}

/**
 * The virtual rows and the keyboard among them: arrows, pages, Home and End move the focus (scrolling the row in,
 * then focusing it once rendered); Enter, Space or a click jumps the diff to the row's tool.
 */
function useRowNavigation(rows: readonly ToolRow[], scrollRef: RefObject<HTMLDivElement | null>, analysisId: string): RowNavigation {
  const { stores } = useApp();
  const revealed = useUi((state) => (state.reveal?.analysisId === analysisId ? state.reveal.index : null));
  const [focusIndex, setFocusIndex] = useState(0);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const pendingFocus = useRef(false);
  const current = Math.min(focusIndex, Math.max(0, rows.length - 1));

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();

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
    const target = keyTarget(event.key, current, page, rows.length);
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      reveal(current);
    }
  };

  return {
    items,
    paddingTop: items[0]?.start ?? 0,
    paddingBottom: Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)),
    current,
    revealed,
    bodyRef,
    onKeyDown,
    reveal,
    setFocusIndex,
  };
}

/** The row a navigation key moves to, or undefined for any other key. */
function keyTarget(key: string, current: number, page: number, count: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowDown: current + 1,
    ArrowUp: current - 1,
    PageDown: current + page,
    PageUp: current - page,
    Home: 0,
    End: count - 1,
  };
  return moves[key];
}

interface ToolRowsProps {
  rows: readonly ToolRow[];
  navigation: Omit<RowNavigation, 'bodyRef' | 'onKeyDown'>;
  columnCount: number;
  numberCells(cell: (column: FigureColumn) => CellValue): ReactNode;
  /** What an empty table says. */
  empty: string;
}

/** The tools' rows, only those in view rendered, with spacers keeping the scroll height of the rest. */
function ToolRows({ rows, navigation, columnCount, numberCells, empty }: ToolRowsProps) {
  const { items, paddingTop, paddingBottom, current, revealed } = navigation;
  return (
    <>
      {paddingTop > 0 ? (
        <tr className="spacer" aria-hidden="true">
          <td colSpan={columnCount} style={{ height: paddingTop }} />
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
            onClick={() => navigation.reveal(item.index)}
            onFocus={() => navigation.setFocusIndex(item.index)}
            title={`Show ${tool.name} in the diff`}
          >
            <th scope="row" className="tool-name" title={tool.level ? `${tool.name} — listed at ${tool.level}: ${LEVEL_KEEPS[tool.level]}` : tool.name}>
              {/* A budget lists each tool at its own level: said first, so a long name's ellipsis never hides it. */}
              {tool.level ? <span className="tool-level">{tool.level}</span> : null}
              {tool.name}
            </th>
            {numberCells((column) => figureCell(column, row.figures))}
          </tr>
        );
      })}
      {paddingBottom > 0 ? (
        <tr className="spacer" aria-hidden="true">
          <td colSpan={columnCount} style={{ height: paddingBottom }} />
        </tr>
      ) : null}
      {rows.length === 0 ? (
        <tr>
          <td colSpan={columnCount} className="table-empty">
            {empty}
          </td>
        </tr>
      ) : null}
    </>
  );
}

interface TotalsFootProps {
  rowCount: number;
  footRows: number;
  /** The filtered tools' sum, when a filter is on. */
  shownSum: ToolFigures | null;
  layout: ColumnLayout;
  numberCells(cell: (column: FigureColumn) => CellValue): ReactNode;
}

/** The filtered subtotal (when filtering), the envelope and the totals that add up to lint's. */
function TotalsFoot({ rowCount, footRows, shownSum, layout, numberCells }: TotalsFootProps) {
  return (
    <tfoot className={shownSum ? 'has-subtotal' : undefined}>
      {shownSum ? (
        <tr className="subtotal-row" aria-rowindex={rowCount + 2}>
          <th scope="row" title="The tools the filter shows, without the envelope">
            Filtered ({formatCount(rowCount, 'tool')})
          </th>
          {numberCells((column) => figureCell(column, shownSum))}
        </tr>
      ) : null}
      <tr className="envelope-row" aria-rowindex={rowCount + footRows}>
        <th scope="row" title="Everything outside the tools: the catalog’s own keys and punctuation">
          (envelope)
        </th>
        {numberCells((column) => envelopeCell(column, layout.envelope))}
      </tr>
      <tr className="total-row" aria-rowindex={rowCount + 1 + footRows}>
        <th scope="row" title="Every count is a local estimate (basis: inferred)">
          Total (inferred)
        </th>
        {numberCells((column) => figureCell(column, layout.total))}
      </tr>
    </tfoot>
  );
}

interface ColumnLayout {
  shown: ReturnType<typeof shownColumns>;
  choose(choice: ColumnChoice): void;
  /** Each number column's width, FIGURE_COLUMNS order. */
  widths: number[];
  shownWidth: number;
  total: ToolFigures;
  envelope: ToolFigures;
  headerRowRef(row: HTMLTableRowElement | null): void;
  /** The name column's width when the person sized it. */
  nameWidth: number | null;
  setNameWidth(width: number): void;
}

/**
 * Which columns show and how wide each is: as wide as its header or its largest value (the totals), whichever is
 * wider, so big catalogs never clip digits and short headers leave their room to the names. The first render (the
 * panel not measured yet) has every header, so useHeaderWidths measures them all.
 */
function useColumnLayout(lint: LintReport, panelRef: RefObject<HTMLElement | null>): ColumnLayout {
  const panelWidth = useElementWidth(panelRef);
  const [choice, choose] = useState<ColumnChoice>('model');
  const [nameWidth, setNameWidth] = useState<number | null>(null);
  const [headerRowRef, headerWidths] = useHeaderWidths();
  // The widest value of a column is its total, drawn bold: measured in that font (a guess per digit cut some digits).
  const textWidth = useTextWidth(panelRef, '.total-row td');
  const total = useMemo(() => totalFigures(lint), [lint]);
  const envelope = useMemo(() => envelopeFigures(lint), [lint]);
  const widths = columnWidths(total, envelope, headerWidths, textWidth);
  const shown = shownColumns(widths, panelWidth === null ? null : panelWidth - NAME_WANTED - 2, choice);
  const shownWidth = shown.columns.reduce((sum, i) => sum + (widths[i] ?? 0), 0);
  return { shown, choose, widths, shownWidth, total, envelope, headerRowRef, nameWidth, setNameWidth };
}

/** The choice of columns a panel too narrow for all of them offers. */
function ColumnToggle({ shown, onChoose }: { shown: ColumnLayout['shown']; onChoose(choice: ColumnChoice): void }) {
  if (shown.choices.length === 0) return null;
  return (
    <span className="segmented segmented-small" role="group" aria-label="Columns shown">
      {shown.choices.map((choice) => (
        <button
          key={choice}
          type="button"
          className="segmented-item"
          aria-pressed={shown.chosen === choice}
          title={COLUMN_CHOICES[choice].title}
          onClick={() => onChoose(choice)}
        >
          {COLUMN_CHOICES[choice].label}
        </button>
      ))}
    </span>
  );
}

interface HeaderRowProps {
  rowRef(row: HTMLTableRowElement | null): void;
  /** The number columns shown (indexes into FIGURE_COLUMNS). */
  columns: readonly number[];
  nameWidth: number | null;
  onNameWidth(width: number): void;
  sort: ToolSort;
  onSort(key: ToolSortKey): void;
}

function HeaderRow({ rowRef, columns, nameWidth, onNameWidth, sort, onSort }: HeaderRowProps) {
  const nameHeaderRef = useRef<HTMLTableCellElement>(null);
  const sortState = (key: ToolSortKey) => (sort.key === key ? sort.direction : 'none');
  const headers = [{ key: 'name' as const, label: 'Tool', title: undefined, name: undefined }, ...columns.map((i) => FIGURE_COLUMNS[i]!)];
  return (
    <thead>
      <tr aria-rowindex={1} ref={rowRef}>
        {headers.map((column) => (
          <th
            key={column.key}
            scope="col"
            aria-sort={sortState(column.key)}
            className={column.key === 'name' ? undefined : 'num'}
            ref={column.key === 'name' ? nameHeaderRef : undefined}
          >
            <button type="button" className="sort-button" onClick={() => onSort(column.key)} title={column.title} aria-label={column.name}>
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
                onResize={onNameWidth}
              />
            ) : null}
          </th>
        ))}
      </tr>
    </thead>
  );
}
