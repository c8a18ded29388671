// The trie of $ref targets the writer walks alongside a schema (ref-targets.ts
// builds it). On its own so dialect.ts, which ref-targets.ts imports, can name
// it without importing ref-targets.ts back.

/** Pointer segments leading to $ref targets: a child exists for every segment on some target's path. */
export class RefTrie {
  readonly children = new Map<string, RefTrie>();

  child(segment: string): RefTrie | undefined {
    return this.children.get(segment);
  }

  add(segments: readonly string[], from = 0): void {
    if (from >= segments.length) return;
    let next = this.children.get(segments[from]!);
    if (!next) this.children.set(segments[from]!, (next = new RefTrie()));
    next.add(segments, from + 1);
  }
}
