// Getting the result out: saving the compressed catalog and the original, and copying the compressed one.

import { cli, expect, test, viewShot } from './app-fixture';
import { GITHUB, dropAndWait } from './catalog-drops';

test('saving compressed and original writes the bytes of the CLI’s stdout and of the original file', async ({ app }) => {
  const { page } = app;
  await dropAndWait(page, () => app.dropFiles([{ name: GITHUB.name, bytes: GITHUB.bytes }]), GITHUB.name);
  const compressed = await app.captureExport(() => page.getByRole('button', { name: 'Save compressed…' }).click());
  const shrunk = cli([GITHUB.path]);
  expect(shrunk.status).toBe(0);
  expect(compressed.bytes.equals(shrunk.stdout)).toBe(true);
  const original = await app.captureExport(() => page.getByRole('button', { name: 'Save original…' }).click());
  expect(original.bytes.equals(GITHUB.bytes)).toBe(true);
  if (app.kind === 'browser') expect([compressed.fileName, original.fileName]).toEqual(['github-mcp-server.min.json', 'github-mcp-server.json']);
});

test('copying the compressed catalog four times shows one notice, counted ×4; a one-tool catalog says "1 tool"', async ({ app }) => {
  const { page } = app;
  const one = Buffer.from(
    JSON.stringify(
      { tools: [{ name: 'only_tool', description: 'Does the one thing.   It is useful.', inputSchema: { type: 'object', title: 'Args', properties: {} } }] },
      null,
      2,
    ),
  );
  await app.dropFiles([{ name: 'one.json', bytes: one }]);
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText(/ccr_[0-9a-f]{32}/);
  await expect(page.locator('.tools-panel .panel-note')).toHaveText('1 tool');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  for (let i = 0; i < 4; i++) {
    await page.getByRole('button', { name: 'Copy compressed' }).click();
    await expect(page.getByRole('button', { name: 'Copy compressed' })).toBeEnabled();
  }
  await expect(page.getByRole('list', { name: 'Notifications' }).locator('li')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText('×4');
  await viewShot(page, 'notices', 'copied-four-times');
});
