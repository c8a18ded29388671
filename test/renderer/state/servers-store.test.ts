// The Servers view's data: the list, a measurement that arrives as events,
// cancel by its job id, the unticked tools, the level and the call checks
// that go into a wrap request, and a commit that updates the row from main's
// answer.

import { describe, expect, it } from 'vitest';
import type { ServerCosts, ServerEditPreview, ServerRow } from '../../../src/shared/contracts';
import { CavemanError } from '../../../src/shared/errors';
import { costlierChoice, createServersStore, levelOf } from '../../../src/renderer/src/state/servers-store';
import { PROFILES, profileOfConfigClient } from '../../../src/shared/profiles';
import { createAppCommands } from '../../../src/renderer/src/state/app-commands';
import { createAppStores } from '../../../src/renderer/src/state/app-stores';
import { commandEnv, createFakeApi, settle } from '../fakes/fake-api';

const row = (id: string, state: ServerRow['wrap']['state'] = 'direct'): ServerRow => ({
  server: { id, name: id, transport: 'stdio', command: 'npx', args: ['-y', id], client: 'cursor', configPath: '/h/.cursor/mcp.json' },
  wrap: { state },
});
const costs: ServerCosts = { basis: 'inferred', tokenizer: 'o200k_base', tools: [], levels: [] };
const preview: ServerEditPreview = {
  serverId: 'a',
  action: 'wrap',
  configPath: '/h/.cursor/mcp.json',
  diff: '',
  backupPath: '/h/.cursor/mcp.json.caveman-shrink-a.bak',
  hash: 'a'.repeat(64),
  serves: 'npx -y a',
};

describe('servers store', () => {
  it('lists the servers; a failed look says why', async () => {
    const api = createFakeApi({ listServers: async () => ({ servers: [row('a'), row('b', 'wrapped')], files: [] }) });
    const store = createServersStore(api);
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'ready', error: null });
    expect(store.getState().rows.map((each) => [each.server.id, each.wrap.state])).toEqual([
      ['a', 'direct'],
      ['b', 'wrapped'],
    ]);

    const failing = createServersStore(createFakeApi({ listServers: async () => Promise.reject(new CavemanError('cave_internal', 'boom')) }));
    await failing.getState().load();
    expect(failing.getState()).toMatchObject({ status: 'error', error: 'Could not read the MCP config files: boom' });
  });

  it('a measurement: progress and the result come as events; Cancel sends its job id', async () => {
    const api = createFakeApi({ measureServer: async () => ({ jobId: 'job-7', name: 'mcp:a' }) });
    const store = createServersStore(api);
    await store.getState().measure('a', 'cl100k_base');
    expect(api.calls.find((call) => call.method === 'measureServer')?.args[0]).toEqual({ serverId: 'a', tokenizer: 'cl100k_base' });
    api.emit('serverProgress', { jobId: 'job-7', serverId: 'a', stage: 'measuring', fraction: 0.5 });
    expect(store.getState().measures.a).toEqual({ status: 'measuring', jobId: 'job-7', stage: 'measuring', fraction: 0.5 });
    await store.getState().cancelMeasure('a');
    expect(api.calls.find((call) => call.method === 'cancelJob')?.args[0]).toEqual({ jobId: 'job-7' });
    api.emit('serverMeasured', { jobId: 'job-7', serverId: 'a', outcome: { ok: true, costs } });
    expect(store.getState().measures.a).toEqual({ status: 'done', costs });
    api.emit('serverMeasured', { jobId: 'job-8', serverId: 'b', outcome: { ok: false, error: { code: 'cave_mcp_timeout', message: 'no answer in 60 s' } } });
    expect(store.getState().measures.b).toEqual({ status: 'error', message: 'no answer in 60 s' });
  });

  it('Measure all: every startable server is queued at once with its job id, takes its turn from its first progress, and Cancel \
measuring stops them all', async () => {
    const disabled = { ...row('off'), server: { ...row('off').server, disabled: true } };
    const api = createFakeApi({
      listServers: async () => ({ servers: [row('a'), row('b'), disabled], files: [] }),
      measureAllServers: async () => ({
        jobs: [
          { serverId: 'a', jobId: 'job-1' },
          { serverId: 'b', jobId: 'job-2' },
        ],
      }),
    });
    const store = createServersStore(api);
    await store.getState().load();
    await store.getState().measureAll('o200k_base');
    expect(api.calls.find((call) => call.method === 'measureAllServers')?.args[0]).toEqual({ tokenizer: 'o200k_base' });
    expect(store.getState().measures).toEqual({
      a: { status: 'measuring', jobId: 'job-1', stage: 'listing', fraction: 0, queued: true },
      b: { status: 'measuring', jobId: 'job-2', stage: 'listing', fraction: 0, queued: true },
    });
    api.emit('serverProgress', { jobId: 'job-1', serverId: 'a', stage: 'listing', fraction: 0.2 });
    expect(store.getState().measures.a).toEqual({ status: 'measuring', jobId: 'job-1', stage: 'listing', fraction: 0.2 });
    await store.getState().cancelAll();
    expect(api.calls.filter((call) => call.method === 'cancelJob').map((call) => call.args[0])).toEqual([{ jobId: 'job-1' }, { jobId: 'job-2' }]);
  });

  it('a wrap asks for the chosen level (none until chosen: the proxy picks the profile) and the unticked tools; the commit carries the \
preview hash and updates the row', async () => {
    const wrapped = { ...row('a', 'wrapped'), wrap: { state: 'wrapped' as const, level: 'signatures' as const, excludeTools: ['tool_02'] } };
    const api = createFakeApi({
      listServers: async () => ({ servers: [row('a')], files: [] }),
      previewServerEdit: async () => preview,
      commitServerEdit: async () => ({ serverId: 'a', action: 'wrap', configPath: preview.configPath, backupPath: preview.backupPath, row: wrapped }),
    });
    const store = createServersStore(api);
    await store.getState().load();
    await store.getState().preview('a', 'wrap');
    expect(api.calls.at(-1)?.args[0]).toEqual({ serverId: 'a', action: 'wrap' });
    // Until one is chosen, the level shown is the ceiling of the profile the proxy picks for the server's client.
    expect(levelOf(store.getState(), 'a')).toBe(PROFILES[profileOfConfigClient(row('a').server.client)].ceiling);

    store.getState().setLevel('a', 'signatures');
    store.getState().toggleTool('a', 'tool_02');
    store.getState().toggleTool('a', 'tool_03');
    store.getState().toggleTool('a', 'tool_03');
    await store.getState().preview('a', 'wrap');
    expect(api.calls.at(-1)?.args[0]).toEqual({ serverId: 'a', action: 'wrap', level: 'signatures', excludeTools: ['tool_02'] });

    await store.getState().commit(preview);
    expect(api.calls.at(-1)?.args[0]).toEqual({ serverId: 'a', action: 'wrap', level: 'signatures', excludeTools: ['tool_02'], hash: preview.hash });
    await settle();
    expect(store.getState().rows[0]!.wrap).toEqual(wrapped.wrap);

    await store.getState().preview('a', 'unwrap');
    expect(api.calls.at(-1)?.args[0]).toEqual({ serverId: 'a', action: 'unwrap' });
  });

  it('a wrap asks for the call checks chosen, only where they differ from the proxy default', async () => {
    const api = createFakeApi({ previewServerEdit: async () => preview });
    const store = createServersStore(api);
    const asked = async () => (await store.getState().preview('a', 'wrap'), api.calls.at(-1)?.args[0]);
    store.getState().setChecks('a', { mode: 'deferred', unchecked: '  ' });
    expect(await asked()).toEqual({ serverId: 'a', action: 'wrap' });
    store.getState().setChecks('a', { mode: 'all', unchecked: ' get_*, echo ' });
    expect(await asked()).toEqual({ serverId: 'a', action: 'wrap', checkCalls: 'all', noCheckTools: ['get_*, echo'] });
    store.getState().setChecks('a', { mode: 'off', unchecked: 'get_*' });
    expect(await asked()).toEqual({ serverId: 'a', action: 'wrap', checkCalls: 'off' });
  });

  it('View › Servers (the menu command) shows the Servers tab', () => {
    const api = createFakeApi();
    const stores = createAppStores(api);
    createAppCommands(api, stores, commandEnv()).run('show-servers');
    expect(stores.ui.getState().tab).toBe('servers');
  });

  it('the level chosen for a wrap says why it costs Claude more than a level before it; a cheaper choice or no measurement says nothing', () => {
    const triple = (anthropic: number) => ({ json: anthropic, anthropic, openai: anthropic });
    const level = (name: 'full' | 'facts' | 'leads', after: number, describe: number) => ({
      level: name,
      total: {
        json: { tokens_before: 971, tokens_after: after },
        anthropic: { tokens_before: 971, tokens_after: after },
        openai: { tokens_before: 971, tokens_after: after },
      },
      tools: [triple(after)],
      describeTool: { name: 'caveman_describe', shortenedTools: describe > 0 ? 1 : 0, tokens: triple(describe) },
    });
    // server-memory's figures: leads lists caveman_describe and costs more than full.
    const measured: ServerCosts = {
      ...costs,
      tools: [{ name: 'read_graph', before: triple(971) }],
      levels: [level('full', 836, 0), level('facts', 836, 0), level('leads', 831, 64)],
    };
    const state = { levels: { a: 'leads' as const }, rows: [], excluded: {}, measures: { a: { status: 'done' as const, costs: measured } } };
    expect(costlierChoice(state, 'a')).toMatch(/^leads costs 59 tokens more than full as Claude sees it: it lists caveman_describe \(64 tokens\)/);
    expect(costlierChoice({ ...state, levels: { a: 'facts' } }, 'a')).toBeUndefined();
    expect(costlierChoice(state, 'b')).toBeUndefined();
  });
});
