// Output is assembled from many slices; this collects them and tracks the
// running length so callers can record where each tool lands in the output.

export class TextBuilder {
  private readonly parts: string[] = [];
  private size = 0;

  push(part: string): void {
    this.parts.push(part);
    this.size += part.length;
  }

  /** Length in UTF-16 code units of everything pushed so far. */
  get length(): number {
    return this.size;
  }

  toString(): string {
    return this.parts.join('');
  }
}
