// Files named when the app starts (`caveman-shrink-desktop a.json b.json`,
// `npm run web -- a.json b.json`) open in the window by themselves, each as a
// stored analysis equal to what the CLI makes of the same bytes; a name that
// is not a readable file is a failed job that says so.

import { join } from 'node:path';
import { cli, expect, fixture, REPO, test } from './app-fixture';

const MEMORY = fixture('server-memory.json');
const DOCS = fixture('cloudflare-docs.json');
const MISSING = join(REPO, 'test/fixtures/shared/real/no-such-catalog.json');

test.use({ launchFiles: [MEMORY.path, DOCS.path, MISSING] });

test('catalogs named at launch open in the window, the first on screen, and a missing one says so', async ({ app }) => {
  const { page } = app;
  const loaded = page.getByRole('navigation', { name: 'Loaded catalogs' });
  await expect(loaded.getByRole('button', { name: /^server-memory\.json/ })).toBeVisible();
  await expect(loaded.getByRole('button', { name: /^cloudflare-docs\.json/ })).toBeVisible();
  await expect(loaded.getByRole('button', { name: /^no-such-catalog\.json/ })).toContainText('failed');

  // The first file takes the screen, stored under the handle the CLI gives the same bytes.
  const summary = page.getByRole('region', { name: 'Summary' });
  const handle = (JSON.parse(cli(['shrink', MEMORY.path]).stderr) as { recovery_handle: string }).recovery_handle;
  await expect(summary).toContainText(handle);
  await app.screenshot('results', 'opened-at-launch');

  await loaded.getByRole('button', { name: /^no-such-catalog\.json/ }).click();
  await expect(page.getByText(/cannot read no-such-catalog\.json .*there is no such file/i)).toBeVisible();
  await expect(page.getByText('Nothing was stored.')).toBeVisible();

  // Reloading the page does not open them again.
  await app.reload();
  await expect(page.getByRole('button', { name: 'Open…', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Loaded catalogs' })).toHaveCount(0);
});
