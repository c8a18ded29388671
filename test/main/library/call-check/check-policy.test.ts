// Which calls are checked: all, none, or (by default) those of the tools
// whose listing deferred anything, less the tools named not to be.

import { describe, expect, it } from 'vitest';
import { shrink } from '../../../../src/main/lib';
import { callCheckPolicy, listingDeferred } from '../../../../src/main/library/call-check/check-policy';
import { endingInMarker } from '../../../../src/main/engine/guarantees/deferrals';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { realFixture } from '../../../helpers/fixtures';
import { toolTexts } from './tool-texts';

describe('callCheckPolicy', () => {
  it('checks the deferred tools by default, every tool with all, none with off', () => {
    expect(callCheckPolicy().mode).toBe('deferred');
    const each = (mode?: 'all' | 'deferred' | 'off') => {
      const policy = callCheckPolicy(mode === undefined ? {} : { mode });
      return [policy.checks('a', true), policy.checks('a', false)];
    };
    expect(each()).toEqual([true, false]);
    expect(each('all')).toEqual([true, true]);
    expect(each('off')).toEqual([false, false]);
  });

  it('leaves out the tools named by name or glob', () => {
    const policy = callCheckPolicy({ mode: 'all', uncheckedTools: ['create_*', 'get_me', 'team/{a,b}'] });
    expect(['create_issue', 'get_me', 'team/a', 'team/c', 'list_issues'].map((name) => policy.checks(name, true))).toEqual([false, false, false, true, true]);
  });
});

describe('listingDeferred', () => {
  it('is true for the tools whose own description carries the marker in the listing, as the engine marks them', async () => {
    const original = realFixture('github-mcp-server.json').text;
    const { result } = await shrink(original, { store: ':memory:', level: 'leads' });
    const listed = new TextDecoder().decode(result.output);
    const marked = endingInMarker(parseJson(listed));
    const deferred = toolTexts(listed).map((tool, index) => [listingDeferred(tool.text), marked.has(index)]);
    expect(deferred.every(([ours, engine]) => ours === engine)).toBe(true);
    expect(deferred.filter(([ours]) => ours).length).toBeGreaterThan(10);
    expect(deferred.filter(([ours]) => !ours).length).toBeGreaterThan(0);
  });

  it('reads the OpenAI envelope too, never a parameter’s description, and says false for what it cannot read', () => {
    expect(listingDeferred('{"type":"function","function":{"name":"f","description":"Does it …","parameters":{"type":"object"}}}')).toBe(true);
    expect(listingDeferred('{"name":"f","description":"Does it.","inputSchema":{"type":"object","properties":{"a":{"description":"An a …"}}}}')).toBe(false);
    expect(listingDeferred('{"name":')).toBe(false);
  });
});
