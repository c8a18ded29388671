// The calls the proxy relayed to a server, counted per server (its source
// name), tool and UTC day: names and counts only, never a call's arguments.
// An app table of its own; nothing here touches `recoveries` or history.
// Days older than KEPT_DAYS are let go when calls are added.

import type { ToolCallCount } from '../../shared/contracts';
import type { SqliteDatabase } from './open-connection';
import { TOOL_CALLS_TABLE } from './schema';

const DAY_MS = 86_400_000;

/** How long a day's counts are kept: longer than any window they are read for. */
export const KEPT_DAYS = 90;

/** The UTC day of a time, as days since 1970-01-01. */
export function dayOf(time: number): number {
  return Math.floor(time / DAY_MS);
}

/** Adds `counts` (calls per tool name) to the server's tally for `day`, in one transaction. */
export function addToolCalls(db: SqliteDatabase, server: string, counts: ReadonlyMap<string, number>, day: number): void {
  const add = db.prepare(
    `INSERT INTO ${TOOL_CALLS_TABLE} (server, tool, day, calls) VALUES (?, ?, ?, ?) ` +
      'ON CONFLICT (server, tool, day) DO UPDATE SET calls = calls + excluded.calls',
  );
  db.transaction(() => {
    for (const [tool, calls] of counts) add.run(server, tool, day, calls);
    db.prepare(`DELETE FROM ${TOOL_CALLS_TABLE} WHERE day < ?`).run(day - KEPT_DAYS);
  }).immediate();
}

/** Calls per tool name of `server` from `sinceDay` on. */
export function readToolCalls(db: SqliteDatabase, server: string, sinceDay: number): Record<string, number> {
  const rows = db
    .prepare(`SELECT tool, SUM(calls) AS calls FROM ${TOOL_CALLS_TABLE} WHERE server = ? AND day >= ? GROUP BY tool ORDER BY tool`)
    .all(server, sinceDay) as { tool: string; calls: number }[];
  return Object.fromEntries(rows.map((row) => [row.tool, row.calls]));
}

/** Every server's calls per tool from `sinceDay` on, with the last day each was called: most called first. */
export function listToolCalls(db: SqliteDatabase, sinceDay: number): ToolCallCount[] {
  const rows = db
    .prepare(
      `SELECT server, tool, SUM(calls) AS calls, MAX(day) AS lastDay FROM ${TOOL_CALLS_TABLE} WHERE day >= ? ` +
        'GROUP BY server, tool ORDER BY calls DESC, server, tool',
    )
    .all(sinceDay) as { server: string; tool: string; calls: number; lastDay: number }[];
  return rows.map((row) => ({ server: row.server, tool: row.tool, calls: row.calls, lastCalled: new Date(row.lastDay * DAY_MS).toISOString().slice(0, 10) }));
}
