// The renderer files: only what is inside the renderer folder, with the
// security headers and the strict CSP, and index.html carrying the API token.

import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../src/shared/content-security-policy';
import { contentTypeFor, injectTokenMeta, safeSegments } from '../../../src/main/web-host/static-files';
import { APP_JS, hostForFile, send } from './harness';

const t = hostForFile();

const get = (path: string, method = 'GET') => send(t.host.port, path, { method, headers: { cookie: t.cookie } });

const EXPECTED_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src " +
  "'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

describe('security headers', () => {
  it('the CSP is exactly the strict policy', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(EXPECTED_CSP);
  });

  it('every page, asset, API answer and refusal carries them', async () => {
    const answers = [
      await get('/'),
      await get('/assets/app.js'),
      await get('/nope.js'),
      await send(t.host.port, '/'),
      await send(t.host.port, '/api/app:info', {
        method: 'POST',
        headers: { 'x-caveman-token': t.host.token, 'content-type': 'application/json' },
        body: '{}',
      }),
    ];
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toBe(EXPECTED_CSP);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(answer.headers['x-frame-options']).toBe('DENY');
    }
  });
});

describe('index.html', () => {
  it('gets the token meta as the first child of <head>, and is never cached', async () => {
    const answer = await get('/');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.text).toContain(`<head><meta name="caveman-api-token" content="${t.host.token}">\n<meta charset="utf-8">`);
    expect(answer.text.match(/caveman-api-token/g)).toHaveLength(1);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
  });

  it('is what /index.html and any app route (a path that is not a file) serve', async () => {
    const index = (await get('/')).text;
    for (const path of ['/index.html', '/history', '/history/ccr_0123', '/results/', '/assets', '/?tab=diff']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.text, path).toBe(index);
    }
  });

  it('HEAD answers the headers only', async () => {
    const answer = await get('/', 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(0);
    expect(Number(answer.headers['content-length'])).toBeGreaterThan(0);
  });

  it('injects into a head with attributes, and without any head', () => {
    expect(injectTokenMeta('<html><HEAD lang="en"><title>x</title>', 'T')).toBe(
      '<html><HEAD lang="en"><meta name="caveman-api-token" content="T"><title>x</title>',
    );
    expect(injectTokenMeta('<header></header>', 'T')).toBe('<meta name="caveman-api-token" content="T"><header></header>');
    expect(injectTokenMeta('<head>', '"><script>')).toBe('<head><meta name="caveman-api-token" content="&quot;&gt;&lt;script&gt;">');
  });
});

describe('assets', () => {
  it('are served byte-exact with their content type', async () => {
    const js = await get('/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.text).toBe(APP_JS);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get('/assets/style.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('a.woff2')).toBe('font/woff2');
    expect(contentTypeFor('a.SVG')).toBe('image/svg+xml');
    expect(contentTypeFor('a.unknown')).toBe('application/octet-stream');
  });

  it('a missing file is 404, not the app', async () => {
    const answer = await get('/assets/missing.js');
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('caveman-api-token');
  });

  it('other methods are refused', async () => {
    expect((await get('/assets/app.js', 'POST')).status).toBe(405);
    expect((await get('/', 'DELETE')).status).toBe(405);
  });
});

describe('nothing outside the renderer folder', () => {
  const attempts = [
    '/../package.json',
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret.txt',
    '/.%2e/secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/..%2Fsecret.txt',
    '/assets%2f..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/assets/..%5c..%5csecret.txt',
    '/%252e%252e/secret.txt',
    '//etc/passwd',
    '/%2fetc%2fpasswd',
    '/assets/app.js%00.html',
    '/C:%5cWindows',
    '/%',
    '/.env',
    '/%2eenv',
    '/assets/leak.txt', // a symlink to a file outside the folder
    '/up/secret.txt', // a symlinked folder pointing outside
  ];
  for (const path of attempts) {
    it(`404 for ${path}`, async () => {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain('outside the renderer folder');
      expect(answer.text).not.toContain('SECRET');
      expect(answer.text).not.toContain('caveman-api-token');
    });
  }

  it('safeSegments accepts plain paths and refuses the rest', () => {
    expect(safeSegments('/')).toEqual([]);
    expect(safeSegments('/assets/app.js')).toEqual(['assets', 'app.js']);
    expect(safeSegments('/assets/a%20b.js')).toEqual(['assets', 'a b.js']);
    expect(safeSegments('/a/')).toEqual(['a']);
    for (const bad of ['', 'a', '/a//b', '/..', '/a/%2e', '/a%2fb', '/a%5cb', '/%E0%A4%A', '/a%00b']) expect(safeSegments(bad), bad).toBeUndefined();
  });
});
