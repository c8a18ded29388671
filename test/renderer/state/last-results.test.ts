// The results open before a reload are remembered (handles and names only) and offered again (they vanished).

import { describe, expect, it } from 'vitest';
import type { AnalysisSummary } from '../../../src/shared/contracts';
import { createCatalogsStore } from '../../../src/renderer/src/state/catalogs-store';
import { createLastResultsStore, LAST_RESULTS_KEY, MAX_LAST_RESULTS, openResults, readLastResults } from '../../../src/renderer/src/state/last-results';
import { createFakeApi, memoryStorage } from '../fakes/fake-api';

const handle = (n: number) => `ccr_${n.toString(16).padStart(32, '0')}`;
const summary = (name: string, recovery?: string) =>
  ({ name, report: recovery === undefined ? {} : { recovery_handle: recovery } }) as unknown as AnalysisSummary;

describe('last results', () => {
  it('lists the stored results open, in order, each handle once; a pass-through (no handle) cannot come back', () => {
    const state = {
      order: ['a', 'b', 'c', 'd'],
      summaries: { a: summary('one.json', handle(1)), b: summary('pass.json'), c: summary('two.json', handle(2)), d: summary('one-again.json', handle(1)) },
    };
    expect(openResults(state)).toEqual([
      { handle: handle(1), name: 'one.json' },
      { handle: handle(2), name: 'two.json' },
    ]);
  });

  it('a reload offers what was open before it; opening results again withdraws the offer, closing them all forgets it', () => {
    const storage = memoryStorage();
    const catalogs = createCatalogsStore(createFakeApi());
    const first = createLastResultsStore(catalogs, storage);
    expect(first.getState().results).toEqual([]);
    catalogs.setState({ order: ['x', 'y'], summaries: { x: summary('github.json', handle(7)), y: summary('notion.json', handle(8)) } });
    expect(JSON.parse(storage.getItem(LAST_RESULTS_KEY)!)).toEqual([
      { handle: handle(7), name: 'github.json' },
      { handle: handle(8), name: 'notion.json' },
    ]);

    // The reload: new stores over the same storage, nothing open yet.
    const reloaded = createCatalogsStore(createFakeApi());
    const offer = createLastResultsStore(reloaded, storage);
    expect(offer.getState().results.map((result) => result.name)).toEqual(['github.json', 'notion.json']);
    reloaded.setState({ order: ['z'], summaries: { z: summary('github.json', handle(7)) } });
    expect(offer.getState().results).toEqual([]);
    expect(readLastResults(storage)).toEqual([{ handle: handle(7), name: 'github.json' }]);
    reloaded.setState({ order: [], summaries: {} });
    expect(storage.getItem(LAST_RESULTS_KEY)).toBeNull();
  });

  it('ignores a stored value that is not a list of handles, and keeps at most MAX_LAST_RESULTS', () => {
    for (const bad of ['', 'null', '{"handle":"ccr_x"}', '[{"handle":"not-a-handle","name":"a"}]', '[{"handle":1,"name":"a"}]']) {
      const storage = memoryStorage();
      storage.setItem(LAST_RESULTS_KEY, bad);
      expect(readLastResults(storage), bad).toEqual([]);
    }
    const storage = memoryStorage();
    storage.setItem(LAST_RESULTS_KEY, JSON.stringify(Array.from({ length: 30 }, (_, i) => ({ handle: handle(i), name: `${i}.json`, extra: true }))));
    expect(readLastResults(storage)).toHaveLength(MAX_LAST_RESULTS);
    expect(readLastResults(storage)[0]).toEqual({ handle: handle(0), name: '0.json' });
  });
});
