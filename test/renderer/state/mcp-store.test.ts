// The import dialog's data (discovery, picked files) and the import itself.

import { describe, expect, it } from 'vitest';
import type { McpDiscovery, McpServerInfo } from '../../../src/shared/contracts';
import { CavemanError } from '../../../src/shared/errors';
import { connectEvents, createAppStores } from '../../../src/renderer/src/state/app-stores';
import { createAppCommands } from '../../../src/renderer/src/state/app-commands';
import { commandEnv, createFakeApi, settle, summary } from '../fakes/fake-api';

const server = (id: string, name = id, extra: Partial<McpServerInfo> = {}): McpServerInfo => ({
  id,
  name,
  transport: 'stdio',
  command: 'npx',
  args: ['-y', name],
  client: 'cursor',
  configPath: '/h/.cursor/mcp.json',
  ...extra,
});
const discovery = (...servers: McpServerInfo[]): McpDiscovery => ({
  servers,
  files: [{ path: '/h/.cursor/mcp.json', client: 'cursor', status: 'found', servers: servers.length }],
});

describe('MCP store and import', () => {
  it('Import from MCP server… opens the dialog and looks for servers', async () => {
    const api = createFakeApi({ discoverMcpServers: async () => discovery(server('a'), server('b')) });
    const stores = createAppStores(api);
    createAppCommands(api, stores, commandEnv()).run('import-mcp');
    expect(stores.ui.getState().mcpDialogOpen).toBe(true);
    expect(stores.mcp.getState().status).toBe('loading');
    await settle();
    expect(stores.mcp.getState()).toMatchObject({ status: 'ready', error: null });
    expect(stores.mcp.getState().servers.map((s) => s.name)).toEqual(['a', 'b']);
  });

  it('a picked file adds its servers (once), survives another look, and cancel changes nothing', async () => {
    let picks: (McpDiscovery | null)[] = [
      {
        servers: [server('p', 'picked', { client: 'picked', configPath: 'team.json' })],
        files: [{ path: 'team.json', client: 'picked', status: 'found', servers: 1 }],
      },
      null,
    ];
    const api = createFakeApi({ discoverMcpServers: async () => discovery(server('a')), pickMcpConfig: async () => picks.shift() ?? null });
    const stores = createAppStores(api);
    await stores.mcp.getState().discover();
    await stores.mcp.getState().pickConfig();
    await stores.mcp.getState().pickConfig();
    expect(stores.mcp.getState().servers.map((s) => s.id)).toEqual(['a', 'p']);
    await stores.mcp.getState().discover();
    expect(stores.mcp.getState().servers.map((s) => s.id)).toEqual(['a', 'p']);
    expect(stores.mcp.getState().files.map((f) => f.path)).toEqual(['/h/.cursor/mcp.json', 'team.json']);
    picks = [];
  });

  it('errors in plain words; the last look wins', async () => {
    let answerOld!: (answer: McpDiscovery) => void;
    const answers = [new Promise<McpDiscovery>((resolve) => (answerOld = resolve)), Promise.resolve(discovery(server('new')))];
    const api = createFakeApi({
      discoverMcpServers: () => answers.shift()!,
      pickMcpConfig: async () => Promise.reject(new CavemanError('cave_input_too_large', 'big.json is 40.0 MiB')),
    });
    const stores = createAppStores(api);
    const first = stores.mcp.getState().discover();
    await stores.mcp.getState().discover();
    // The first look answers after the second one did.
    answerOld(discovery(server('old')));
    await first;
    expect(stores.mcp.getState().servers.map((s) => s.id)).toEqual(['new']);
    await stores.mcp.getState().pickConfig();
    expect(stores.mcp.getState().error).toBe('Could not read that config file: big.json is 40.0 MiB');
    const failing = createAppStores(
      createFakeApi({ discoverMcpServers: async () => Promise.reject(new CavemanError('cave_internal', 'internal error: worker stopped')) }),
    );
    await failing.mcp.getState().discover();
    expect(failing.mcp.getState()).toMatchObject({ status: 'error', error: 'Could not read the MCP config files: internal error: worker stopped' });
  });

  it('an import is a job like any other: tracked, and its result takes the screen', async () => {
    const api = createFakeApi({ importMcpServer: async () => ({ jobId: 'job-mcp', name: 'mcp:everything' }) });
    const stores = createAppStores(api);
    connectEvents(api, stores, () => undefined);
    await stores.catalogs.getState().importMcpServer({ server: { discoveredId: 'a' }, tokenizer: 'o200k_base' });
    expect(api.calls.at(-1)).toEqual({ method: 'importMcpServer', args: [{ server: { discoveredId: 'a' }, tokenizer: 'o200k_base', level: 'facts' }] });
    api.emit('jobProgress', { jobId: 'job-mcp', stage: 'listing', fraction: 0.2 });
    expect(stores.catalogs.getState().jobs).toMatchObject([{ jobId: 'job-mcp', name: 'mcp:everything', stage: 'listing', fraction: 0.2 }]);
    api.emit('jobFinished', { jobId: 'job-mcp', outcome: summary('an-mcp', 'mcp:everything') });
    expect(stores.catalogs.getState().activeKey).toBe('an-mcp');

    const refusing = createAppStores(
      createFakeApi({ importMcpServer: async () => Promise.reject(new CavemanError('cave_not_found', 'that server is no longer in the list')) }),
    );
    await expect(refusing.catalogs.getState().importMcpServer({ server: { discoveredId: 'gone' }, tokenizer: 'o200k_base' })).rejects.toThrow(
      'that server is no longer in the list',
    );
  });
});
