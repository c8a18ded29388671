// One reading of NAME|GLOB flags for every flag that picks tools by name:
// the proxy's filters and the tools left unchecked split and match alike.

import { describe, expect, it } from 'vitest';
import { flagPatterns, splitPatterns, toolNameMatcher } from '../../../src/main/library/tool-name-globs';
import { toolFilter } from '../../../src/main/mcp/proxy/tool-filter';
import { callCheckPolicy } from '../../../src/main/library/call-check/check-policy';

const NAMES = ['get_me', 'repo/search', 'browser_click', 'browser_type', '.hidden', '#2'];

describe('tool name globs', () => {
  it('splits on commas outside braces and brackets', () => {
    expect(splitPatterns('a, b{c,d},[,x],e,,')).toEqual(['a', 'b{c,d}', '[,x]', 'e']);
    expect(flagPatterns(['a,b', 'c'])).toEqual(['a', 'b', 'c']);
  });

  it('matches a star across a slash and a leading dot, and is undefined without a pattern', () => {
    expect(NAMES.filter(toolNameMatcher(['*search', '.*'])!)).toEqual(['repo/search', '.hidden']);
    expect(toolNameMatcher([])).toBeUndefined();
  });

  it('reads the same flag value the same way for --exclude-tools and --no-check-tools', () => {
    for (const value of ['browser_{click,type},#2', '*search, get_*', '.*']) {
      const excluded = NAMES.filter((name) => !toolFilter([], [value])!.keeps(name));
      const unchecked = NAMES.filter((name) => !callCheckPolicy({ mode: 'all', uncheckedTools: [value] }).checks(name, true));
      expect(unchecked).toEqual(excluded);
      expect(excluded.length).toBeGreaterThan(0);
    }
  });
});
