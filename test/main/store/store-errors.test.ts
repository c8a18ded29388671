import { describe, expect, it } from 'vitest';
import { CavemanError } from '../../../src/shared/errors';
import { toStoreError } from '../../../src/main/store/store-errors';

const PATH = '/x/ccr.db';

function sqliteError(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

describe('toStoreError', () => {
  it.each([
    ['SQLITE_READONLY', 'cave_store_readonly'],
    ['SQLITE_READONLY_DBMOVED', 'cave_store_readonly'],
    ['EROFS', 'cave_store_readonly'],
    ['SQLITE_BUSY', 'cave_store_busy'],
    ['SQLITE_BUSY_SNAPSHOT', 'cave_store_busy'],
    ['SQLITE_LOCKED', 'cave_store_busy'],
    ['SQLITE_CORRUPT', 'cave_store_corrupt'],
    ['SQLITE_NOTADB', 'cave_store_corrupt'],
    ['SQLITE_CANTOPEN', 'cave_store_unavailable'],
    ['EACCES', 'cave_store_unavailable'],
    ['EISDIR', 'cave_store_unavailable'],
    ['SQLITE_FULL', 'cave_store_full'],
  ])('maps %s to %s', (code, expected) => {
    const mapped = toStoreError(sqliteError(code), PATH, 'store');
    expect(mapped).toBeInstanceOf(CavemanError);
    expect(mapped.code).toBe(expected);
    expect(mapped.message).toContain(PATH);
  });

  it('says nothing was stored when a write fails', () => {
    expect(toStoreError(sqliteError('SQLITE_READONLY'), PATH, 'store').message).toBe('the recovery store at /x/ccr.db is read-only — nothing was stored');
  });

  it('treats unknown failures while opening as an unavailable store', () => {
    expect(toStoreError(new Error('boom'), PATH, 'open').code).toBe('cave_store_unavailable');
  });

  it('reports unknown failures elsewhere as internal errors', () => {
    expect(toStoreError(new Error('boom'), PATH, 'read').code).toBe('cave_internal');
  });

  it('passes CavemanErrors through unchanged', () => {
    const original = new CavemanError('cave_not_found', 'gone');
    expect(toStoreError(original, PATH, 'read')).toBe(original);
  });
});
