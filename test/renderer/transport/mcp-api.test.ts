// The MCP methods over both transports: IPC (main's native dialog picks the
// config file) and the browser host (the page picks it and sends its bytes).

import { describe, expect, it } from 'vitest';
import { createIpcApi } from '../../../src/renderer/src/transport/ipc-client';
import { createHttpApi } from '../../../src/renderer/src/transport/http-client';
import type { McpDiscovery } from '../../../src/shared/contracts';
import { MAX_INPUT_BYTES } from '../../../src/shared/errors';
import { createFakeBridge } from '../fakes/fake-bridge';
import { createFakeHost, ok } from '../fakes/fake-host';

const found: McpDiscovery = {
  servers: [{ id: 'mcp-1', name: 'tiny', transport: 'stdio', command: 'node', args: ['s.js'], client: 'picked', configPath: 'mcp.json' }],
  files: [{ path: 'mcp.json', client: 'picked', status: 'found', servers: 1 }],
};
const file = (text: string, name = 'mcp.json', size = text.length) => ({
  name,
  size,
  arrayBuffer: async () => new TextEncoder().encode(text).buffer as ArrayBuffer,
});

describe('MCP over IPC', () => {
  it('discover, pick (main’s dialog; cancel is null) and import map onto the bridge', async () => {
    const fake = createFakeBridge();
    const api = createIpcApi(fake.bridge);
    const picks = [
      { ok: true, value: { status: 'picked', discovery: found } },
      { ok: true, value: { status: 'cancelled' } },
    ];
    Object.assign(fake.answers, {
      discoverMcpServers: { ok: true, value: found },
      pickMcpConfig: () => picks.shift(),
      importMcpServer: { ok: true, value: { jobId: 'j1', name: 'mcp:tiny' } },
    });
    expect(await api.discoverMcpServers({})).toEqual(found);
    expect(await api.pickMcpConfig()).toEqual(found);
    expect(await api.pickMcpConfig()).toBeNull();
    expect(await api.importMcpServer({ server: { discoveredId: 'mcp-1' }, tokenizer: 'o200k_base' })).toEqual({ jobId: 'j1', name: 'mcp:tiny' });
    expect(fake.requests.map((r) => [r.method, r.request])).toEqual([
      ['discoverMcpServers', {}],
      ['pickMcpConfig', {}],
      ['pickMcpConfig', {}],
      ['importMcpServer', { server: { discoveredId: 'mcp-1' }, tokenizer: 'o200k_base' }],
    ]);
  });
});

describe('MCP over the browser host', () => {
  function setup(picked: ReturnType<typeof file> | null) {
    const host = createFakeHost();
    const api = createHttpApi({
      fetch: host.fetch,
      token: 't',
      pickFiles: async () => [],
      pickConfigFile: async () => picked,
      saveDownload: () => undefined,
      wait: async () => undefined,
      helloTimeoutMs: 10,
    });
    host.streams[0]?.push({ event: 'hello', clientId: 'c' });
    return { host, api };
  }

  it('a picked config file goes as its bytes (never a path) to mcp:readConfig', async () => {
    const text = '{"mcpServers":{"tiny":{"command":"node"}}}';
    const { host, api } = setup(file(text, 'claude_desktop_config.json'));
    host.handlers['mcp:readConfig'] = () => ok(found);
    expect(await api.pickMcpConfig()).toEqual(found);
    const seen = host.requests[0]!;
    expect(seen.headers['content-type']).toBe('application/octet-stream');
    expect(seen.params).toEqual({ fileName: 'claude_desktop_config.json' });
    expect(new TextDecoder().decode(seen.body)).toBe(text);
    api.dispose();
  });

  it('cancel sends nothing; an oversized file is refused before it is read', async () => {
    const cancelled = setup(null);
    expect(await cancelled.api.pickMcpConfig()).toBeNull();
    expect(cancelled.host.requests).toEqual([]);
    cancelled.api.dispose();
    const huge = setup(file('{}', 'huge.json', MAX_INPUT_BYTES + 1));
    await expect(huge.api.pickMcpConfig()).rejects.toMatchObject({ code: 'cave_input_too_large' });
    expect(huge.host.requests).toEqual([]);
    huge.api.dispose();
  });

  it('discover and import are JSON calls', async () => {
    const { host, api } = setup(null);
    host.handlers['mcp:discover'] = () => ok(found);
    host.handlers['mcp:import'] = () => ok({ jobId: 'j', name: 'mcp:x' });
    expect(await api.discoverMcpServers({})).toEqual(found);
    expect(await api.importMcpServer({ server: { transport: 'http', url: 'http://127.0.0.1:3001/mcp' }, tokenizer: 'o200k_base' })).toEqual({
      jobId: 'j',
      name: 'mcp:x',
    });
    expect(host.requests.map((r) => [r.channel, r.json])).toEqual([
      ['mcp:discover', {}],
      ['mcp:import', { server: { transport: 'http', url: 'http://127.0.0.1:3001/mcp' }, tokenizer: 'o200k_base' }],
    ]);
    api.dispose();
  });
});
