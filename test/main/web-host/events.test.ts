// GET /api/events: each page gets its own NDJSON stream and client id, and a
// call's events go only to the page that named that id — also after its
// stream dropped and it opened a new one.

import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../src/main/services/dispatch';
import type { CallContext } from '../../../src/main/services/dispatch';
import type { EventName, EventTypes } from '../../../src/shared/ipc/channels';
import { callApi, hostForFile, openEvents, send, startTestHost } from './harness';

const t = hostForFile({ keepAliveMs: 25 });

/**
 * Runs `check` until it passes, every 50 ms, giving up (with its last error) after `timeoutMs` — Vitest's waitFor
 * loop, without Vitest's helper object, so that this file shares its fork's module registry (test/harness/own-process.ts).
 */
async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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
      expect(await nextEvent(a)).toEqual({ event: 'jobProgress', payload: { jobId: 'job-a', stage: 'counting', fraction: 0.5 }, seq: 1 });

      await callApi(t.host, 'jobs:cancel', { jobId: 'job-b' }, { 'x-caveman-client': idB });
      // B's first event is its own: job-a's never reached it (streams are ordered).
      expect(await nextEvent(b)).toEqual({ event: 'jobProgress', payload: { jobId: 'job-b', stage: 'counting', fraction: 0.5 }, seq: 1 });

      await callApi(t.host, 'jobs:cancel', { jobId: 'job-a2' }, { 'x-caveman-client': idA });
      expect(await nextEvent(a)).toMatchObject({ payload: { jobId: 'job-a2' }, seq: 2 });
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

  it('forget a page that stays away (its stream closed) longer than they wait for it', async () => {
    const away = await startTestHost({ awayKeepMs: 50 });
    try {
      const a = await openEvents(away.host);
      const idA = (JSON.parse(await a.nextLine()) as { clientId: string }).clientId;
      a.close();
      await eventually(async () => {
        await callApi(away.host, 'jobs:cancel', { jobId: 'job-gone' }, { 'x-caveman-client': idA });
        expect(away.calls.at(-1)!.clientId).toMatch(/^anonymous-/);
      });
      // A resume naming it now gets a page of its own.
      const b = await openEvents(away.host, { 'x-caveman-resume': idA, 'x-caveman-last-event': '0' });
      try {
        expect((JSON.parse(await b.nextLine()) as { clientId: string }).clientId).not.toBe(idA);
      } finally {
        b.close();
      }
    } finally {
      await away.close();
    }
  });

  it('only GET opens a stream', async () => {
    const answer = await send(t.host.port, '/api/events', {
      method: 'POST',
      headers: { 'x-caveman-token': t.host.token, 'content-type': 'application/json' },
      body: '{}',
    });
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

/**
 * A host whose `jobs:cancel` hands the call's context to the test, which
 * then emits on it whenever it likes — as a job's worker does, long after
 * the call that started the job was answered.
 */
async function hostWithJobContexts() {
  const contexts = new Map<string, CallContext>();
  const closed: string[] = [];
  const closedWaiters: (() => void)[] = [];
  const test = await startTestHost({
    dispatcher: createDispatcher({
      cancelJob: (request, context) => {
        contexts.set(request.jobId, context);
        return { cancelled: true };
      },
    }),
    // The inbox hears of every stream the hub closes: a test can wait until the host saw a page go.
    inbox: {
      attach: () => undefined,
      detach: (clientId) => {
        closed.push(clientId);
        closedWaiters.splice(0).forEach((wake) => wake());
      },
    },
  });
  const page = async (headers: Record<string, string> = {}) => {
    const stream = await openEvents(test.host, headers);
    const { clientId } = JSON.parse(await stream.nextLine()) as { clientId: string };
    return { stream, clientId };
  };
  /** Starts a "job" for the page: the host keeps the call's context under `jobId`. */
  const start = async (clientId: string, jobId: string) => {
    await callApi(test.host, 'jobs:cancel', { jobId }, { 'x-caveman-client': clientId });
    return <E extends EventName>(event: E, payload: EventTypes[E]) => contexts.get(jobId)!.emit(event, payload);
  };
  const seenClosing = async (clientId: string) => {
    while (!closed.includes(clientId)) await new Promise<void>((wake) => closedWaiters.push(wake));
  };
  return { test, page, start, seenClosing };
}

const finished = (jobId: string): EventTypes['jobFinished'] => ({
  jobId,
  outcome: { ok: false, name: jobId, error: { code: 'cave_cancelled', message: 'stopped' } },
});

describe('a page whose event stream dropped', () => {
  it('keeps its id on the new stream and gets what it missed: a job result, and a job’s progress as its latest', async () => {
    const { test, page, start, seenClosing } = await hostWithJobContexts();
    try {
      const first = await page();
      const emitOne = await start(first.clientId, 'job-1');
      const emitTwo = await start(first.clientId, 'job-2');
      emitOne('jobProgress', { jobId: 'job-1', stage: 'counting', fraction: 0.25 });
      expect(await nextEvent(first.stream)).toMatchObject({ payload: { jobId: 'job-1', fraction: 0.25 }, seq: 1 });

      first.stream.close();
      await seenClosing(first.clientId);
      // The jobs go on while the page is away.
      emitOne('jobProgress', { jobId: 'job-1', stage: 'counting', fraction: 0.5 });
      emitTwo('jobProgress', { jobId: 'job-2', stage: 'counting', fraction: 0.1 });
      emitOne('jobProgress', { jobId: 'job-1', stage: 'counting', fraction: 0.75 });
      emitOne('jobFinished', finished('job-1'));
      emitTwo('jobProgress', { jobId: 'job-2', stage: 'counting', fraction: 0.2 });

      const again = await page({ 'x-caveman-resume': first.clientId, 'x-caveman-last-event': '1' });
      expect(again.clientId).toBe(first.clientId);
      expect(await nextEvent(again.stream)).toEqual({ event: 'jobFinished', payload: finished('job-1'), seq: 5 });
      expect(await nextEvent(again.stream)).toEqual({ event: 'jobProgress', payload: { jobId: 'job-2', stage: 'counting', fraction: 0.2 }, seq: 6 });
      // And what the jobs send from now on comes here too.
      emitTwo('jobFinished', finished('job-2'));
      expect(await nextEvent(again.stream)).toEqual({ event: 'jobFinished', payload: finished('job-2'), seq: 7 });
      again.stream.close();
    } finally {
      await test.close();
    }
  });

  it('gets again an event the host wrote just before the drop, which the page never read', async () => {
    const { test, page, start } = await hostWithJobContexts();
    try {
      const first = await page();
      const emit = await start(first.clientId, 'job-1');
      emit('jobProgress', { jobId: 'job-1', stage: 'counting', fraction: 0.5 });
      expect(await nextEvent(first.stream)).toMatchObject({ seq: 1 });
      // Written to a stream the host still sees open, but the page read nothing after seq 1.
      emit('jobFinished', finished('job-1'));
      first.stream.close();
      const again = await page({ 'x-caveman-resume': first.clientId, 'x-caveman-last-event': '1' });
      expect(again.clientId).toBe(first.clientId);
      expect(await nextEvent(again.stream)).toEqual({ event: 'jobFinished', payload: finished('job-1'), seq: 2 });
      again.stream.close();
    } finally {
      await test.close();
    }
  });

  it('ends the old stream when the page opens a new one while the host still sees the old one open', async () => {
    const { test, page, start } = await hostWithJobContexts();
    try {
      const first = await page();
      const emit = await start(first.clientId, 'job-1');
      const again = await page({ 'x-caveman-resume': first.clientId, 'x-caveman-last-event': '0' });
      await first.stream.ended;
      emit('jobFinished', finished('job-1'));
      expect(await nextEvent(again.stream)).toEqual({ event: 'jobFinished', payload: finished('job-1'), seq: 1 });
      again.stream.close();
    } finally {
      await test.close();
    }
  });

  it('cannot resume an id the host never gave out: that stream gets an id of its own and no events of others', async () => {
    const { test, page, start } = await hostWithJobContexts();
    try {
      const owner = await page();
      const emit = await start(owner.clientId, 'job-1');
      emit('jobProgress', { jobId: 'job-1', stage: 'counting', fraction: 0.5 });
      const stranger = await page({ 'x-caveman-resume': 'made-up-id', 'x-caveman-last-event': '0' });
      expect(stranger.clientId).not.toBe('made-up-id');
      expect(stranger.clientId).not.toBe(owner.clientId);
      emit('jobFinished', finished('job-1'));
      const emitOwn = await start(stranger.clientId, 'job-s');
      emitOwn('jobFinished', finished('job-s'));
      expect(await nextEvent(owner.stream)).toMatchObject({ seq: 1 });
      expect(await nextEvent(owner.stream)).toMatchObject({ event: 'jobFinished', seq: 2 });
      // Streams are ordered: the stranger's first event is its own job's, so job-1's never reached it.
      expect(await nextEvent(stranger.stream)).toEqual({ event: 'jobFinished', payload: finished('job-s'), seq: 1 });
      owner.stream.close();
      stranger.stream.close();
    } finally {
      await test.close();
    }
  });
});
