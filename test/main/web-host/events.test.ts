// GET /api/events: each page gets its own NDJSON stream and client id, and a
// call's events go only to the page that named that id.

import { describe, expect, it, vi } from 'vitest';
import { callApi, hostForFile, openEvents, send, startTestHost } from './harness';

const t = hostForFile({ keepAliveMs: 25 });

/** The next line that is not a keep-alive blank line. */
async function nextEvent(stream: { nextLine(): Promise<string> }): Promise<unknown> {
  for (;;) {
    const line = await stream.nextLine();
    if (line !== '') return JSON.parse(line);
  }
}

describe('event streams', () => {
  it('start with a hello line carrying a fresh client id, as NDJSON', async () => {
    const a = await openEvents(t.host);
    const b = await openEvents(t.host);
    try {
      expect(a.status).toBe(200);
      expect(a.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
      expect(a.headers['cache-control']).toBe('no-store');
      const helloA = JSON.parse(await a.nextLine()) as { event: string; clientId: string };
      const helloB = JSON.parse(await b.nextLine()) as { event: string; clientId: string };
      expect(helloA.event).toBe('hello');
      expect(helloA.clientId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(helloB.clientId).not.toBe(helloA.clientId);
    } finally {
      a.close();
      b.close();
    }
  });

  it("route a call's events to the page that made it, and only to it", async () => {
    const a = await openEvents(t.host);
    const b = await openEvents(t.host);
    try {
      const idA = (JSON.parse(await a.nextLine()) as { clientId: string }).clientId;
      const idB = (JSON.parse(await b.nextLine()) as { clientId: string }).clientId;

      const answer = await callApi(t.host, 'jobs:cancel', { jobId: 'job-a' }, { 'x-caveman-client': idA });
      expect(answer.json()).toEqual({ ok: true, value: { cancelled: true } });
      expect(t.calls.at(-1)!.clientId).toBe(idA);
      expect(await nextEvent(a)).toEqual({ event: 'jobProgress', payload: { jobId: 'job-a', stage: 'counting', fraction: 0.5 } });

      await callApi(t.host, 'jobs:cancel', { jobId: 'job-b' }, { 'x-caveman-client': idB });
      // B's first event is its own: job-a's never reached it (streams are ordered).
      expect(await nextEvent(b)).toEqual({ event: 'jobProgress', payload: { jobId: 'job-b', stage: 'counting', fraction: 0.5 } });

      await callApi(t.host, 'jobs:cancel', { jobId: 'job-a2' }, { 'x-caveman-client': idA });
      expect(await nextEvent(a)).toMatchObject({ payload: { jobId: 'job-a2' } });
    } finally {
      a.close();
      b.close();
    }
  });

  it('calls without a known client id run, with an anonymous id, and their events are dropped', async () => {
    const a = await openEvents(t.host);
    try {
      const idA = (JSON.parse(await a.nextLine()) as { clientId: string }).clientId;
      for (const headers of [{}, { 'x-caveman-client': 'made-up-id' }]) {
        const answer = await callApi(t.host, 'jobs:cancel', { jobId: 'job-x' }, headers);
        expect(answer.status).toBe(200);
        expect(t.calls.at(-1)!.clientId).toMatch(/^anonymous-/);
      }
      await callApi(t.host, 'jobs:cancel', { jobId: 'job-mine' }, { 'x-caveman-client': idA });
      expect(await nextEvent(a)).toMatchObject({ payload: { jobId: 'job-mine' } });
    } finally {
      a.close();
    }
  });

  it('send a blank keep-alive line while idle', async () => {
    const a = await openEvents(t.host);
    try {
      await a.nextLine(); // hello
      expect(await a.nextLine()).toBe('');
    } finally {
      a.close();
    }
  });

  it('forget a page once its stream closes', async () => {
    const a = await openEvents(t.host);
    const idA = (JSON.parse(await a.nextLine()) as { clientId: string }).clientId;
    a.close();
    await vi.waitFor(async () => {
      await callApi(t.host, 'jobs:cancel', { jobId: 'job-gone' }, { 'x-caveman-client': idA });
      expect(t.calls.at(-1)!.clientId).toMatch(/^anonymous-/);
    });
  });

  it('only GET opens a stream', async () => {
    const answer = await send(t.host.port, '/api/events', { method: 'POST', headers: { 'x-caveman-token': t.host.token, 'content-type': 'application/json' }, body: '{}' });
    expect(answer.status).toBe(405);
  });

  it('close() ends open streams', async () => {
    const other = await startTestHost();
    const a = await openEvents(other.host);
    await a.nextLine();
    await other.close();
    await a.ended;
  });
});
