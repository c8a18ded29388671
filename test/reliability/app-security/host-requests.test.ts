// The browser host against random requests (fast-check): any mix of method,
// path, token, cookie, Host, Origin, Sec-Fetch-Site and body size. Whatever
// comes from elsewhere, lacks the per-run token or is over the body limit is
// refused — and no refused request ever reaches the services. The single
// rules are tested one by one in test/main/web-host/access.test.ts and
// api.test.ts; this checks that no combination slips between them. (The
// event stream is left out: a granted one stays open; access.test.ts covers it.)

import fc from 'fast-check';
import type { OutgoingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_BODY_BYTES } from '../../../src/shared/ipc/http-protocol';
import { hostForFile, send } from '../../main/web-host/harness';

const t = hostForFile();

/** Picks from `good` about as often as from `bad`, so accepted requests are common enough to matter. */
const half = <T>(good: readonly T[], bad: readonly T[]) => fc.oneof(fc.constantFrom(...good), fc.constantFrom(...bad));

const request = fc
  .record({
    method: half(['POST', 'GET'] as const, ['PUT', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH'] as const),
    path: fc.constantFrom(
      '/',
      '/index.html',
      '/assets/app.js',
      '/api/app:info',
      '/api/history:details',
      '/api/catalog:download',
      '/api/catalog:save',
      '/api/nope',
      '/api/catalog:analyze',
      '/%2e%2e/secret.txt',
      '/api/../index.html',
      '/?token=TOKEN',
      '/?token=wrong',
    ),
    token: half(['right'] as const, ['wrong', 'missing', 'lowercase-name', 'twice', 'empty'] as const),
    cookie: half(['right'] as const, ['wrong', 'missing', 'other-port'] as const),
    host: half(['127.0.0.1', 'localhost'] as const, ['evil.example', '127.0.0.1:1', 'rebind.attacker.example'] as const),
    origin: half(['none', 'same'] as const, ['null', 'evil', 'other-port', 'https-same'] as const),
    fetchSite: half(['none', 'absent', 'same-origin'] as const, ['same-site', 'cross-site'] as const),
    body: fc.constantFrom('none', 'json', 'json-at-limit', 'json-over-limit', 'bytes'),
    // Half of the requests come from our own page (every place header right), so accepted ones are common too.
    ownPage: fc.boolean(),
  })
  .map((r) => (r.ownPage ? { ...r, host: '127.0.0.1' as const, origin: 'same' as const, fetchSite: 'same-origin' as const } : r));
type Request = typeof request extends fc.Arbitrary<infer T> ? T : never;

function build(r: Request): { path: string; headers: OutgoingHttpHeaders; body?: Buffer } {
  const { port, token } = t.host;
  const headers: OutgoingHttpHeaders = {};
  const hostHeader = {
    '127.0.0.1': `127.0.0.1:${port}`,
    localhost: `localhost:${port}`,
    'evil.example': `evil.example:${port}`,
    '127.0.0.1:1': '127.0.0.1:1',
    'rebind.attacker.example': 'rebind.attacker.example',
  }[r.host];
  if (hostHeader) headers.host = hostHeader;
  const origin = {
    none: undefined,
    same: `http://${hostHeader ?? `127.0.0.1:${port}`}`,
    null: 'null',
    evil: 'https://evil.example',
    'other-port': `http://127.0.0.1:${port + 1}`,
    'https-same': `https://127.0.0.1:${port}`,
  }[r.origin];
  if (origin) headers.origin = origin;
  if (r.fetchSite !== 'absent') headers['sec-fetch-site'] = r.fetchSite;
  if (r.token === 'right') headers['x-caveman-token'] = token;
  if (r.token === 'wrong') headers['x-caveman-token'] = token.slice(1) + 'x';
  if (r.token === 'lowercase-name') headers['x-caveman-token'] = token.toLowerCase() === token ? `${token}x` : token.toLowerCase();
  if (r.token === 'twice') headers['x-caveman-token'] = [token, token];
  if (r.token === 'empty') headers['x-caveman-token'] = '';
  const cookie = {
    right: `caveman_session_${port}=${token}`,
    wrong: `caveman_session_${port}=nope`,
    missing: undefined,
    'other-port': `caveman_session_${port + 1}=${token}`,
  }[r.cookie];
  if (cookie) headers.cookie = cookie;
  let body: Buffer | undefined;
  if (r.body === 'json') body = Buffer.from('{"handle":"ccr_00000000000000000000000000000000"}');
  if (r.body === 'json-at-limit')
    body = Buffer.concat([Buffer.from('{"handle":"ccr_00000000000000000000000000000000"}'), Buffer.alloc(MAX_JSON_BODY_BYTES - 48, 0x20)]);
  if (r.body === 'json-over-limit') body = Buffer.alloc(MAX_JSON_BODY_BYTES + 1, 0x20);
  if (r.body === 'bytes') body = Buffer.from('{"tools":[]}');
  if (body) headers['content-type'] = r.body === 'bytes' ? 'application/octet-stream' : 'application/json';
  return { path: r.path.replace('TOKEN', token), headers, ...(body ? { body } : {}) };
}

/** True when the request comes from this host's own page on this machine (docs/app.md browser host rules). */
function fromOwnPage(r: Request): boolean {
  const hostOk = r.host === '127.0.0.1' || r.host === 'localhost';
  const originOk = r.origin === 'none' || r.origin === 'same';
  const siteOk = r.fetchSite === 'absent' || r.fetchSite === 'none' || r.fetchSite === 'same-origin';
  return hostOk && originOk && siteOk;
}

describe('random requests to the browser host', () => {
  it('2,000 runs: foreign, tokenless or oversized requests are refused, and none of them reaches the services', async () => {
    const tally = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const calls = t.calls.length;
        const { path, headers, body } = build(r);
        const answer = await send(t.host.port, path, { method: r.method, headers, ...(body ? { body } : {}) });
        tally.set(answer.status, (tally.get(answer.status) ?? 0) + 1);
        const isApi = path.startsWith('/api');
        const reached = t.calls.length > calls;

        if (!fromOwnPage(r)) {
          expect(answer.status, JSON.stringify(r)).toBe(403);
          expect(reached).toBe(false);
        }
        if (isApi && r.token !== 'right') {
          expect([403, 404, 405], JSON.stringify(r)).toContain(answer.status);
          expect(reached).toBe(false);
        }
        if (!isApi && !path.startsWith('/?token') && r.cookie !== 'right' && answer.status < 400)
          throw new Error(`a page without the session cookie answered ${answer.status}: ${JSON.stringify(r)}`);
        // (Page routes never read a body at all; API calls must refuse one over the JSON limit.)
        if (isApi && r.body === 'json-over-limit' && answer.status < 400) throw new Error(`an oversized body was accepted: ${JSON.stringify(r)}`);
        if (reached) {
          // Only a well-formed call from our own page with the token gets through, and only with a body within the limit.
          expect(fromOwnPage(r) && r.token === 'right' && r.method === 'POST' && r.body !== 'json-over-limit').toBe(true);
        }
        for (const name of Object.keys(answer.headers)) expect(name.startsWith('access-control-'), name).toBe(false);
        if (answer.status !== 303) expect(answer.headers['set-cookie']).toBeUndefined();
      }),
      { numRuns: 2000, seed: 20_261_130 },
    );
    console.info(
      `host fuzz: 2000 random requests, statuses ${[...tally]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
    );
    expect(t.logs.join('\n')).not.toContain(t.host.token);
  }, 120_000);
});
