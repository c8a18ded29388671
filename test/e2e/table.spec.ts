// The per-tool table: sort marks, full names on hover, a filter's subtotal, a resizable Tool column, and number
// columns as wide as their header or largest value.

import { cli, expect, test, viewShot } from './app-fixture';
import { GITHUB, dropGithub, githubTableAt } from './catalog-drops';
import { isCut } from './layout-probes';

test('sort marks keep clear of the next header, full names show on hover, a filter adds its subtotal, and the Tool column resizes', async ({ app }) => {
  const { page } = app;
  await dropGithub(page, app.dropFiles);
  const table = page.getByRole('table', { name: 'Per-tool tokens' });
  await table.getByRole('button', { name: 'Claude saved', exact: true }).click();
  await expect(table.getByRole('columnheader', { name: 'Claude saved', exact: true })).toHaveAttribute('aria-sort', /ascending|descending/);
  // Each header's label and mark stay inside its own cell.
  const overlaps = await table.locator('thead th').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const box = cell.getBoundingClientRect();
      return Array.from(cell.querySelectorAll('.sort-label, .sort-mark'))
        .map((part) => part.getBoundingClientRect())
        .filter((part) => part.left < box.left - 0.5 || part.right > box.right + 0.5)
        .map(() => cell.textContent);
    }),
  );
  expect(overlaps).toEqual([]);
  expect(await isCut(page, '.tool-table thead .sort-label')).toEqual([]);
  await viewShot(page, 'table', 'sorted-headers');

  // The full name is on hover, and the Tool column widens from the keyboard until no name is cut.
  const longest = 'add_pull_request_review_comment_reaction';
  await page.getByRole('searchbox', { name: 'Filter tools' }).fill('pull_request_review');
  await expect(table.getByRole('rowheader', { name: longest })).toHaveAttribute('title', longest);
  // The filtered subtotal sums the tools shown (what Claude sees of them first); the catalog total stays.
  const lint = JSON.parse(cli(['lint', GITHUB.path, '--json']).stdout.toString('utf8')) as {
    tools: { name: string; visible: { anthropic: { tokens_before: number; tokens_after: number } } }[];
    visible: { anthropic: { tokens_before: number } };
  };
  const matching = lint.tools.filter((tool) => tool.name.includes('pull_request_review'));
  const subtotalCells = table.getByRole('row', { name: new RegExp(`^Filtered \\(${matching.length} tools\\)`) }).getByRole('cell');
  const number = async (index: number) => Number((await subtotalCells.nth(index).textContent())!.replace(/[^0-9]/g, ''));
  expect([await number(0), await number(1)]).toEqual([
    matching.reduce((sum, tool) => sum + tool.visible.anthropic.tokens_before, 0),
    matching.reduce((sum, tool) => sum + tool.visible.anthropic.tokens_after, 0),
  ]);
  await expect(
    table
      .getByRole('row', { name: /^Total/ })
      .getByRole('cell')
      .first(),
  ).toHaveText(lint.visible.anthropic.tokens_before.toLocaleString('en-US'));
  await expect(table).toHaveAttribute('aria-rowcount', String(matching.length + 4));
  const resizer = page.getByRole('separator', { name: 'Tool column width' });
  await expect(resizer).toHaveAttribute('aria-valuetext', 'automatic');
  const before = Number(await resizer.getAttribute('aria-valuenow'));
  await resizer.focus();
  // Widened at least once (the names may all fit already beside the columns shown), then until none is cut.
  await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 30 && (await isCut(page, '.tool-table tbody th.tool-name')).length > 0; i++) await page.keyboard.press('ArrowRight');
  expect(Number(await resizer.getAttribute('aria-valuenow'))).toBeGreaterThan(before);
  expect(await isCut(page, '.tool-table tbody th.tool-name')).toEqual([]);
  await viewShot(page, 'table', 'tool-column-widened');
  await expect(resizer).toHaveAttribute('aria-valuetext', /^\d+ pixels$/);
  await page.keyboard.press('Home');
  await expect(resizer).toHaveAttribute('aria-valuetext', 'automatic');
});

test('the table gives the names the room short headers leave: at 1440×900 every column fits its panel uncut; at 1024×700 no header is cut', async ({ app }) => {
  const { page } = app;
  const table = await githubTableAt(page, app.dropFiles, { width: 1440, height: 900 });
  // Number columns are as wide as their header or their largest value, not one width for all four savings columns.
  const fits = () => page.locator('.tools-panel .table-scroll').evaluate((scroller) => scroller.scrollWidth <= scroller.clientWidth);
  expect(await fits()).toBe(true);
  expect(await isCut(page, '.tool-table thead .sort-label')).toEqual([]);
  const toolColumn = (await table.getByRole('columnheader', { name: 'Tool' }).boundingBox())!.width;
  expect(toolColumn).toBeGreaterThanOrEqual(180);
  await viewShot(page, 'table', 'columns-1440x900');

  await page.setViewportSize({ width: 1024, height: 700 });
  await expect.poll(() => isCut(page, '.tool-table thead .sort-label')).toEqual([]);
  await viewShot(page, 'table', 'columns-1024x700');
});
