// The settings a person picks for the app itself: the theme — as the
// system is set, light or dark — kept across a restart, the diff's editors
// drawn in it too.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, fixture, REPO, test, viewShot } from './app-fixture';
import { GITHUB, dropGithub } from './catalog-drops';

const SHOTS = join(REPO, 'test-results', 'settings');
mkdirSync(SHOTS, { recursive: true });

/** The page's background, the diff editor's and a secondary button's (one drawn before the switch kept its light background), as drawn. */
const drawn = (page: Page) =>
  page.evaluate(() => ({
    page: getComputedStyle(document.body).backgroundColor,
    diff: getComputedStyle(document.querySelector('[data-editor-host]')!.shadowRoot!.querySelector('.cm-editor')!).backgroundColor,
    button: getComputedStyle(Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.includes('Paste JSON'))!).backgroundColor,
  }));
const LIGHT = { page: 'rgb(244, 245, 247)', diff: 'rgb(255, 255, 255)', button: 'rgb(255, 255, 255)' };
const DARK = { page: 'rgb(15, 18, 23)', diff: 'rgb(22, 26, 33)', button: 'rgb(22, 26, 33)' };

for (const size of [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
]) {
  test(`the theme at ${size.width}×${size.height}: as the system until light or dark is picked, kept across a reload`, async ({ app }) => {
    const { page } = app;
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: 'light' });
    const github = fixture('github-mcp-server.json');
    await app.dropFiles([{ name: github.name, bytes: github.bytes }]);
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText(/ccr_[0-9a-f]{32}/);
    await expect(page.locator('[data-editor-host]')).toBeAttached();
    await expect.poll(() => drawn(page)).toEqual(LIGHT);

    const settings = page.getByRole('button', { name: 'Settings' });
    const theme = page.getByRole('combobox', { name: 'Theme' });
    if (!(await theme.isVisible())) await settings.click();
    await expect(theme).toHaveValue('system');
    await theme.selectOption('dark');
    await expect.poll(() => drawn(page)).toEqual(DARK);
    await page.screenshot({ path: join(SHOTS, `theme-dark-${size.width}x${size.height}.png`) });

    // Kept: the next start draws dark at once while the OS says light; "As the system" follows the OS again.
    await app.reload();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(DARK.page);
    await app.dropFiles([{ name: github.name, bytes: github.bytes }]);
    await expect(page.locator('[data-editor-host]')).toBeAttached();
    await expect.poll(() => drawn(page)).toEqual(DARK);
    if (!(await theme.isVisible())) await settings.click();
    await expect(theme).toHaveValue('dark');
    await theme.selectOption('system');
    await expect.poll(() => drawn(page)).toEqual(LIGHT);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => drawn(page)).toEqual(DARK);
    await theme.selectOption('light');
    await expect.poll(() => drawn(page)).toEqual(LIGHT);
    await page.screenshot({ path: join(SHOTS, `theme-light-on-dark-os-${size.width}x${size.height}.png`) });
  });
}

test('a reload keeps the tokenizer and the share switch, and offers to open again, from history, the results open before it', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1601, height: 900 });
  await dropGithub(page, app.dropFiles);
  const summary = page.getByRole('region', { name: 'Summary' });
  const handle = /ccr_[0-9a-f]{32}/.exec((await summary.textContent()) ?? '')![0];
  const tokenizer = page.getByRole('combobox', { name: 'Tokenizer' });
  const share = page.getByRole('checkbox', { name: 'Share sub-schemas' });
  await tokenizer.selectOption('cl100k_base');
  await expect(summary).toContainText('Tokenizer cl100k_base');
  await share.check();

  await app.reload();
  await expect(tokenizer).toHaveValue('cl100k_base');
  await expect(share).toBeChecked();
  const offer = page.getByRole('region', { name: 'Last results' });
  await expect(offer).toContainText(`Open last time: ${GITHUB.name}.`);
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(offer).toContainText('Its original is in history.');
  await viewShot(page, 'results', 'last-offered-1024x700');
  await offer.getByRole('button', { name: 'Open it again' }).click();
  // The same original from history, measured with the kept settings.
  await expect(summary).toContainText(handle);
  await expect(summary).toContainText('Tokenizer cl100k_base');
  await expect(page.getByRole('region', { name: 'Last results' })).toHaveCount(0);
  await viewShot(page, 'results', 'last-reopened-1024x700');
});
