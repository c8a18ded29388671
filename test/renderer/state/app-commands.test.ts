import { describe, expect, it } from 'vitest';
import type { McpServerRef } from '../../../src/shared/contracts';
import { CavemanError } from '../../../src/shared/errors';
import { connectEvents, createAppStores } from '../../../src/renderer/src/state/app-stores';
import { createAppCommands } from '../../../src/renderer/src/state/app-commands';
import type { AppCommand } from '../../../src/renderer/src/lib/shortcuts';
import { commandEnv as env, createFakeApi, memoryStorage, settle, summary } from '../fakes/fake-api';

describe('app commands', () => {
  it('pastes the clipboard as pasted.json', async () => {
    const api = createFakeApi();
    const stores = createAppStores(api);
    await createAppCommands(api, stores, env({ readClipboardText: async () => '{"tools":[]}' })).paste();
    expect(api.calls[0]).toMatchObject({ method: 'analyzeCatalog', args: [{ name: 'pasted.json', tokenizer: 'o200k_base' }] });
    expect(stores.ui.getState().pasteDialog).toBe(null);
  });

  it('numbers the pastes of a session: pasted.json, pasted-2.json, pasted-3.json', async () => {
    const api = createFakeApi();
    const stores = createAppStores(api);
    const commands = createAppCommands(api, stores, env({ readClipboardText: async () => '{"tools":[]}' }));
    for (let i = 0; i < 3; i++) await commands.paste();
    await commands.shrinkText('{"tools":[]}');
    expect(api.calls.filter((call) => call.method === 'analyzeCatalog').map((call) => (call.args[0] as { name: string }).name)).toEqual([
      'pasted.json',
      'pasted-2.json',
      'pasted-3.json',
      'pasted-4.json',
    ]);
  });

  it('offers the paste dialog when the clipboard is refused or empty, and says which', async () => {
    for (const [readClipboardText, reason] of [
      [async () => Promise.reject(new Error('NotAllowedError')), 'unreadable'],
      [async () => '', 'empty'],
      [async () => ' \n ', 'empty'],
    ] as const) {
      const api = createFakeApi();
      const stores = createAppStores(api);
      await createAppCommands(api, stores, env({ readClipboardText })).paste();
      expect(stores.ui.getState().pasteDialog).toBe(reason);
      expect(api.calls).toEqual([]);
    }
  });

  it('saves the active analysis and reports the file name', async () => {
    const api = createFakeApi({ exportCatalog: async () => ({ status: 'downloaded', fileName: 'github.min.json' }) });
    const stores = createAppStores(api);
    stores.catalogs.getState().finished({ jobId: 'j', outcome: summary('an-1') });
    const commands = createAppCommands(api, stores, env());
    commands.run('save-original');
    await settle();
    expect(api.calls[0]).toEqual({ method: 'exportCatalog', args: [{ source: { analysisId: 'an-1' }, which: 'original' }] });
    expect(stores.ui.getState().notices.map((notice) => notice.text)).toEqual(['Downloaded github.min.json']);
  });

  it('says so when there is nothing to save, and reports export errors in plain words', async () => {
    const api = createFakeApi({ exportCatalog: async () => Promise.reject(new CavemanError('cave_not_found', 'no analysis with that id')) });
    const stores = createAppStores(api);
    const commands = createAppCommands(api, stores, env());
    await commands.saveActive('compressed');
    stores.catalogs.getState().finished({ jobId: 'j', outcome: summary('an-1') });
    await commands.saveActive('compressed');
    expect(stores.ui.getState().notices.map((notice) => [notice.kind, notice.text])).toEqual([
      ['info', 'Nothing to save yet: open or drop a catalog first.'],
      ['error', 'Could not save the compressed catalog: no analysis with that id'],
    ]);
  });

  it('does not offer a compressed catalog that was never stored, but still saves the original', async () => {
    const api = createFakeApi();
    const stores = createAppStores(api);
    const notStored = summary('an-1', 'memory.json', {
      report: {
        tokens_before: 160,
        tokens_after: 160,
        ratio: 0,
        basis: 'inferred',
        content_type: 'toolschema',
        tokenizer: 'o200k_base',
        pass_through: { reason: 'store_error', message: 'the disk is full' },
      },
    });
    stores.catalogs.getState().finished({ jobId: 'j', outcome: notStored });
    const commands = createAppCommands(api, stores, env());
    await commands.saveActive('compressed');
    expect(api.calls.filter((call) => call.method === 'exportCatalog')).toEqual([]);
    expect(stores.ui.getState().notices.map((notice) => notice.text)).toEqual([
      'No compressed catalog to save: nothing was stored, so the catalog passes through unchanged. Save original… keeps the catalog as it is.',
    ]);
    await commands.saveActive('original');
    expect(api.calls.at(-1)).toEqual({ method: 'exportCatalog', args: [{ source: { analysisId: 'an-1' }, which: 'original' }] });
  });

  it('saves the selected history entry on the History tab', async () => {
    const api = createFakeApi();
    const stores = createAppStores(api);
    stores.ui.getState().setTab('history');
    await stores.history.getState().select('ccr_0123456789abcdef0123456789abcdef');
    await createAppCommands(api, stores, env()).saveActive('compressed');
    expect(api.calls.at(-1)).toEqual({ method: 'exportCatalog', args: [{ source: { handle: 'ccr_0123456789abcdef0123456789abcdef' }, which: 'compressed' }] });
  });

  it('shrinks pasted text and dropped files with the chosen tokenizer, on the Results tab', async () => {
    const api = createFakeApi();
    const stores = createAppStores(api);
    stores.settings.getState().setTokenizer('cl100k_base');
    stores.ui.getState().setTab('history');
    const commands = createAppCommands(api, stores, env());
    await commands.shrinkText('{"tools":[]}');
    expect(stores.ui.getState().tab).toBe('results');
    stores.ui.getState().setTab('history');
    await commands.shrinkFiles([{ name: 'a.json', size: 2, arrayBuffer: async () => new TextEncoder().encode('{}').buffer }]);
    expect(stores.ui.getState().tab).toBe('results');
    expect(api.calls.map((call) => call.args[0])).toMatchObject([
      { name: 'pasted.json', tokenizer: 'cl100k_base' },
      { name: 'a.json', tokenizer: 'cl100k_base' },
    ]);
  });

  it('imports an MCP server: the dialog closes on the Results tab, or stays open with the reason', async () => {
    let refuse = true;
    const api = createFakeApi({
      importMcpServer: async () =>
        refuse ? Promise.reject(new CavemanError('cave_bad_request', 'commands are not allowed')) : { jobId: 'mcp-1', name: 'mcp:npx' },
    });
    const stores = createAppStores(api);
    const commands = createAppCommands(api, stores, env());
    commands.importMcp();
    const server: McpServerRef = { transport: 'stdio', command: 'npx', args: ['server'] };
    expect(await commands.importServer(server)).toBe('Could not import: commands are not allowed');
    expect(stores.ui.getState().mcpDialogOpen).toBe(true);
    refuse = false;
    expect(await commands.importServer(server)).toBeNull();
    expect(stores.ui.getState()).toMatchObject({ mcpDialogOpen: false, tab: 'results' });
    expect(api.calls.filter((call) => call.method === 'importMcpServer').at(-1)?.args[0]).toEqual({ server, tokenizer: 'o200k_base', level: 'facts' });
    expect(stores.catalogs.getState().jobs.map((job) => job.name)).toEqual(['mcp:npx']);
  });

  it('opens a stored handle in the diff and exports it compressed with the shrink its details show', async () => {
    const handle = 'ccr_0123456789abcdef0123456789abcdef';
    const shrink = (id: number, compressor: string) => ({
      id,
      created_at: '2026-01-01T00:00:00.000Z',
      compressor,
      tokenizer: 'cl100k_base',
      tokens_before: 100,
      tokens_after: 40,
      source_name: 'a.json',
      visible: null,
    });
    const entry = {
      handle,
      created_at: '2026-01-01T00:00:00.000Z',
      bytes: 10,
      tokens_before: 100,
      tokens_after: 40,
      content_type: 'toolschema',
      compressor: 'toolschema+share-schemas',
      source_name: 'a.json',
      tool_count: 1,
      tokenizer: 'cl100k_base',
      visible: null,
    };
    const api = createFakeApi({
      getHistoryEntry: async () => ({ entry: { ...entry, shrinks: [shrink(7, 'toolschema+share-schemas'), shrink(3, 'toolschema')] } }),
    });
    const stores = createAppStores(api);
    const commands = createAppCommands(api, stores, env());
    // Before the details arrive, main picks the latest itself.
    await commands.saveHandle(handle, 'compressed');
    await stores.history.getState().select(handle);
    await commands.saveHandle(handle, 'compressed');
    stores.ui.getState().setTab('history');
    await commands.saveActive('compressed');
    await commands.openHandle(handle);
    expect(api.calls.filter((call) => call.method === 'exportCatalog').map((call) => call.args[0])).toEqual([
      { source: { handle }, which: 'compressed' },
      { source: { handle, shrink: 7 }, which: 'compressed' },
      { source: { handle, shrink: 7 }, which: 'compressed' },
    ]);
    expect(api.calls.find((call) => call.method === 'openHistoryEntry')?.args[0]).toMatchObject({ handle, shrink: 7 });
  });

  it('opens and deletes stored handles, saying what happened in notices', async () => {
    const handle = 'ccr_0123456789abcdef0123456789abcdef';
    let gone = false;
    const api = createFakeApi({
      openHistoryEntry: async () => Promise.reject(new CavemanError('cave_not_found', 'no such handle')),
      deleteHistoryEntry: async () => (gone ? Promise.reject(new CavemanError('cave_store_readonly', 'the store is read-only')) : { deleted: true }),
    });
    const stores = createAppStores(api);
    stores.ui.getState().setTab('history');
    const commands = createAppCommands(api, stores, env());
    const notices = () => stores.ui.getState().notices.map((notice) => [notice.kind, notice.text]);
    await commands.openHandle(handle);
    expect(stores.ui.getState().tab).toBe('history');
    expect(notices()).toEqual([['error', `Could not open ${handle}: no such handle`]]);
    expect(await commands.deleteHandle(handle)).toBe(true);
    gone = true;
    expect(await commands.deleteHandle(handle)).toBe(false);
    expect(notices()).toEqual([
      ['info', `Deleted ${handle}`],
      ['error', `Could not delete ${handle}: the store is read-only`],
    ]);
  });

  it('a new tokenizer or share setting re-runs the catalog on screen only when it differs, and says why a re-run failed', async () => {
    const api = createFakeApi({ reanalyzeCatalog: async () => Promise.reject(new CavemanError('cave_not_found', 'no analysis with that id')) });
    const stores = createAppStores(api);
    stores.catalogs.getState().finished({ jobId: 'j', outcome: summary('an-1', 'github.json') });
    const commands = createAppCommands(api, stores, env());
    commands.setTokenizer('o200k_base');
    commands.setShareSchemas(false);
    expect(api.calls).toEqual([]);
    commands.setTokenizer('cl100k_base');
    await settle();
    commands.setShareSchemas(true);
    await settle();
    expect(stores.settings.getState()).toMatchObject({ tokenizer: 'cl100k_base', shareSchemas: true });
    expect(api.calls.map((call) => call.args[0])).toEqual([
      { analysisId: 'an-1', tokenizer: 'cl100k_base', level: 'facts' },
      { analysisId: 'an-1', tokenizer: 'o200k_base', shareSchemas: true, level: 'facts' },
    ]);
    expect(stores.ui.getState().notices.map((notice) => notice.text)).toEqual([
      'Could not measure github.json again: no analysis with that id',
      'Could not shrink github.json again: no analysis with that id',
    ]);
  });

  it('a new level shrinks the catalog on screen again at it, only when it differs, and is kept for the next start', async () => {
    const api = createFakeApi();
    const storage = memoryStorage();
    const stores = createAppStores(api, storage);
    stores.catalogs.getState().finished({ jobId: 'j', outcome: summary('an-1', 'github.json') });
    const commands = createAppCommands(api, stores, env());
    commands.setLevel('facts');
    expect(api.calls).toEqual([]);
    commands.setLevel('leads');
    await settle();
    expect(api.calls.map((call) => [call.method, call.args[0]])).toEqual([
      ['reanalyzeCatalog', { analysisId: 'an-1', tokenizer: 'o200k_base', level: 'leads' }],
    ]);
    expect(createAppStores(createFakeApi(), storage).settings.getState().level).toBe('leads');
    commands.setLevel('facts');
    expect(createAppStores(createFakeApi(), storage).settings.getState().level).toBe('facts');
  });

  it('a new budget shrinks the catalog on screen again with it, only when it differs, and is kept for the next start', async () => {
    const api = createFakeApi();
    const storage = memoryStorage();
    const stores = createAppStores(api, storage);
    stores.catalogs.getState().finished({ jobId: 'j', outcome: summary('an-1', 'github.json') });
    const commands = createAppCommands(api, stores, env());
    commands.setBudget(null);
    expect(api.calls).toEqual([]);
    commands.setBudget(4000);
    await settle();
    expect(api.calls.map((call) => [call.method, call.args[0]])).toEqual([
      ['reanalyzeCatalog', { analysisId: 'an-1', tokenizer: 'o200k_base', level: 'facts', budget: 4000 }],
    ]);
    expect(createAppStores(createFakeApi(), storage).settings.getState().budget).toBe(4000);
  });

  it('copies the compressed catalog to the clipboard, or says why it could not', async () => {
    const copied: string[] = [];
    let refuse = false;
    const api = createFakeApi({ getCatalogText: async () => '{"tools":[]}' });
    const stores = createAppStores(api);
    const commands = createAppCommands(
      api,
      stores,
      env({ writeClipboardText: async (text) => (refuse ? Promise.reject(new Error('Write permission denied.')) : void copied.push(text)) }),
    );
    await commands.copyCompressed(summary('an-1'));
    refuse = true;
    await commands.copyCompressed(summary('an-1'));
    expect(api.calls[0]).toEqual({ method: 'getCatalogText', args: [{ analysisId: 'an-1', which: 'compressed' }] });
    expect(copied).toEqual(['{"tools":[]}']);
    expect(stores.ui.getState().notices.map((notice) => [notice.kind, notice.text])).toEqual([
      ['info', 'Copied the compressed catalog (600 B)'],
      ['error', 'Could not copy the compressed catalog: internal error: Write permission denied.'],
    ]);
  });

  it('find opens the editor search when the editor has focus, else asks the tab to focus its box', () => {
    const api = createFakeApi();
    const stores = createAppStores(api);
    let inEditor = true;
    const commands = createAppCommands(api, stores, env({ openEditorSearch: () => inEditor }));
    commands.find();
    expect(stores.ui.getState().findSeq).toBe(0);
    inEditor = false;
    commands.find();
    expect(stores.ui.getState().findSeq).toBe(1);
  });

  it('menu commands switch tabs and open files', async () => {
    const api = createFakeApi({ openCatalogFiles: async () => [{ jobId: 'o1', name: 'x.json' }] });
    const stores = createAppStores(api);
    const commands = createAppCommands(api, stores, env());
    const seen: AppCommand[] = [];
    connectEvents(api, stores, (command) => {
      seen.push(command);
      commands.run(command);
    });
    api.emit('menuCommand', { command: 'show-history' });
    expect(stores.ui.getState().tab).toBe('history');
    api.emit('menuCommand', { command: 'open' });
    await settle();
    expect(seen).toEqual(['show-history', 'open']);
    expect(stores.ui.getState().tab).toBe('results');
    expect(stores.catalogs.getState().jobs.map((job) => job.name)).toEqual(['x.json']);
  });
});

describe('events', () => {
  it('draws a job’s new stage at once and its percent within a stage once a frame, the latest, never after the job finished', () => {
    const api = createFakeApi();
    const stores = createAppStores(api);
    const frames: (() => void)[] = [];
    connectEvents(
      api,
      stores,
      () => undefined,
      (draw) => frames.push(draw),
    );
    api.emit('jobsStarted', {
      jobs: [
        { jobId: 'm1', name: 'one.json' },
        { jobId: 'm2', name: 'two.json' },
      ],
    });
    for (const fraction of [0.1, 0.2, 0.3]) api.emit('jobProgress', { jobId: 'm1', stage: 'counting', fraction });
    api.emit('jobProgress', { jobId: 'm2', stage: 'checking', fraction: 0.5 });
    api.emit('jobProgress', { jobId: 'm2', stage: 'checking', fraction: 0.6 });
    expect(frames).toHaveLength(1);
    expect(stores.catalogs.getState().jobs).toMatchObject([
      { jobId: 'm1', stage: 'counting', fraction: 0.1 },
      { jobId: 'm2', stage: 'checking', fraction: 0.5 },
    ]);
    frames.shift()!();
    expect(stores.catalogs.getState().jobs).toMatchObject([
      { jobId: 'm1', stage: 'counting', fraction: 0.3 },
      { jobId: 'm2', stage: 'checking', fraction: 0.6 },
    ]);
    // A new stage replaces a percent still waiting for its frame.
    api.emit('jobProgress', { jobId: 'm2', stage: 'checking', fraction: 0.7 });
    api.emit('jobProgress', { jobId: 'm2', stage: 'diffing', fraction: 0.8 });
    api.emit('jobProgress', { jobId: 'm1', stage: 'counting', fraction: 0.4 });
    api.emit('jobFinished', { jobId: 'm1', outcome: summary('an-m1') });
    frames.shift()!();
    expect(stores.catalogs.getState().jobs).toMatchObject([{ jobId: 'm2', stage: 'diffing', fraction: 0.8 }]);
  });

  it('feeds progress and results to the catalogs and refreshes history after a stored shrink', async () => {
    const api = createFakeApi();
    const stores = createAppStores(api);
    const off = connectEvents(api, stores, () => undefined);
    api.emit('jobsStarted', { jobs: [{ jobId: 'm1', name: 'opened.json' }] });
    api.emit('jobProgress', { jobId: 'm1', stage: 'storing', fraction: 0.9 });
    expect(stores.catalogs.getState().jobs).toMatchObject([{ name: 'opened.json', stage: 'storing', fraction: 0.9 }]);
    api.emit('jobFinished', { jobId: 'm1', outcome: summary('an-m1') });
    await settle();
    expect(stores.catalogs.getState().activeKey).toBe('an-m1');
    expect(api.calls.filter((call) => call.method === 'listHistory')).toHaveLength(1);
    // A pass-through (no handle) stores nothing, so history stays as it is.
    api.emit('jobFinished', {
      jobId: 'm2',
      outcome: summary('an-m2', 'x.json', {
        report: {
          tokens_before: 5,
          tokens_after: 5,
          ratio: 0,
          basis: 'inferred',
          content_type: 'toolschema',
          tokenizer: 'o200k_base',
          pass_through: { reason: 'no_saving', message: 'no saving' },
        },
      }),
    });
    await settle();
    expect(api.calls.filter((call) => call.method === 'listHistory')).toHaveLength(1);
    off();
    expect(api.listeners('jobFinished')).toBe(0);
  });
});
