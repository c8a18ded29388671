// The recall table: the intended tool's rank per query direct and at each
// level, marked where the proxy ranks it worse, with the count of queries no
// worse than direct.

import { describe, expect, it } from 'vitest';
import { recallTable } from '../../../scripts/clients/report';
import type { SessionResult } from '../../../scripts/clients/session-result';

/** A session's recall searches: per query, the tools its search found, or the tools each repetition found. */
function searched(variant: SessionResult['variant'], found: Record<string, string[] | string[][]>): SessionResult {
  const repetitions = (names: string[] | string[][]) => (Array.isArray(names[0]) ? (names as string[][]) : [names as string[]]);
  const steps = Object.entries(found).flatMap(([query, names]) =>
    repetitions(names).map((list) => ({ kind: 'recall' as const, target: query, answered: true, addedTokens: 0, found: list, roundTripMs: 0 })),
  );
  return { client: 'claude-code', catalog: 'github-mcp-server', variant, exitCode: 0, firstShowsServer: true, steps };
}

describe('recallTable', () => {
  it('gives each rank, marks a worse or lost one, and counts the queries no worse than direct', () => {
    const queries = { 'list workflow runs': 'actions_list', 'merge pull request': 'merge_pull_request', 'star it': 'star_repository' };
    const sessions = [
      searched('direct', { 'list workflow runs': ['actions_list', 'actions_get'], 'merge pull request': ['x', 'merge_pull_request'], 'star it': [] }),
      searched('leads', { 'list workflow runs': ['actions_get'], 'merge pull request': ['merge_pull_request'], 'star it': ['star_repository'] }),
    ];
    expect(recallTable(sessions, 'github-mcp-server', queries).split('\n')).toEqual([
      '| query | intended tool | direct | leads |',
      '| --- | --- | :-: | :-: |',
      '| "list workflow runs" | `actions_list` | 1 | — ✗ |',
      '| "merge pull request" | `merge_pull_request` | 2 | 1 |',
      '| "star it" | `star_repository` | — | 1 |',
      '| no worse than direct |  | found 2 of 3 | 1 of 2 |',
    ]);
  });

  it('reads repeated searches that rank ties differently as a range, and compares the worst ranks', () => {
    const queries = { 'cancel meeting': 'calendar_delete_events', 'undelete invoice': 'billing_restore_invoices' };
    const sessions = [
      searched('direct', {
        'cancel meeting': [['calendar_delete_events'], ['x', 'calendar_delete_events']],
        'undelete invoice': [['billing_restore_invoices']],
      }),
      searched('leads', {
        'cancel meeting': [['x', 'calendar_delete_events'], ['calendar_delete_events']],
        'undelete invoice': [['billing_restore_invoices'], []],
      }),
    ];
    expect(recallTable(sessions, 'github-mcp-server', queries).split('\n').slice(2)).toEqual([
      '| "cancel meeting" | `calendar_delete_events` | 1–2 | 1–2 |',
      '| "undelete invoice" | `billing_restore_invoices` | 1 | 1 or — ✗ |',
      '| no worse than direct |  | found 2 of 2 | 1 of 2 |',
    ]);
  });
});
