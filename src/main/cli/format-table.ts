// Plain aligned text tables for the terminal: first column left-aligned,
// the others right-aligned, two spaces between columns.

export function formatTable(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, col) => Math.max(...all.map((row) => [...(row[col] ?? '')].length)));
  const line = (row: string[]) =>
    row
      .map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!)))
      .join('  ')
      .trimEnd();
  return all.map(line).join('\n') + '\n';
}

export function formatPercent(ratio: number): string {
  return `${(ratio * 100).toFixed(1)}%`;
}
