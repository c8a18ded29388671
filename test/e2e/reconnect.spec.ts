/// <reference lib="dom" />
// The page's event stream drops while its job runs: the
// job finishes while the page has no stream, and its result still shows once
// the page has reconnected. The page's fetch is wrapped before its scripts
// run: its event stream is cut right after the job's first event (whatever
// the host wrote after it is lost, as on a real drop), and the page's next
// stream is held until the job is in the store.

import { expect, fixture, test } from './app-fixture';

interface Dropper {
  /** Resolves once the stream was cut after the first job event. */
  cut: Promise<void>;
  cutDone: boolean;
  letReconnect(): void;
  streams: number;
}

/** Runs in the page before its own scripts. */
function wrapFetch(): void {
  const realFetch = window.fetch.bind(window);
  let armed = true;
  let gate: Promise<void> = Promise.resolve();
  let openGate: () => void = () => undefined;
  let markCut: () => void = () => undefined;
  const dropper = {
    cut: new Promise<void>((resolve) => (markCut = resolve)),
    cutDone: false,
    letReconnect: () => openGate(),
    streams: 0,
  };
  (window as unknown as { dropper: typeof dropper }).dropper = dropper;
  window.fetch = async (input, init) => {
    if (!String(input instanceof Request ? input.url : input).endsWith('/api/events')) return realFetch(input, init);
    await gate;
    const response = await realFetch(input, init);
    dropper.streams += 1;
    const upstream = response.body!.getReader();
    const decoder = new TextDecoder();
    const encoder = new TextEncoder();
    let partial = '';
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await upstream.read();
        if (done) return controller.close();
        partial += decoder.decode(value, { stream: true });
        for (let nl = partial.indexOf('\n'); nl >= 0; nl = partial.indexOf('\n')) {
          const line = partial.slice(0, nl + 1);
          partial = partial.slice(nl + 1);
          controller.enqueue(encoder.encode(line));
          if (armed && line.includes('"jobProgress"')) {
            armed = false;
            gate = new Promise<void>((resolve) => (openGate = resolve));
            controller.error(new TypeError('network error'));
            void upstream.cancel();
            dropper.cutDone = true;
            markCut();
            return;
          }
        }
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

test('the event stream drops while a catalog is analysed: its result shows once the page has reconnected', async ({ app }) => {
  test.skip(app.kind === 'electron', 'the browser host’s event stream (Electron sends events over IPC)');
  const { page } = app;
  await page.addInitScript(wrapFetch);
  await app.reload();
  const github = fixture('github-mcp-server.json');

  await app.dropFiles([{ name: github.name, bytes: github.bytes }]);
  await page.waitForFunction(() => (window as unknown as { dropper: Dropper }).dropper.cutDone);

  // The job ends while the page has no stream: its row reaches the store.
  const token = await page.locator('meta[name="caveman-api-token"]').getAttribute('content');
  await expect
    .poll(async () => {
      const answer = await page.request.post(new URL('/api/history:list', page.url()).href, {
        headers: { 'x-caveman-token': token!, 'content-type': 'application/json' },
        data: { limit: 10, offset: 0 },
      });
      return ((await answer.json()) as { value: { total: number } }).value.total;
    })
    .toBe(1);
  await expect(page.getByRole('region', { name: 'Summary' })).toHaveCount(0);

  await page.evaluate(() => (window as unknown as { dropper: Dropper }).dropper.letReconnect());
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
  await expect(page.locator('.merge-host')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { dropper: Dropper }).dropper.streams)).toBe(2);
  await app.screenshot('results', 'after-reconnect');
});
