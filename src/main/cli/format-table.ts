// Plain aligned text tables for the terminal: text columns left-aligned
// (the first, unless told otherwise), numbers right-aligned, two spaces
// between columns.

/** `leftColumns`: indexes of the text columns (default: the first only). */
export function formatTable(header: string[], rows: string[][], leftColumns: readonly number[] = [0]): string {
  const all = [header, ...rows];
  const length = (cell: string) => [...cell].length;
  const widths = header.map((_, col) => Math.max(...all.map((row) => length(row[col] ?? ''))));
  const line = (row: string[]) =>
    row
      .map((cell, col) => {
        const pad = ' '.repeat(widths[col]! - length(cell));
        return leftColumns.includes(col) ? cell + pad : pad + cell;
      })
      .join('  ')
      .trimEnd();
  return all.map(line).join('\n') + '\n';
}
