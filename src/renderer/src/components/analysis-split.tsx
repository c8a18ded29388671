// The per-tool table and the diff side by side, with the edge between them
// to drag (or focus and move with ←/→; Home gives back the automatic split),
// kept across restarts; or the diff alone, when it is expanded. A narrow
// window left the diff ~22 characters a side: either gives it the room.

import { useRef, type ReactNode } from 'react';
import { useApp, useSettings, useUi } from '../app-context';
import { useElementWidth } from '../hooks/use-element-width';
import { ColumnResizer } from './column-resizer';

/** The gap between the panes (analysis-view.css). */
const GAP = 12;
/** The least each pane keeps when the edge is dragged. */
const TABLE_MIN = 240;
const DIFF_MIN = 320;
const STEP = 48;

export function AnalysisSplit({ table, diff }: { table: ReactNode; diff: ReactNode }) {
  const { stores } = useApp();
  const share = useSettings((state) => state.tableShare);
  const expanded = useUi((state) => state.diffExpanded);
  const splitRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const room = Math.max(0, (useElementWidth(splitRef) ?? 0) - GAP);
  const max = Math.max(TABLE_MIN, room - DIFF_MIN);
  const width = share === null || room === 0 ? null : Math.round(Math.max(TABLE_MIN, Math.min(max, share * room)));
  const style = width === null || expanded ? undefined : { gridTemplateColumns: `${width}px minmax(0, 1fr)` };

  return (
    <div className="analysis-split" ref={splitRef} style={style}>
      <div className="split-table" ref={tableRef}>
        {table}
        <ColumnResizer
          className="pane-resizer"
          label="Table and diff widths"
          width={width}
          min={TABLE_MIN}
          max={max}
          step={STEP}
          measure={() => tableRef.current?.getBoundingClientRect().width ?? TABLE_MIN}
          onResize={(next) => stores.settings.getState().setTableShare(next === null || room === 0 ? null : next / room)}
        />
      </div>
      {diff}
    </div>
  );
}
