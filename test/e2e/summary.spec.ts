// The summary's figures and states: an already-minimal catalog, and what the saving is worth at an input price.

import { cli, expect, fixture, test, viewShot } from './app-fixture';
import { GITHUB, dropGithub } from './catalog-drops';
import { overflow } from './layout-probes';

test('an already-minimal catalog: said so, nothing stored, only the original can be saved', async ({ app }) => {
  const { page } = app;
  const minimal = cli([fixture('server-memory.json').path]).stdout;
  await app.dropFiles([{ name: 'memory.min.json', bytes: minimal }]);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('Already minimal — nothing to remove; nothing was stored.');
  await expect(summary).toContainText('none — nothing was stored');
  await expect(summary.getByRole('button', { name: 'Save compressed…' })).toBeDisabled();
  await expect(summary.getByRole('button', { name: 'Copy compressed' })).toBeDisabled();
  await expect(summary.getByRole('button', { name: 'Save original…' })).toBeEnabled();
  await expect(page.locator('.preview-tag')).toHaveCount(2);
  await app.screenshot('summary', 'already-minimal');
  await page.getByRole('tab', { name: /^History/ }).click();
  await expect(page.getByText(/No handles stored yet/)).toBeVisible();
});

test('an input price turns the saving into money per 1,000 requests, kept across a reload; a bad stored price is ignored', async ({ app }) => {
  const { page } = app;
  await dropGithub(page, app.dropFiles);
  const summary = page.getByRole('region', { name: 'Summary' });
  const perThousand = summary.locator('.stat').filter({ hasText: 'Per 1,000 requests' });
  await expect(perThousand.locator('.stat-value')).toHaveText('enter your input price');

  // Priced from what the model sees (docs/transform.md), not the whitespace-inclusive JSON saving.
  const { visible } = JSON.parse(cli(['lint', GITHUB.path, '--json', '--tokenizer', 'o200k_base']).stdout.toString('utf8')) as {
    visible: { anthropic: { tokens_before: number; tokens_after: number } };
  };
  const expected = `$${(((visible.anthropic.tokens_before - visible.anthropic.tokens_after) * 1000 * 2.5) / 1_000_000).toFixed(2)}`;
  await expect(summary).toContainText('Tokenizer o200k_base');
  // Named by its label, typed into from the keyboard.
  const price = summary.getByRole('textbox', { name: 'Input price' });
  await price.focus();
  await page.keyboard.type('2.50');
  await expect(perThousand.locator('.stat-value')).toHaveText(`${expected} saved`);
  await expect(perThousand.locator('.stat-label')).toHaveText('Per 1,000 requests · estimate');
  await viewShot(page, 'summary', 'price');

  await page.keyboard.type('x');
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  // It says why, and what a price is.
  await expect(perThousand.locator('.stat-value')).toHaveText('“x” is not part of a price: type 0 to 10,000, e.g. 2.50');
  await viewShot(page, 'summary', 'price-invalid');
  await page.keyboard.press('Backspace');
  await expect(perThousand.locator('.stat-value')).toHaveText(`${expected} saved`);

  await app.reload();
  await dropGithub(page, app.dropFiles);
  await expect(summary.getByRole('textbox', { name: 'Input price' })).toHaveValue('2.5');
  await expect(perThousand.locator('.stat-value')).toHaveText(`${expected} saved`);

  await page.evaluate(() => localStorage.setItem('caveman.inputPricePerMillion', '{"not":"a price"}'));
  await app.reload();
  await dropGithub(page, app.dropFiles);
  await expect(summary.getByRole('textbox', { name: 'Input price' })).toHaveValue('');
  await expect(perThousand.locator('.stat-value')).toHaveText('enter your input price');
  await viewShot(page, 'summary', 'price-empty');
});

test('a price that is not one says why and the range that is, whole inside its card at 1024×700', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  await dropGithub(page, app.dropFiles);

  // Why the text is not a price, and the range, whole inside its card at 1024×700.
  const summary = page.getByRole('region', { name: 'Summary' });
  const card = summary.locator('.stat').filter({ hasText: 'Per 1,000 requests' });
  const price = summary.getByRole('textbox', { name: 'Input price' });
  await price.fill('2.5x');
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  const problem = card.locator('.stat-problem');
  await expect(problem).toHaveText('“x” is not part of a price: type 0 to 10,000, e.g. 2.50');
  await expect(price).toHaveAccessibleDescription(/per 1M tokens “x” is not part of a price: type 0 to 10,000/);
  expect(await overflow(problem, card)).toEqual({ left: 0, right: 0 });
  const [problemBox, cardBox] = [(await problem.boundingBox())!, (await card.boundingBox())!];
  expect(problemBox.y + problemBox.height).toBeLessThanOrEqual(cardBox.y + cardBox.height);
  await viewShot(page, 'summary', 'price-invalid-1024x700');
  await price.fill('20000');
  await expect(problem).toHaveText('Above the largest price taken: type 0 to 10,000, e.g. 2.50');
  await price.fill('2.50');
  await expect(card.locator('.stat-value')).toHaveText(/^\$[\d.,]+ saved$/);
});
