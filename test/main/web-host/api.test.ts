// POST /api/<channel>: JSON and binary requests reach the dispatcher exactly,
// answers carry the mapped status, binary answers arrive as raw bytes, and
// bodies are refused by size and type before anything reaches a handler.

import { describe, expect, it } from 'vitest';
import { MAX_INPUT_BYTES } from '../../../src/shared/errors';
import { MAX_JSON_BODY_BYTES } from '../../../src/shared/ipc/http-protocol';
import { encodeRfc5987 } from '../../../src/main/web-host/api-routes';
import { httpStatusFor } from '../../../src/main/web-host/status-codes';
import { apiHeaders, callApi, hostForFile, send, uploadUntilAnswered } from './harness';

const t = hostForFile();

const params = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const binaryHeaders = (extra: Record<string, string> = {}) =>
  apiHeaders(t.host, { 'content-type': 'application/octet-stream', 'x-caveman-params': params({ name: 'tools.json', tokenizer: 'o200k_base' }), ...extra });
const callsOf = (method: string) => t.calls.filter((call) => call.method === method);

describe('JSON channels', () => {
  it('answers the ApiResult with 200', async () => {
    const answer = await callApi(t.host, 'app:info', {});
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toMatchObject({ ok: true, value: { version: '0.0.0-test' } });
  });

  it('accepts a percent-encoded channel name', async () => {
    expect((await callApi(t.host, 'app%3Ainfo', {})).status).toBe(200);
  });

  it('bad JSON → 400 cave_bad_request, and the handler never runs', async () => {
    const before = callsOf('getAppInfo').length;
    for (const body of ['{', '', 'nul', '{"a":1}}', Buffer.from([0x7b, 0xff, 0x7d])]) {
      const answer = await send(t.host.port, '/api/app:info', { method: 'POST', headers: apiHeaders(t.host), body });
      expect(answer.status, String(body)).toBe(400);
      expect(answer.json()).toMatchObject({ ok: false, code: 'cave_bad_request' });
      expect((answer.json() as { message: string }).message).toMatch(/not valid JSON/);
    }
    expect(callsOf('getAppInfo')).toHaveLength(before);
  });

  it('a request that breaks its contract → 400 from the dispatcher', async () => {
    const answer = await callApi(t.host, 'history:details', { handle: 'not-a-handle' });
    expect(answer.status).toBe(400);
    expect(answer.json()).toMatchObject({ ok: false, code: 'cave_bad_request' });
  });

  it('a handler failure keeps its code and gets its status (cave_not_found → 404)', async () => {
    const answer = await callApi(t.host, 'history:details', { handle: `ccr_${'a'.repeat(32)}` });
    expect(answer.status).toBe(404);
    expect(answer.json()).toEqual({ ok: false, code: 'cave_not_found', message: `no entry ccr_${'a'.repeat(32)}` });
  });

  it('wrong content type → 415', async () => {
    for (const type of ['text/plain', 'application/octet-stream', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const answer = await send(t.host.port, '/api/app:info', { method: 'POST', headers: apiHeaders(t.host, { 'content-type': type }), body: '{}' });
      expect(answer.status, type).toBe(415);
      expect(answer.json()).toMatchObject({ ok: false, code: 'cave_bad_request' });
    }
    const none = await send(t.host.port, '/api/app:info', { method: 'POST', headers: { 'x-caveman-token': t.host.token }, body: '{}' });
    expect(none.status).toBe(415);
    const gzip = await send(t.host.port, '/api/app:info', { method: 'POST', headers: apiHeaders(t.host, { 'content-encoding': 'gzip' }), body: '{}' });
    expect(gzip.status).toBe(415);
    expect((await callApi(t.host, 'app:info', {}, { 'content-type': 'Application/JSON; charset=utf-8' })).status).toBe(200);
  });

  it('a JSON body over MAX_JSON_BODY_BYTES → 413 cave_bad_request (declared length and chunked)', async () => {
    const big = `{"pad":"${'x'.repeat(MAX_JSON_BODY_BYTES)}"}`;
    const declared = await send(t.host.port, '/api/app:info', { method: 'POST', headers: apiHeaders(t.host), body: big });
    expect(declared.status).toBe(413);
    expect(declared.json()).toMatchObject({ ok: false, code: 'cave_bad_request' });
    const chunked = await uploadUntilAnswered(t.host.port, '/api/app:info', apiHeaders(t.host), 8 * MAX_JSON_BODY_BYTES);
    expect(chunked.answer.status).toBe(413);
    expect(chunked.answer.json()).toMatchObject({ ok: false, code: 'cave_bad_request' });
    expect(chunked.written).toBeLessThan(8 * MAX_JSON_BODY_BYTES);
  });

  it('GET on a channel → 405', async () => {
    const answer = await send(t.host.port, '/api/app:info', { headers: { 'x-caveman-token': t.host.token } });
    expect(answer.status).toBe(405);
    expect(answer.json()).toMatchObject({ ok: false, code: 'cave_bad_request' });
  });
});

describe('which channels exist', () => {
  it('IPC-only channels → 404 cave_bad_request, even when the dispatcher has a handler', async () => {
    for (const channel of ['catalog:save', 'catalog:openFiles']) {
      const answer = await callApi(t.host, channel, { tokenizer: 'o200k_base', source: { analysisId: 'a' }, which: 'original' });
      expect(answer.status, channel).toBe(404);
      expect(answer.json()).toMatchObject({ ok: false, code: 'cave_bad_request' });
    }
    expect(callsOf('saveCatalog')).toHaveLength(0);
  });

  it('unknown API paths → 404 JSON', async () => {
    for (const path of ['/api/nope', '/api/', '/api', '/api/app:info/x', '/api/history:list']) {
      const answer = await send(t.host.port, path, { method: 'POST', headers: apiHeaders(t.host), body: '{}' });
      expect(answer.status, path).toBe(404);
      expect(answer.json()).toMatchObject({ ok: false, code: 'cave_bad_request' });
    }
  });
});

describe('binary requests', () => {
  it('reach the handler byte-exact: BOM, invalid UTF-8, NUL, CR', async () => {
    const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x00, 0x0d, 0x0a, 0xed, 0xa0, 0x80, 0x22, 0x7d]);
    const answer = await send(t.host.port, '/api/catalog:analyze', { method: 'POST', headers: binaryHeaders(), body: bytes });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ ok: true, value: { jobId: 'job-1', name: 'tools.json' } });
    const request = callsOf('analyzeCatalog').at(-1)!.request as { name: string; tokenizer: string; bytes: Uint8Array };
    expect(request.name).toBe('tools.json');
    expect(request.tokenizer).toBe('o200k_base');
    expect(request.bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(request.bytes).equals(bytes)).toBe(true);
  });

  it('a chunked body (no Content-Length) arrives whole too', async () => {
    const upload = await uploadUntilAnswered(t.host.port, '/api/catalog:analyze', binaryHeaders(), 300 * 1024);
    expect(upload.answer.status).toBe(200);
    const request = callsOf('analyzeCatalog').at(-1)!.request as { bytes: Uint8Array };
    expect(request.bytes.length).toBe(300 * 1024);
    expect(request.bytes.every((b) => b === 0x41)).toBe(true);
  });

  it('non-ASCII params survive the header', async () => {
    const answer = await send(t.host.port, '/api/catalog:analyze', {
      method: 'POST',
      headers: binaryHeaders({ 'x-caveman-params': params({ name: 'outils — été.json', tokenizer: 'cl100k_base' }) }),
      body: '{}',
    });
    expect(answer.json()).toEqual({ ok: true, value: { jobId: 'job-1', name: 'outils — été.json' } });
  });

  it('bad params → 400; missing params → the contract says what is missing', async () => {
    for (const header of ['%7B', '%E0%A4%A', params([1]), params('x'), params(null)]) {
      const answer = await send(t.host.port, '/api/catalog:analyze', { method: 'POST', headers: binaryHeaders({ 'x-caveman-params': header }), body: '{}' });
      expect(answer.status, header).toBe(400);
      expect(answer.json()).toMatchObject({ ok: false, code: 'cave_bad_request' });
    }
    const headers = binaryHeaders();
    delete headers['x-caveman-params'];
    const missing = await send(t.host.port, '/api/catalog:analyze', { method: 'POST', headers, body: '{}' });
    expect(missing.status).toBe(400);
    expect((missing.json() as { message: string }).message).toMatch(/name/);
  });

  it('JSON sent to a binary channel → 415', async () => {
    const answer = await send(t.host.port, '/api/catalog:analyze', {
      method: 'POST',
      headers: binaryHeaders({ 'content-type': 'application/json' }),
      body: '{}',
    });
    expect(answer.status).toBe(415);
  });

  it('32 MiB is accepted', async () => {
    const answer = await send(t.host.port, '/api/catalog:analyze', { method: 'POST', headers: binaryHeaders(), body: Buffer.alloc(MAX_INPUT_BYTES, 0x20) });
    expect(answer.status).toBe(200);
    expect((callsOf('analyzeCatalog').at(-1)!.request as { bytes: Uint8Array }).bytes.length).toBe(MAX_INPUT_BYTES);
  });

  it('32 MiB + 1 declared → 413 cave_input_too_large before the client has sent it', async () => {
    const before = callsOf('analyzeCatalog').length;
    const total = MAX_INPUT_BYTES + 1;
    const upload = await uploadUntilAnswered(t.host.port, '/api/catalog:analyze', binaryHeaders({ 'content-length': String(total) }), total);
    expect(upload.answer.status).toBe(413);
    expect(upload.answer.json()).toEqual({
      ok: false,
      code: 'cave_input_too_large',
      message: `the file is ${total} bytes, above the 32 MiB limit — nothing was stored`,
    });
    expect(upload.answer.headers.connection).toBe('close');
    // The server answered while most of the body was still unsent: it never waited for (or buffered) it.
    expect(upload.written).toBeLessThan(total);
    expect(callsOf('analyzeCatalog')).toHaveLength(before);
  });

  it('an undeclared (chunked) body is cut off once it passes 32 MiB', async () => {
    const before = callsOf('analyzeCatalog').length;
    const total = 2 * MAX_INPUT_BYTES;
    const upload = await uploadUntilAnswered(t.host.port, '/api/catalog:analyze', binaryHeaders(), total);
    expect(upload.answer.status).toBe(413);
    expect(upload.answer.json()).toMatchObject({
      ok: false,
      code: 'cave_input_too_large',
      message: expect.stringMatching(/above the 32 MiB limit — nothing was stored$/),
    });
    expect(upload.written).toBeLessThan(total);
    expect(callsOf('analyzeCatalog')).toHaveLength(before);
  });

  it('the host still answers after refusing big bodies', async () => {
    expect((await callApi(t.host, 'app:info', {})).status).toBe(200);
  });
});

describe('binary answers', () => {
  it('a download arrives as raw bytes with its file name', async () => {
    const answer = await callApi(t.host, 'catalog:download', { source: { analysisId: 'a1' }, which: 'compressed' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/octet-stream');
    expect(answer.body.equals(Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0xff, 0x00, 0x7d]))).toBe(true);
    const fileName = "tools (compressed) — ü's.json";
    expect(answer.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeRfc5987(fileName)}`);
    expect(answer.headers['content-disposition']).toBe("attachment; filename*=UTF-8''tools%20%28compressed%29%20%E2%80%94%20%C3%BC%27s.json");
    expect(JSON.parse(decodeURIComponent(answer.headers['x-caveman-result'] as string))).toEqual({ fileName });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('bytes without a file name are not an attachment', async () => {
    const answer = await callApi(t.host, 'catalog:text', { analysisId: 'a1', which: 'compressed' });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"tools":[]}');
    expect(answer.headers['content-disposition']).toBeUndefined();
    expect(decodeURIComponent(answer.headers['x-caveman-result'] as string)).toBe('{}');
  });

  it('a failure on a binary channel is still JSON', async () => {
    const answer = await callApi(t.host, 'catalog:download', { source: { analysisId: 'a1' } });
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.json()).toMatchObject({ ok: false, code: 'cave_bad_request' });
  });
});

describe('status mapping', () => {
  it('maps each code', () => {
    expect(httpStatusFor({ ok: true })).toBe(200);
    expect(httpStatusFor({ ok: false, code: 'cave_bad_request' })).toBe(400);
    expect(httpStatusFor({ ok: false, code: 'cave_forbidden' })).toBe(403);
    expect(httpStatusFor({ ok: false, code: 'cave_not_found' })).toBe(404);
    expect(httpStatusFor({ ok: false, code: 'cave_input_too_large' })).toBe(413);
    expect(httpStatusFor({ ok: false, code: 'cave_internal' })).toBe(500);
    expect(httpStatusFor({ ok: false, code: 'cave_store_busy' })).toBe(503);
    expect(httpStatusFor({ ok: false, code: 'cave_invalid_json' })).toBe(422);
    expect(httpStatusFor({ ok: false, code: 'cave_store_full' })).toBe(422);
  });
});
