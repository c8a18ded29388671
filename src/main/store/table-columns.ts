// Columns the app added to its own tables after stores existed: an older
// store, or a read-only one that cannot be migrated, may lack them.

import type { Database } from 'better-sqlite3';

/** True when `table` (in `schema`; else the one a query names, a temp stand-in first) has `column`. */
export function hasColumn(db: Database, table: string, column: string, schema?: 'main' | 'temp'): boolean {
  const info =
    schema === undefined
      ? db.prepare('SELECT name FROM pragma_table_info(?)').all(table)
      : db.prepare('SELECT name FROM pragma_table_info(?, ?)').all(table, schema);
  return (info as { name: string }[]).some((row) => row.name === column);
}

/** `column` to select, or NULL under its name when the table lacks it (read as nothing recorded). */
export function columnOrNull(db: Database, table: string, column: string): string {
  return hasColumn(db, table, column) ? column : `NULL AS ${column}`;
}
