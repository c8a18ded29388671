// The command a mistyped word most likely meant (`shrnk` → shrink,
// `histroy` → history), for the usage error that names it.

/** Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The command `word` is closest to, when it is at most 2 edits and under half its letters away; else undefined. */
export function closestCommand(word: string, commands: readonly string[]): string | undefined {
  let closest: string | undefined;
  let fewest = Infinity;
  for (const command of commands) {
    const edits = editDistance(word.toLowerCase(), command);
    if (edits < fewest && edits <= 2 && edits < command.length / 2) [closest, fewest] = [command, edits];
  }
  return closest;
}
