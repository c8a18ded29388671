// A JSON value as the generator builds it: scalars keep their exact source
// text (so "1.50" or "-0" stay as written), objects keep their key order.
// Rendered pretty in any layout for the input, or compact: the form the
// shrinker must hand out for every value it does not rewrite.

export type Json = { t: 'raw'; text: string } | { t: 'arr'; items: Json[] } | { t: 'obj'; entries: [string, Json][] };

export const raw = (text: string): Json => ({ t: 'raw', text });
export const str = (value: string): Json => raw(JSON.stringify(value));
export const arr = (items: Json[]): Json => ({ t: 'arr', items });
export const obj = (entries: [string, Json | undefined][]): Json => ({ t: 'obj', entries: entries.filter((e): e is [string, Json] => e[1] !== undefined) });

export interface Layout {
  /** One level of indentation ('' renders everything on one line, with single spaces). */
  indent: string;
  eol: '\n' | '\r\n';
  /** After the colon. */
  colon: ':' | ': ' | ' : ';
}

export function compact(value: Json): string {
  if (value.t === 'raw') return value.text;
  if (value.t === 'arr') return `[${value.items.map(compact).join(',')}]`;
  return `{${value.entries.map(([key, v]) => `${JSON.stringify(key)}:${compact(v)}`).join(',')}}`;
}

export function pretty(value: Json, layout: Layout, depth = 0): string {
  if (value.t === 'raw') return value.text;
  const open = value.t === 'arr' ? '[' : '{';
  const close = value.t === 'arr' ? ']' : '}';
  const parts =
    value.t === 'arr'
      ? value.items.map((item) => pretty(item, layout, depth + 1))
      : value.entries.map(([key, v]) => `${JSON.stringify(key)}${layout.colon}${pretty(v, layout, depth + 1)}`);
  if (parts.length === 0) return `${open}${close}`;
  if (layout.indent === '') return `${open} ${parts.join(', ')} ${close}`;
  const inner = layout.eol + layout.indent.repeat(depth + 1);
  return `${open}${inner}${parts.join(`,${inner}`)}${layout.eol}${layout.indent.repeat(depth)}${close}`;
}
