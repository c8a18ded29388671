// Tool originals in the app: the history details show one tool's
// original definition — each tool marked shortened or complete — exactly
// as it stands in the stored original (in a dialog).

import type { Route } from '@playwright/test';
import { expect, fixture, test } from './app-fixture';

const FILESYSTEM = fixture('server-filesystem.json');

/**
 * A tool's exact text in the file: the object around its `"name": "<tool>"`
 * member (a name member that opens its tool object, as in these captures),
 * matched bracket by bracket with strings skipped — independent of the app.
 */
function toolText(text: string, name: string): string {
  const at = text.indexOf(`"name": ${JSON.stringify(name)}`);
  const start = text.lastIndexOf('{', at);
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return text.slice(start, i + 1);
  }
  throw new Error(`no tool ${name}`);
}

test("history details: a tool's original definition, byte-exact, marked shortened or complete", async ({ app }) => {
  const { page } = app;
  // At leads some tools' descriptions are cut and others stay whole (at facts a tool's own description is never cut).
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('combobox', { name: 'Level' }).selectOption('leads');
  await page.keyboard.press('Escape');
  await app.dropFiles([{ name: FILESYSTEM.name, bytes: FILESYSTEM.bytes }]);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText(/ccr_[0-9a-f]{32}/);
  const handle = (await summary.textContent())!.match(/ccr_[0-9a-f]{32}/)![0];

  // The entry's details are held on their way (browser host): until they come, the details show the list's row, which has no shrinks.
  let release = () => {};
  if (app.kind === 'browser') {
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.context().route('**/api/history:details', async (route: Route) => {
      await released;
      await route.continue();
    });
  }
  await page.getByRole('tab', { name: /^History/ }).click();
  await page
    .getByRole('listbox', { name: 'History' })
    .getByRole('option', { name: new RegExp(handle) })
    .click();
  // The shrinks arriving do not move the buttons: a click aimed at one must not land on another (CI once opened nothing here).
  const button = page.getByRole('complementary', { name: 'Details' }).getByRole('button', { name: 'Tool originals…' });
  const before = await button.boundingBox();
  release();
  await expect(page.getByRole('complementary', { name: 'Details' }).getByRole('heading', { name: 'Shrunk once' })).toBeVisible();
  expect(await button.boundingBox()).toEqual(before);
  // the originals open in a dialog as large as the window allows (the details column is narrow, its end below the fold).
  await page.getByRole('complementary', { name: 'Details' }).getByRole('button', { name: 'Tool originals…' }).click();
  const originals = page.getByRole('dialog', { name: 'Tool originals' });
  await expect(originals).toContainText(/[1-9]\d* of 14 tools shortened/);
  const picker = originals.getByRole('combobox', { name: 'Tool' });
  const labels = await picker.locator('option').allTextContents();
  const shortened = labels.find((label) => label.endsWith('— shortened'))!.split(' — ')[0]!;
  const complete = labels.find((label) => label.endsWith('— complete'))!.split(' — ')[0]!;
  const source = FILESYSTEM.bytes.toString('utf8');

  await picker.selectOption(complete);
  await expect(originals).toContainText('Complete: the shrunk catalog already has all of its descriptions.');
  expect(await originals.getByLabel(`Original definition of ${complete}`).textContent()).toBe(toolText(source, complete));

  await picker.selectOption(shortened);
  const text = originals.getByLabel(`Original definition of ${shortened}`);
  await expect(originals).toContainText('Shortened in the shrunk catalog — this is its full original text.');
  expect(await text.textContent()).toBe(toolText(source, shortened));
  // The whole definition's box is in the window, at the 1024×700 minimum too, and Close is reachable.
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    const box = (await text.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(size.height);
    expect(box.width).toBeGreaterThan(size.width / 2);
    await expect(originals.getByRole('button', { name: 'Close' })).toBeInViewport();
  }
  await app.screenshot('history', 'tool-original');
  await originals.getByRole('button', { name: 'Close' }).click();
  await expect(originals).toHaveCount(0);
});
