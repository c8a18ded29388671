// The proxy's --include-tools / --exclude-tools: names or globs,
// comma-separated or repeated; an exclude wins over an include.

import { describe, expect, it } from 'vitest';
import { toolFilter } from '../../../../src/main/mcp/proxy/tool-filter';

const NAMES = ['get_me', 'get_file_contents', 'list_issues', 'list_gists', 'create_issue', 'delete_file', 'repo/search', 'browser_click', 'browser_type', '#2'];
const kept = (include: string[], exclude: string[] = []) => NAMES.filter((name) => toolFilter(include, exclude)!.keeps(name));

describe('toolFilter', () => {
  it('keeps the tools an include names (exact names, globs, commas, repeats), minus what an exclude names', () => {
    expect(kept(['get_me'])).toEqual(['get_me']);
    expect(kept(['get_*,list_*'], ['list_gists'])).toEqual(['get_me', 'get_file_contents', 'list_issues']);
    expect(kept(['get_*', 'list_issues'])).toEqual(['get_me', 'get_file_contents', 'list_issues']);
    expect(kept([], ['delete_*,create_*'])).toEqual(NAMES.filter((name) => !/^(delete|create)_/.test(name)));
    expect(kept(['browser_{click,type}'])).toEqual(['browser_click', 'browser_type']);
    expect(kept(['*search'])).toEqual(['repo/search']); // a star matches a slash in a tool name
    expect(kept(['#2'])).toEqual(['#2']);
    expect(kept(['get_*'], ['get_*'])).toEqual([]);
  });

  it('is undefined when nothing is named; a tool without a name passes only when nothing is included', () => {
    expect(toolFilter([], [])).toBeUndefined();
    expect(toolFilter([' , '], [])).toBeUndefined();
    expect(toolFilter([], ['x'])!.keeps(undefined)).toBe(true);
    expect(toolFilter(['x'], [])!.keeps(undefined)).toBe(false);
    expect(toolFilter(['get_*, list_*'], ['list_gists'])!.flags).toBe('--include-tools get_*,list_* --exclude-tools list_gists');
  });
});
