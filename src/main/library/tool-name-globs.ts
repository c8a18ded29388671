// Tool names matched against NAME or GLOB patterns (picomatch: `*`, `?`,
// `[…]`, `{a,b}`, `!…`), for the flags that pick tools by name.

import picomatch from 'picomatch';

/** Tool names hold any character but `/` is not special here, and `*` matches it too (bash rules: a star is a globstar). */
export const TOOL_NAME_GLOB_OPTIONS: picomatch.PicomatchOptions = { bash: true, dot: true };

/** True for a name any of `patterns` matches; undefined when there is no pattern. */
export function toolNameMatcher(patterns: readonly string[]): ((name: string) => boolean) | undefined {
  return patterns.length === 0 ? undefined : picomatch([...patterns], TOOL_NAME_GLOB_OPTIONS);
}
