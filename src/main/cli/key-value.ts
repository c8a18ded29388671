// Repeatable `KEY=VALUE` options (`--env`, `--header`) as one record, for
// every command that takes them: the key ends at the first separator and is
// never empty; key and value lose the spaces around them.

import { UsageError } from './usage-error';

export interface PairShape {
  /** The flag, as the mistake names it ("--env"). */
  flag: string;
  /** What an item must look like, in words ("KEY=VALUE"). */
  shape: string;
  /** Where the key ends (default "="). */
  separator?: string | RegExp;
}

/** The pairs `items` hold, or undefined when there are none; throws UsageError for an item without a key. */
export function parsePairs(items: readonly string[], { flag, shape, separator = '=' }: PairShape): Record<string, string> | undefined {
  if (items.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const item of items) {
    const at = typeof separator === 'string' ? item.indexOf(separator) : item.search(separator);
    const key = at > 0 ? item.slice(0, at).trim() : '';
    if (key === '') throw new UsageError(`${flag} ${JSON.stringify(item)} is not ${shape}`);
    out[key] = item.slice(at + 1).trim();
  }
  return out;
}
