// A URL import sends its headers (often an API key) to the server the person
// named and to no one else: a redirect to another origin is not followed, so
// the other origin never sees a request, and the failure names the redirect.

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listServerTools } from '../../../../src/main/mcp/import/list-server-tools';
import { CavemanError } from '../../../../src/shared/errors';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

async function listen(handle: (url: string, headers: IncomingHttpHeaders) => { status: number; location?: string }): Promise<string> {
  const server = createServer((request, response) => {
    const { status, location } = handle(request.url ?? '', request.headers);
    response.writeHead(status, location ? { location } : {}).end();
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe.each(['http', 'sse'] as const)('a %s server that redirects to another origin', (transport) => {
  it('is not followed: the other origin sees no request and no header, and the error names where it pointed', async () => {
    const seenElsewhere: IncomingHttpHeaders[] = [];
    const elsewhere = await listen((_url, headers) => {
      seenElsewhere.push(headers);
      return { status: 404 };
    });
    const named = await listen(() => ({ status: 307, location: `${elsewhere}/mcp?key=1` }));
    const failure = await listServerTools(
      { transport, url: `${named}/mcp`, headers: { Authorization: 'Bearer secret', 'X-Api-Key': 'secret' } },
      { timeoutMs: 10_000 },
    ).then(
      () => new Error('expected a failure'),
      (thrown: unknown) => thrown,
    );
    expect(failure).toBeInstanceOf(CavemanError);
    expect(seenElsewhere).toEqual([]);
    expect((failure as CavemanError).message).toContain(elsewhere);
  });
});
