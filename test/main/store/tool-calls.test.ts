// The proxy's call counts in the store: per server, tool and UTC day, read
// over a window of days; days past the kept ones are let go on the next write.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecoveryStore } from '../../../src/main/store';
import { tempStore } from '../../helpers/cli';

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

const DAY = 86_400_000;
const at = (day: number) => RecoveryStore.open(store.db, { clock: () => new Date(Date.UTC(2026, 0, 1) + day * DAY) });
const counts = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('tool call counts', () => {
  it('adds up per server and tool, reads a window of days, and lists every server most called first', () => {
    const first = at(0);
    first.recordToolCalls('gh', counts({ list_issues: 2, get_me: 1 }));
    first.recordToolCalls('fs', counts({ read_file: 5 }));
    first.close();
    const later = at(29);
    later.recordToolCalls('gh', counts({ list_issues: 1 }));
    expect(later.toolCalls('gh', 30)).toEqual({ get_me: 1, list_issues: 3 });
    expect(later.toolCalls('gh', 1)).toEqual({ list_issues: 1 });
    expect(later.listToolCalls(30)).toEqual([
      { server: 'fs', tool: 'read_file', calls: 5, lastCalled: '2026-01-01' },
      { server: 'gh', tool: 'list_issues', calls: 3, lastCalled: '2026-01-30' },
      { server: 'gh', tool: 'get_me', calls: 1, lastCalled: '2026-01-01' },
    ]);
    later.close();
    // Day 30: day 0 is out of the window; it is still kept.
    const after = at(30);
    expect(after.toolCalls('gh', 30)).toEqual({ list_issues: 1 });
    after.close();
  });

  it('lets days older than the kept ones go when calls are added', () => {
    const first = at(0);
    first.recordToolCalls('gh', counts({ get_me: 1 }));
    first.close();
    const much = at(200);
    much.recordToolCalls('gh', counts({ list_issues: 1 }));
    expect(much.toolCalls('gh', 1000)).toEqual({ list_issues: 1 });
    much.close();
  });

  it('a store that has never counted a call reads none', () => {
    const opened = at(0);
    expect(opened.toolCalls('gh', 30)).toEqual({});
    expect(opened.listToolCalls(30)).toEqual([]);
    opened.close();
  });
});
