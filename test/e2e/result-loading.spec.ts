/// <reference lib="dom" />
// A finished job's result loads visibly: the page's decoding thread is
// already running (started with the job, not when the first answer needs
// it), and while the diff is on its way the diff panel shows a progress bar
// that says what is happening — requested, its megabytes arriving, being
// unpacked — instead of a bare spinner.

import type { Route } from '@playwright/test';
import { expect, fixture, test } from './app-fixture';

test('the result of a finished job loads with a progress bar, the decoding thread started with the job', async ({ app }) => {
  test.skip(app.kind === 'electron', 'holds the browser host’s answer on its way (Electron answers over IPC)');
  const { page } = app;
  const github = fixture('github-mcp-server.json');

  // The decoding thread, and when it started.
  const workers: { url: string; at: number }[] = [];
  page.on('worker', (worker) => workers.push({ url: worker.url(), at: Date.now() }));
  // The diff's answer is held until the test lets it go (whoever asks for it: the page or its decoding thread).
  let diffAskedAt = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.context().route('**/api/catalog:diff', async (route: Route) => {
    diffAskedAt ||= Date.now();
    await released;
    await route.continue();
  });
  // Every text the diff's loading bar shows, in order.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { loadingTexts: string[] }).loadingTexts = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[role="progressbar"][aria-label="Loading the diff"]')?.getAttribute('aria-valuetext');
      if (text && text !== seen.at(-1)) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuetext'] });
  });

  await app.dropFiles([{ name: github.name, bytes: github.bytes }]);
  const loading = page.getByRole('progressbar', { name: 'Loading the diff' });
  await expect(loading).toHaveAttribute('aria-valuetext', 'Requesting the diff…');
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
  await app.screenshot('results', 'loading-requested');

  // The decoding thread was running before the diff was even asked for: it started with the job.
  expect(diffAskedAt).toBeGreaterThan(0);
  const decoder = workers.find((worker) => /answer-decoder/.test(worker.url));
  expect(decoder, `workers: ${JSON.stringify(workers)}`).toBeDefined();
  expect(decoder!.at).toBeLessThan(diffAskedAt);

  release();
  await expect(page.locator('.merge-host')).toBeVisible();
  await expect(loading).toHaveCount(0);
  const texts = await page.evaluate(() => (window as unknown as { loadingTexts: string[] }).loadingTexts);
  expect(texts[0]).toBe('Requesting the diff…');
  // Whatever the bar showed after that said how far the bytes or their decoding were.
  for (const text of texts.slice(1)) expect(text).toMatch(/^(Receiving the diff… [\d.]+ (B|KiB|MiB) of [\d.]+ (B|KiB|MiB)|Unpacking the diff… \d+%)$/);
});
