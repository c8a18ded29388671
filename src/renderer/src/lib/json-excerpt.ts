// What the person fed in, kept until its job finishes, so a failure can say
// where the JSON broke (the offending line with a caret) and how to retry
// (paste again, or drop or open the file again).

export interface JsonExcerpt {
  line: number;
  column: number;
  /** The line, or a window of it around the column ("…" marks a cut). */
  text: string;
  /** 0-based index of the column in `text`. */
  caret: number;
}

export interface FailureInput {
  origin: 'file' | 'paste';
  /** Nothing but whitespace was given. */
  empty: boolean;
  excerpt: JsonExcerpt | null;
}

const WINDOW = 100;

/** The line a "line N, column M" message names, cut to a window around the column; null when the message names none. */
export function jsonExcerpt(bytes: Uint8Array, message: string): JsonExcerpt | null {
  const position = /line (\d+), column (\d+)/.exec(message);
  if (!position) return null;
  const line = Number(position[1]);
  const column = Number(position[2]);
  let start = 0;
  for (let seen = 1; seen < line; seen++) {
    const next = bytes.indexOf(0x0a, start);
    if (next < 0) return null;
    start = next + 1;
  }
  const end = bytes.indexOf(0x0a, start);
  const whole = new TextDecoder()
    .decode(bytes.subarray(start, end < 0 ? bytes.length : end))
    .replace(/\r$/, '')
    .replace(/\t/g, ' ');
  const index = Math.min(Math.max(0, column - 1), whole.length);
  if (whole.length <= WINDOW) return { line, column, text: whole, caret: index };
  const from = Math.max(0, Math.min(index - WINDOW / 2, whole.length - WINDOW));
  const head = from > 0 ? '…' : '';
  const tail = from + WINDOW < whole.length ? '…' : '';
  return { line, column, text: head + whole.slice(from, from + WINDOW) + tail, caret: index - from + head.length };
}

/** What a failure needs to know about its input (computed once, when the job fails). */
export function describeInput(origin: FailureInput['origin'], bytes: Uint8Array, message: string): FailureInput {
  const empty = bytes.every((byte) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09);
  return { origin, empty, excerpt: empty ? null : jsonExcerpt(bytes, message) };
}
