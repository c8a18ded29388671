// Who may reach the browser host: the token → cookie trade, the token header
// on API calls, and the Host / Origin / Sec-Fetch-Site checks that keep other
// pages and rebinding DNS names out. Each test fails if its check is removed.

import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cookieValues, refuseForeignRequest, tokenMatches } from '../../../src/main/web-host/access-guard';
import { createWebHost } from '../../../src/main/web-host/create-web-host';
import { createDispatcher } from '../../../src/main/services/dispatch';
import { callApi, hostForFile, send } from './harness';

const t = hostForFile();

const expectNoCors = (headers: Record<string, unknown>) => {
  for (const name of Object.keys(headers)) expect(name.startsWith('access-control-'), name).toBe(false);
};

describe('the printed address', () => {
  it('is http://127.0.0.1:PORT/?token=T with a fresh 32-byte base64url token', () => {
    expect(t.host.origin).toBe(`http://127.0.0.1:${t.host.port}`);
    expect(t.host.url).toBe(`${t.host.origin}/?token=${t.host.token}`);
    expect(t.host.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('trades the right token for an HttpOnly SameSite=Strict cookie and a 303 to /', async () => {
    const answer = await send(t.host.port, `/?token=${t.host.token}`);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/');
    expect(answer.headers['set-cookie']).toEqual([`caveman_session_${t.host.port}=${t.host.token}; HttpOnly; SameSite=Strict; Path=/`]);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    // …and the cookie opens the page.
    const page = await send(t.host.port, '/', { headers: { cookie: answer.headers['set-cookie']![0]!.split(';')[0] } });
    expect(page.status).toBe(200);
  });

  it('refuses a wrong token in the address and sets no cookie', async () => {
    const answer = await send(t.host.port, `/?token=${t.host.token.slice(0, -1)}x`);
    expect(answer.status).toBe(403);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('never writes the token to the log', async () => {
    await send(t.host.port, `/?token=wrong-token-in-the-address`);
    await send(t.host.port, `/?token=${t.host.token}`);
    expect(t.logs.join('\n')).not.toContain(t.host.token);
    expect(t.logs.some((line) => line.includes('wrong token'))).toBe(true);
  });
});

describe('pages need the session cookie', () => {
  it('403 without a cookie, with a wrong cookie, and with the token header instead of the cookie', async () => {
    for (const headers of [
      {},
      { cookie: `caveman_session_${t.host.port}=nope` },
      { cookie: `caveman_session=${t.host.token}` },
      { cookie: `other=${t.host.token}` },
      { 'x-caveman-token': t.host.token },
    ]) {
      for (const path of ['/', '/index.html', '/assets/app.js', '/history']) {
        const answer = await send(t.host.port, path, { headers });
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(answer.text).not.toContain('caveman-api-token');
        expect(answer.headers['content-type']).toMatch(/^text\/plain/);
      }
    }
  });

  it('accepts the cookie among others', async () => {
    const answer = await send(t.host.port, '/assets/app.js', { headers: { cookie: `theme=dark; ${t.cookie}; x=1` } });
    expect(answer.status).toBe(200);
  });
});

describe('API calls need the token header', () => {
  it('403 JSON cave_forbidden without the header, with a wrong one, or with only the cookie', async () => {
    const cases = [{}, { 'x-caveman-token': 'wrong' }, { 'x-caveman-token': `${t.host.token}x` }, { cookie: t.cookie }];
    for (const headers of cases) {
      const answer = await send(t.host.port, '/api/app:info', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.json()).toMatchObject({ ok: false, code: 'cave_forbidden' });
      expect((answer.json() as { message: string }).message.length).toBeGreaterThan(0);
    }
    expect(t.calls.filter((c) => c.method === 'getAppInfo')).toHaveLength(0);
  });

  it('403 on the event stream without the header', async () => {
    const answer = await send(t.host.port, '/api/events', { headers: { cookie: t.cookie } });
    expect(answer.status).toBe(403);
    expect(answer.json()).toMatchObject({ ok: false, code: 'cave_forbidden' });
  });

  it('answers with the right header', async () => {
    const answer = await callApi(t.host, 'app:info', {});
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ ok: true, value: { platform: 'browser' } });
  });
});

describe('only this host, only our origin', () => {
  it('403 for a foreign Host header (DNS rebinding), even with a valid token and cookie', async () => {
    for (const host of [
      `evil.example:${t.host.port}`,
      `127.0.0.1.nip.io:${t.host.port}`,
      '127.0.0.1',
      `127.0.0.1:${t.host.port + 1}`,
      `[::1]:${t.host.port}`,
    ]) {
      const page = await send(t.host.port, '/', { headers: { host, cookie: t.cookie } });
      expect(page.status, host).toBe(403);
      const api = await callApi(t.host, 'app:info', {}, { host });
      expect(api.status, host).toBe(403);
      expect(api.json()).toMatchObject({ ok: false, code: 'cave_forbidden' });
      const redirect = await send(t.host.port, `/?token=${t.host.token}`, { headers: { host } });
      expect(redirect.status, host).toBe(403);
      expect(redirect.headers['set-cookie']).toBeUndefined();
    }
  });

  it('accepts localhost:PORT as well as 127.0.0.1:PORT', async () => {
    const answer = await callApi(t.host, 'app:info', {}, { host: `localhost:${t.host.port}`, origin: `http://localhost:${t.host.port}` });
    expect(answer.status).toBe(200);
  });

  it('403 for a foreign Origin, a null Origin, or the other loopback name', async () => {
    for (const origin of [
      'http://evil.example',
      'null',
      `http://127.0.0.1:${t.host.port + 1}`,
      `https://127.0.0.1:${t.host.port}`,
      `http://localhost:${t.host.port}`,
    ]) {
      const api = await callApi(t.host, 'app:info', {}, { origin });
      expect(api.status, origin).toBe(403);
      expect(api.json()).toMatchObject({ ok: false, code: 'cave_forbidden' });
      const page = await send(t.host.port, '/', { headers: { origin, cookie: t.cookie } });
      expect(page.status, origin).toBe(403);
    }
    const own = await callApi(t.host, 'app:info', {}, { origin: t.host.origin });
    expect(own.status).toBe(200);
  });

  it('403 for a cross-site or same-site (another local port) fetch, even with the cookie', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const page = await send(t.host.port, '/', { headers: { cookie: t.cookie, 'sec-fetch-site': site } });
      expect(page.status, site).toBe(403);
    }
    for (const site of ['same-origin', 'none']) {
      const page = await send(t.host.port, '/', { headers: { cookie: t.cookie, 'sec-fetch-site': site } });
      expect(page.status, site).toBe(200);
    }
  });

  it('refuses every preflight and never sends CORS headers', async () => {
    const preflight = await send(t.host.port, '/api/app:info', {
      method: 'OPTIONS',
      headers: { origin: t.host.origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-caveman-token' },
    });
    expect(preflight.status).toBe(405);
    expectNoCors(preflight.headers);
    const withToken = await send(t.host.port, '/api/app:info', { method: 'OPTIONS', headers: { 'x-caveman-token': t.host.token, cookie: t.cookie } });
    expect(withToken.status).toBe(405);
    expectNoCors(withToken.headers);
    const foreign = await send(t.host.port, '/api/app:info', { method: 'OPTIONS', headers: { origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
    expectNoCors(foreign.headers);
    expectNoCors((await callApi(t.host, 'app:info', {})).headers);
    expectNoCors((await send(t.host.port, '/', { headers: { cookie: t.cookie } })).headers);
  });

  it('400 for a request with two Host headers, ours first or second, on pages, the API and the event stream', async () => {
    const ours = `127.0.0.1:${t.host.port}`;
    const requests = [
      (hosts: string) => `GET / HTTP/1.1\r\n${hosts}cookie: ${t.cookie}\r\nconnection: close\r\n\r\n`,
      (hosts: string) =>
        `POST /api/app:info HTTP/1.1\r\n${hosts}x-caveman-token: ${t.host.token}\r\ncontent-type: ` +
        `application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}`,
      (hosts: string) => `GET /api/events HTTP/1.1\r\n${hosts}x-caveman-token: ${t.host.token}\r\nconnection: close\r\n\r\n`,
    ];
    for (const request of requests) {
      expect(await rawStatus(request(`Host: ${ours}\r\n`))).toBe(200);
      for (const pair of [
        [ours, ours],
        [ours, 'evil.example'],
        ['evil.example', ours],
      ]) {
        expect(await rawStatus(request(pair.map((host) => `Host: ${host}\r\n`).join(''))), `${request('').split(' ', 2).join(' ')} ${pair.join(' + ')}`).toBe(
          400,
        );
      }
    }
  });

  it('refuses request targets that are not a path', async () => {
    const answer = await send(t.host.port, `http://127.0.0.1:${t.host.port}/`, { headers: { cookie: t.cookie } });
    expect(answer.status).toBe(403);
  });
});

/** The status line's code for raw request bytes (Node's client sends one Host header at most). */
function rawStatus(request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(t.host.port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(text);
      // The event stream stays open: its status line is enough.
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`no status line in ${JSON.stringify(text)}`)));
  });
}

describe('access rules as functions', () => {
  it('compares tokens exactly', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true);
    expect(tokenMatches('abc', 'abd')).toBe(false);
    expect(tokenMatches('abc', 'abc ')).toBe(false);
    expect(tokenMatches('abc', '')).toBe(false);
    expect(tokenMatches('abc', undefined)).toBe(false);
    expect(tokenMatches('abc', ['abc'])).toBe(false);
  });

  it('reads every value of a cookie', () => {
    expect(cookieValues('a=1; caveman_session=x; caveman_session=y', 'caveman_session')).toEqual(['x', 'y']);
    expect(cookieValues('xcaveman_session=1', 'caveman_session')).toEqual([]);
    expect(cookieValues(undefined, 'caveman_session')).toEqual([]);
  });

  it('names why a request is foreign', () => {
    expect(refuseForeignRequest({ host: '127.0.0.1:5' }, 5)).toBeUndefined();
    expect(refuseForeignRequest({ host: 'LOCALHOST:5', origin: 'http://localhost:5' }, 5)).toBeUndefined();
    expect(refuseForeignRequest({}, 5)).toBe('unexpected Host header');
    expect(refuseForeignRequest({ host: '127.0.0.1:5', origin: 'http://127.0.0.1:6' }, 5)).toBe('foreign Origin');
    expect(refuseForeignRequest({ host: '127.0.0.1:5', 'sec-fetch-site': 'same-site' }, 5)).toBe('cross-site request');
  });

  it('refuses a token that is short or unsafe in a cookie', async () => {
    const dispatcher = createDispatcher({});
    await expect(createWebHost({ dispatcher, rendererDir: '.', token: 'short' })).rejects.toThrow(/base64url/);
    await expect(createWebHost({ dispatcher, rendererDir: '.', token: 'a;b=c'.repeat(10) })).rejects.toThrow(/base64url/);
  });
});
