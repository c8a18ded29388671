// Pasting catalog JSON from the clipboard: each paste gets a name of its own, and an empty clipboard says so.

import { expect, test, viewShot } from './app-fixture';

test('pastes are numbered pasted.json, pasted-2.json, …; an empty clipboard is called empty and the dialog names the paste to come', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const small = (i: number) =>
    JSON.stringify({
      tools: [{ name: `tool_${i}`, description: `Does thing ${i}.   It is   useful.`, inputSchema: { type: 'object', title: 'Args', properties: {} } }],
    });
  const strip = page.getByRole('navigation', { name: 'Loaded catalogs' });
  for (const [i, name] of [
    [1, 'pasted.json'],
    [2, 'pasted-2.json'],
  ] as const) {
    await page.evaluate((text) => navigator.clipboard.writeText(text), small(i));
    await page.getByRole('button', { name: 'Paste JSON', exact: true }).click();
    await expect(strip.getByRole('button', { name: new RegExp(`^${name.replace('.', '\\.')} `) })).toBeVisible();
  }

  // An empty clipboard is said to be empty, and the dialog names the paste to come.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByRole('button', { name: 'Paste JSON', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste JSON' });
  await expect(dialog).toContainText('The clipboard is empty: copy the catalog’s JSON first, or paste it here. It is shrunk as pasted-3.json.');
  await expect(dialog).not.toContainText('could not be read');
  await viewShot(page, 'paste', 'empty-clipboard-1024x700');
  await dialog.getByRole('textbox', { name: 'Catalog JSON' }).fill(small(3));
  await dialog.getByRole('button', { name: 'Shrink' }).click();
  await expect(strip.getByRole('button', { name: /^pasted-3\.json / })).toBeVisible();
  await expect(strip.getByRole('listitem')).toHaveCount(3);
  await viewShot(page, 'paste', 'numbered-1024x700');
});
