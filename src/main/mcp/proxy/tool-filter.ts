// The proxy's tool filters: `--include-tools` and `--exclude-tools`, each
// a tool name or a glob, comma-separated or repeated (read as every flag
// that picks tools by name reads them: library/tool-name-globs.ts). A tool
// is kept when it matches an include pattern (or none is given) and no
// exclude pattern. A filtered tool is neither listed nor callable, so the
// filter is a predicate on the name alone: the proxy can refuse a call
// before any listing.

import { flagPatterns, toolNameMatcher } from '../../library/tool-name-globs';

export interface ToolFilter {
  /** True when a tool of this name is listed and callable (a tool without a name passes only when nothing is included by name). */
  keeps(name: string | undefined): boolean;
  /** The flags as given, for a person ("--include-tools get_*,list_* --exclude-tools delete_*"). */
  readonly flags: string;
}

/** The filter the flags give, or undefined when neither names anything. */
export function toolFilter(include: readonly string[] = [], exclude: readonly string[] = []): ToolFilter | undefined {
  const included = flagPatterns(include);
  const excluded = flagPatterns(exclude);
  if (included.length === 0 && excluded.length === 0) return undefined;
  const isIncluded = toolNameMatcher(included);
  const isExcluded = toolNameMatcher(excluded);
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
