// A JsonSink that collects string parts: for small texts where a string is
// what the caller wants.

import type { JsonSink } from './json-sink';

export class TextBuilder implements JsonSink {
  private readonly parts: string[] = [];
  private size = 0;

  push(part: string): void {
    this.parts.push(part);
    this.size += part.length;
  }

  copy(text: string, start: number, end: number): void {
    this.push(text.slice(start, end));
  }

  /** Length in UTF-16 code units of everything pushed so far. */
  get length(): number {
    return this.size;
  }

  toString(): string {
    return this.parts.join('');
  }
}
