// The proxy's listings as the command makes them: on the job worker the
// first time (the shrink records the client it was made for), and from the
// store, without shrinking (and marked used), when the same listing comes
// with the same options again; other options are another listing.

import { describe, expect, it, vi } from 'vitest';
import { offThreadLister } from '../../../src/main/cli/commands/proxy-lister';
import type { ListingSettings } from '../../../src/main/mcp/proxy/proxy-listing';
import { listingKey } from '../../../src/main/mcp/proxy/listing-key';
import Database from 'better-sqlite3';
import { RecoveryStore } from '../../../src/main/store';
import { LISTINGS_TABLE } from '../../../src/main/store/schema';
import { realFixture } from '../../helpers/fixtures';
import { tempStore } from '../../helpers/cli';

const store = tempStore();

const SETTINGS: ListingSettings = { tokenizer: 'o200k_base', sourceName: 'mcp:test', level: 'leads', shareSchemas: false, describeTool: true };
const tools = (JSON.parse(new TextDecoder().decode(realFixture('server-memory.json').bytes)) as { tools: unknown[] }).tools.map((tool) =>
  new TextEncoder().encode(JSON.stringify(tool)),
);
const client = { clientInfo: { name: 'lister-test', version: '3' } };
const usedAt = (key: string) => {
  const db = new Database(store.db, { readonly: true });
  const row = db.prepare(`SELECT used_at FROM ${LISTINGS_TABLE} WHERE key = ?`).get(key) as { used_at: number } | undefined;
  db.close();
  return row?.used_at;
};
const kept = (key: string) => {
  const opened = RecoveryStore.open(store.db);
  const found = opened.cachedListing(key) !== undefined;
  opened.close();
  return found;
};

describe('offThreadLister', () => {
  it('shrinks on the worker once, recording the client; the same listing with the same options comes from the store after', async () => {
    const notes: string[] = [];
    const lister = offThreadLister(
      store.db,
      { tokenizer: 'o200k_base', sourceName: 'mcp:test', usage: true, settingsFor: () => ({ settings: SETTINGS, said: 'for lister-test 3' }) },
      (note) => notes.push(note),
    );
    try {
      const first = await lister.shrinkTools(tools, client);
      // The choice is said once, before the first listing it made.
      expect(notes[0]).toBe('for lister-test 3');
      expect(notes.at(-1)).toMatch(/^tools\/list shrunk at leads: /);
      // The worker keeps the listing once it handed it over.
      await vi.waitFor(() => expect(kept(listingKey(tools, SETTINGS))).toBe(true));
      const written = usedAt(listingKey(tools, SETTINGS))!;
      const again = await lister.shrinkTools(tools, client);
      expect(notes.at(-1)).toMatch(/answered from the store, not shrunk again\)$/);
      // Marked used by the worker, after the answer: it goes last when room is needed.
      await vi.waitFor(() => expect(usedAt(listingKey(tools, SETTINGS))).toBeGreaterThan(written));
      expect(again.tools).toEqual(first.tools);
      expect(await again.local!.call({ names: ['create_entities'] })).toEqual(await first.local!.call({ names: ['create_entities'] }));
      const handle = /original stored as (ccr_[0-9a-f]{32})/.exec(notes[1]!)![1]!;
      expect(notes.filter((note) => note === 'for lister-test 3')).toHaveLength(1);
      const opened = RecoveryStore.open(store.db);
      expect(opened.details(handle)!.shrinks![0]!.client).toEqual(client.clientInfo);
      opened.close();
    } finally {
      await lister.close();
    }
    const other = offThreadLister(
      store.db,
      {
        tokenizer: 'o200k_base',
        sourceName: 'mcp:test',
        usage: true,
        settingsFor: () => ({ settings: { ...SETTINGS, level: 'signatures' }, said: 'for lister-test 3' }),
      },
      (note) => notes.push(note),
    );
    try {
      await other.shrinkTools(tools, client);
      expect(notes.at(-1)).toMatch(/^tools\/list shrunk at signatures: /);
    } finally {
      await other.close();
      store.cleanup();
    }
  });
});
