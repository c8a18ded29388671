// The proxy's tool filters: `--include-tools` and
// `--exclude-tools`, each a tool name or a glob (picomatch: `*`, `?`,
// `[…]`, `{a,b}`, `!…`), comma-separated or repeated. A tool is kept when it
// matches an include pattern (or none is given) and no exclude pattern. A
// filtered tool is neither listed nor callable, so the filter is a
// predicate on the name alone: the proxy can refuse a call before any
// listing.

import picomatch from 'picomatch';

export interface ToolFilter {
  /** True when a tool of this name is listed and callable (a tool without a name passes only when nothing is included by name). */
  keeps(name: string | undefined): boolean;
  /** The flags as given, for a person ("--include-tools get_*,list_* --exclude-tools delete_*"). */
  readonly flags: string;
}

/** Tool names hold any character but `/` is not special here, and `*` matches it too (bash rules: a star is a globstar). */
const GLOB_OPTIONS: picomatch.PicomatchOptions = { bash: true, dot: true };

/** The filter the flags give, or undefined when neither names anything. */
export function toolFilter(include: readonly string[] = [], exclude: readonly string[] = []): ToolFilter | undefined {
  const included = include.flatMap(splitPatterns);
  const excluded = exclude.flatMap(splitPatterns);
  if (included.length === 0 && excluded.length === 0) return undefined;
  const isIncluded = included.length > 0 ? picomatch(included, GLOB_OPTIONS) : undefined;
  const isExcluded = excluded.length > 0 ? picomatch(excluded, GLOB_OPTIONS) : undefined;
  const flags = [included.length > 0 ? `--include-tools ${included.join(',')}` : '', excluded.length > 0 ? `--exclude-tools ${excluded.join(',')}` : '']
    .filter(Boolean)
    .join(' ');
  return {
    flags,
    keeps(name) {
      if (name === undefined) return isIncluded === undefined;
      return (isIncluded === undefined || isIncluded(name)) && !isExcluded?.(name);
    },
  };
}

/** `a,b{c,d},e` → `a`, `b{c,d}`, `e`: commas split patterns except inside braces or brackets (where a glob lists alternatives). */
export function splitPatterns(value: string): string[] {
  const patterns: string[] = [];
  let depth = 0;
  let bracket = false;
  let current = '';
  for (const char of value) {
    if (char === '[' && !bracket) bracket = true;
    else if (char === ']' && bracket) bracket = false;
    else if (char === '{' && !bracket) depth++;
    else if (char === '}' && !bracket && depth > 0) depth--;
    if (char === ',' && depth === 0 && !bracket) {
      patterns.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  patterns.push(current);
  return patterns.map((pattern) => pattern.trim()).filter((pattern) => pattern !== '');
}
