// The browser host over the real app services (not a test dispatcher): a
// catalog posted as bytes is analysed as a job whose events reach the page
// that posted it, and the result downloads as a file. Without
// --allow-commands the page cannot make main run a program or call a URL.

import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realFixture } from '../../helpers/fixtures';
import { callApi, openEvents, send } from './harness';
import { realHostForFile } from './real-host';

const real = realHostForFile('caveman-web-host-real-');

describe('browser host over the app services', () => {
  it('analyses an uploaded catalog, streams its job to the page, and downloads the result', async () => {
    const fixture = realFixture('server-filesystem.json');
    const events = await openEvents(real.host);
    try {
      const { clientId } = JSON.parse(await events.nextLine()) as { clientId: string };
      const started = await send(real.host.port, '/api/catalog:analyze', {
        method: 'POST',
        headers: {
          'x-caveman-token': real.host.token,
          'x-caveman-client': clientId,
          'content-type': 'application/octet-stream',
          'x-caveman-params': encodeURIComponent(JSON.stringify({ name: fixture.name, tokenizer: 'o200k_base' })),
        },
        body: fixture.bytes,
      });
      expect(started.status).toBe(200);
      const { jobId } = (started.json() as { value: { jobId: string } }).value;

      let finished: { outcome: { ok: boolean; analysisId?: string } } | undefined;
      while (!finished) {
        const line = await events.nextLine();
        if (line === '') continue;
        const event = JSON.parse(line) as { event: string; payload: { jobId: string } };
        expect(event.payload.jobId).toBe(jobId);
        if (event.event === 'jobFinished') finished = event.payload as never;
      }
      expect(finished.outcome.ok).toBe(true);

      const download = await callApi(real.host, 'catalog:download', { source: { analysisId: finished.outcome.analysisId }, which: 'original' });
      expect(download.status).toBe(200);
      expect(download.body.equals(fixture.bytes)).toBe(true);
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''/);
    } finally {
      events.close();
    }
  });
});

describe('browser host without --allow-commands', () => {
  it('a config file the page sends lists its servers, but importing one starts nothing', async () => {
    const marker = join(real.dir, 'pwned');
    const config = { mcpServers: { e: { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`] } } };
    const read = await send(real.host.port, '/api/mcp:readConfig', {
      method: 'POST',
      headers: {
        'x-caveman-token': real.host.token,
        'content-type': 'application/octet-stream',
        'x-caveman-params': encodeURIComponent(JSON.stringify({ fileName: 'x.json' })),
      },
      body: Buffer.from(JSON.stringify(config)),
    });
    expect(read.status).toBe(200);
    const { servers } = (read.json() as { value: { servers: { id: string; command: string }[] } }).value;
    expect(servers).toHaveLength(1);
    expect(servers[0]!.command).toBe(process.execPath); // shown, so the person sees what it would run

    const imported = await callApi(real.host, 'mcp:import', { server: { discoveredId: servers[0]!.id }, tokenizer: 'o200k_base' });
    expect(imported.status).toBe(403);
    expect(imported.json()).toMatchObject({ ok: false, code: 'cave_forbidden', message: expect.stringContaining('--allow-commands') });
    // Every job ran to its end (a server started for one would have written the marker first, then exited).
    await real.services.idle();
    expect(existsSync(marker)).toBe(false);
  });

  it('a typed URL is not reached: no request, no header the page chose, leaves the host', async () => {
    const seen: { method?: string; url?: string; authorization?: string }[] = [];
    const listener = createServer((request, response) => {
      seen.push({ method: request.method, url: request.url, authorization: request.headers.authorization });
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/internal/admin?do=1`;
      for (const transport of ['http', 'sse']) {
        const imported = await callApi(real.host, 'mcp:import', {
          server: { transport, url, headers: { Authorization: 'Bearer chosen-by-page' } },
          tokenizer: 'o200k_base',
        });
        expect(imported.status, transport).toBe(403);
        expect(imported.json(), transport).toMatchObject({ ok: false, code: 'cave_forbidden', message: expect.stringContaining('--allow-commands') });
      }
      // Every job ran to its end (one that called the URL would have waited for the listener's answer).
      await real.services.idle();
      expect(seen).toEqual([]);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
