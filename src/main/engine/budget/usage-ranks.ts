// What a budget's plan reads of a usage snapshot: each tool called by its
// rank (1 for the least called; tools called as often share a rank; a tool
// not called is absent). The plan only compares counts, so ranks give the
// same plan as the counts; the proxy's kept listing is keyed by them (it
// changes only when the order of the tools by use does), and a shrink
// records them to make its plan again.

export function usageRanks(calls: Readonly<Record<string, number>>): Record<string, number> {
  const counts = [...new Set(Object.values(calls).filter((count) => count > 0))].sort((a, b) => a - b);
  const rankOf = new Map(counts.map((count, at) => [count, at + 1]));
  const ranked = Object.entries(calls).filter(([, count]) => count > 0);
  ranked.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(ranked.map(([tool, count]) => [tool, rankOf.get(count)!]));
}
