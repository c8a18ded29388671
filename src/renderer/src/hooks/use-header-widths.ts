// The natural width of each sortable column header (label, sort mark and
// padding, as rendered in the current font), so number columns can be as
// narrow as their header allows and leave the rest to the names.

import { useCallback, useState } from 'react';

/** Width a header cell needs to show its label and sort mark uncut; 0 when it has none. */
function naturalWidth(cell: HTMLTableCellElement): number {
  const button = cell.querySelector<HTMLElement>('.sort-button');
  const label = cell.querySelector<HTMLElement>('.sort-label');
  const mark = cell.querySelector<HTMLElement>('.sort-mark');
  if (!button || !label || !mark) return 0;
  const box = getComputedStyle(button);
  const markRoom = mark.getBoundingClientRect().width + parseFloat(getComputedStyle(mark).marginLeft);
  // scrollWidth is the label's whole text even when the cell cuts it; it is rounded, hence the extra pixel.
  return Math.ceil(label.scrollWidth + markRoom + parseFloat(box.paddingLeft) + parseFloat(box.paddingRight)) + 1;
}

/**
 * A ref for the header row, and per header cell its natural width in pixels:
 * null until the row is mounted, measured then (before the first paint).
 */
export function useHeaderWidths(): [(row: HTMLTableRowElement | null) => void, readonly number[] | null] {
  const [widths, setWidths] = useState<readonly number[] | null>(null);
  const measure = useCallback((row: HTMLTableRowElement | null) => {
    if (row) setWidths(Array.from(row.cells, (cell) => naturalWidth(cell as HTMLTableCellElement)));
  }, []);
  return [measure, widths];
}
