// the browser host lost a job's result when the page's
// event stream dropped mid-job — the job kept emitting to the client id of
// the dead stream, and the page's new stream had a new id. Here a page (raw
// HTTP, the way the renderer's client speaks it) starts an analysis on a real
// host over the real app services, drops its stream right after the job's
// first event, and opens a new one, as the renderer does, only once the job
// is done. (The renderer's side: test/renderer/transport/http-client.test.ts and
// the browser journey test/e2e/reconnect.spec.ts.)

import { describe, expect, it } from 'vitest';
import { realFixture } from '../../helpers/fixtures';
import { callApi, openEvents, send } from './harness';
import { realHostForFile } from './real-host';

const real = realHostForFile('caveman-page-reconnect-');

interface Line {
  event: string;
  clientId?: string;
  seq?: number;
  payload?: { jobId: string; outcome?: { ok: boolean; analysisId?: string } };
}

async function nextEvent(stream: { nextLine(): Promise<string> }): Promise<Line> {
  for (;;) {
    const line = await stream.nextLine();
    if (line !== '') return JSON.parse(line) as Line;
  }
}

describe('the page’s event stream drops while its job runs', () => {
  it('the job’s result comes on the stream the page opens again, and the result downloads', async () => {
    const fixture = realFixture('server-filesystem.json');
    const first = await openEvents(real.host);
    const { clientId } = await nextEvent(first);
    const started = await send(real.host.port, '/api/catalog:analyze', {
      method: 'POST',
      headers: {
        'x-caveman-token': real.host.token,
        'x-caveman-client': clientId!,
        'content-type': 'application/octet-stream',
        'x-caveman-params': encodeURIComponent(JSON.stringify({ name: fixture.name, tokenizer: 'o200k_base' })),
      },
      body: fixture.bytes,
    });
    const { jobId } = (started.json() as { value: { jobId: string } }).value;
    const queued = await nextEvent(first);
    expect(queued).toMatchObject({ event: 'jobProgress', payload: { jobId } });
    // The page reads nothing more from this stream: it drops.
    first.close();
    await real.services.idle(); // the job ends while the page has no stream

    const again = await openEvents(real.host, { 'x-caveman-resume': clientId!, 'x-caveman-last-event': String(queued.seq) });
    try {
      expect((await nextEvent(again)).clientId).toBe(clientId);
      const result = await nextEvent(again);
      expect(result).toMatchObject({ event: 'jobFinished', payload: { jobId, outcome: { ok: true } } });
      const download = await callApi(real.host, 'catalog:download', { source: { analysisId: result.payload!.outcome!.analysisId }, which: 'original' });
      expect(download.body.equals(fixture.bytes)).toBe(true);
    } finally {
      again.close();
    }
  }, 60_000);
});
