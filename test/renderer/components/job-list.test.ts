// A running job's row: a server that has not answered initialize shows the
// seconds waited since the page heard of the job, not since the row was first
// drawn (the list is drawn only once jobs have run JOBS_SHOWN_AFTER_MS).

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { AppProvider } from '../../../src/renderer/src/app-context';
import { JobList } from '../../../src/renderer/src/components/job-list';
import { createAppCommands } from '../../../src/renderer/src/state/app-commands';
import { createAppStores, type AppStores } from '../../../src/renderer/src/state/app-stores';
import type { CatalogsState } from '../../../src/renderer/src/state/catalogs-store';
import { commandEnv, createFakeApi } from '../fakes/fake-api';

/** The list as first drawn for the jobs the catalogs store holds after `update` (a server render reads a store's first state). */
function drawnAfter(update: (catalogs: AppStores['catalogs']) => void): string {
  const api = createFakeApi();
  const stores = createAppStores(api);
  update(stores.catalogs);
  const catalogs = createStore<CatalogsState>()(() => stores.catalogs.getState());
  const value = { api, stores: { ...stores, catalogs }, commands: createAppCommands(api, stores, commandEnv()), mac: false };
  return renderToStaticMarkup(createElement(AppProvider, { value, children: createElement(JobList) }));
}

describe('JobList', () => {
  it('counts a waiting server’s seconds from when the job was tracked', () => {
    const html = drawnAfter((catalogs) => {
      catalogs.getState().track([{ jobId: 'job-1', name: 'mcp:node' }]);
      catalogs.getState().progress({ jobId: 'job-1', stage: 'connecting', fraction: 0 });
      // Tracked 2.6 s ago; its row is drawn only now.
      catalogs.setState((state) => ({ jobs: state.jobs.map((job) => ({ ...job, since: job.since - 2_600 })) }));
    });
    expect(html).toContain('aria-valuetext="Waiting for the server to answer initialize, 2 s"');
    expect(html).toContain('>2 s</span>');
  });
});
