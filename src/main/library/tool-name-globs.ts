// Tool names matched against NAME or GLOB patterns (picomatch: `*`, `?`,
// `[…]`, `{a,b}`, `!…`), each flag value comma-separated or repeated: one
// reading for every flag that picks tools by name (the proxy's
// --include-tools and --exclude-tools, and --no-check-tools).

import picomatch from 'picomatch';

/** Tool names hold any character but `/` is not special here, and `*` matches it too (bash rules: a star is a globstar). */
const TOOL_NAME_GLOB_OPTIONS: picomatch.PicomatchOptions = { bash: true, dot: true };

/** True for a name any of `patterns` matches; undefined when there is no pattern. */
export function toolNameMatcher(patterns: readonly string[]): ((name: string) => boolean) | undefined {
  return patterns.length === 0 ? undefined : picomatch([...patterns], TOOL_NAME_GLOB_OPTIONS);
}

/** The patterns of a flag's values, each split at its commas (splitPatterns). */
export function flagPatterns(values: readonly string[] = []): string[] {
  return values.flatMap(splitPatterns);
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
