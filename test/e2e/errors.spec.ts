// A catalog that cannot be shrunk: the error says where and how to retry, shows the offending line, and nothing is stored.

import { expect, test, viewShot } from './app-fixture';

test('a malformed file: a clear error with line and column, and nothing stored', async ({ app }) => {
  const { page } = app;
  await app.dropFiles([{ name: 'broken.json', bytes: Buffer.from('{\n  "tools": [\n    {"name": x}\n  ]\n}') }]);
  const alert = page.getByRole('alert').filter({ hasText: 'Could not shrink broken.json' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('line 3, column 14');
  await expect(alert).toContainText('Nothing was stored.');
  await app.screenshot('errors', 'malformed-file');
  await page.getByRole('tab', { name: /^History/ }).click();
  await expect(page.getByText(/No handles stored yet/)).toBeVisible();
});

test('errors say how to retry where the input came from, and show the offending line with a caret', async ({ app }) => {
  const { page } = app;
  await app.dropFiles([{ name: 'empty.json', bytes: Buffer.alloc(0) }]);
  const empty = page.getByRole('alert').filter({ hasText: 'Could not shrink empty.json' });
  await expect(empty).toContainText('The file is empty: pick the file that holds the catalog’s JSON.');
  await expect(empty).not.toContainText('Fix the JSON');
  await viewShot(page, 'errors', 'empty-file');

  await page.getByRole('button', { name: 'Paste JSON' }).click();
  await page.getByRole('textbox', { name: 'Catalog JSON' }).fill('{\n  "tools": [\n    {"name": x}\n  ]\n}');
  await page.getByRole('button', { name: 'Shrink' }).click();
  const pasted = page.getByRole('alert').filter({ hasText: 'Could not shrink pasted.json' });
  await expect(pasted).toContainText('Fix the JSON at that position and paste it again.');
  await expect(pasted).not.toContainText('drop the file');
  const excerpt = pasted.locator('.failure-excerpt');
  await expect(excerpt).toContainText('Line 3, column 14:');
  // The caret sits under the column the message names.
  expect(await excerpt.locator('pre').evaluate((pre) => pre.textContent!.split('\n'))).toEqual(['    {"name": x}', `${' '.repeat(13)}^`]);
  await viewShot(page, 'errors', 'pasted-invalid');
});
