// The window at laptop sizes (summary, table and diff sharing 1024×700, the toolbar, the catalog strip), its
// favicon and its keyboard shortcuts sheet.

import type { Page } from '@playwright/test';
import { cli, expect, test, viewShot } from './app-fixture';
import { GITHUB, dropGithub, githubTableAt } from './catalog-drops';
import { LEVELS } from '../../src/shared/levels';
import { isCut, overflow, overlaps } from './layout-probes';

/** The lefts of the toolbar's visible controls, rounded: they must not move when a setting changes. */
const toolbarLefts = (page: Page) =>
  page.locator('.toolbar-actions > :visible').evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().left)));

test('at the 1024×700 minimum, summary, table and diff share the screen, in light and dark', async ({ app }) => {
  const { page } = app;
  await githubTableAt(page, app.dropFiles, { width: 1024, height: 700 });
  // Measured once every level is counted. Their row has a line of the summary's width to itself from the start, so
  // the buttons arriving after "Counting each level…" push nothing down.
  const levels = page.getByRole('group', { name: 'Levels: what the model sees' });
  await expect(levels.getByRole('button')).toHaveCount(LEVELS.length);
  const [levelRow, foot] = await Promise.all([levels.boundingBox(), page.locator('.summary-foot').boundingBox()]);
  expect([levelRow!.x, levelRow!.width]).toEqual([foot!.x, foot!.width]);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await viewShot(page, 'window', `minimum-1024x700-${scheme}`);
    // Each figure stays inside its card.
    const spills = await page
      .locator('.stat')
      .evaluateAll((cards) =>
        cards
          .filter((card) => Array.from(card.children).some((child) => child.getBoundingClientRect().right > card.getBoundingClientRect().right + 0.5))
          .map((card) => card.textContent),
      );
    expect(spills).toEqual([]);
    const boxes = await Promise.all(
      [
        page.getByRole('region', { name: 'Summary' }),
        page.locator('.tools-panel .table-scroll'),
        page.getByRole('region', { name: 'Diff' }).locator('.diff-body'),
      ].map((locator) => locator.boundingBox()),
    );
    const [summary, rows, diff] = boxes.map((box) => box!);
    expect(summary!.y + summary!.height).toBeLessThanOrEqual(700);
    // Table and diff both end inside the window, with room for at least five tool rows (besides header, envelope and total) and twelve diff lines.
    for (const panel of [rows!, diff!]) expect(panel.y + panel.height).toBeLessThanOrEqual(700);
    expect(rows!.height).toBeGreaterThanOrEqual(5 * 34 + 100);
    expect(diff!.height).toBeGreaterThanOrEqual(12 * 20);
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight)).toBe(true);
    expect(await isCut(page, '.toolbar-title')).toEqual([]);
  }
});

test('at laptop sizes the toolbar keeps each control whole and still when the tokenizer changes; the table shows every number uncut, without sideways \
scroll', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1601, height: 900 });
  await dropGithub(page, app.dropFiles);
  const summary = page.getByRole('region', { name: 'Summary' });
  const tokenizer = page.getByRole('combobox', { name: 'Tokenizer' });

  // From 1601 px the settings sit in the row, the title and every button whole, and picking the shorter tokenizer label moves nothing.
  const wide = await toolbarLefts(page);
  expect(await isCut(page, '.toolbar-title, .toolbar-actions > .button:visible')).toEqual([]);
  await tokenizer.selectOption('cl100k_base');
  await expect(summary).toContainText('Tokenizer cl100k_base');
  expect(await toolbarLefts(page)).toEqual(wide);
  await tokenizer.selectOption('o200k_base');
  await expect(summary).toContainText('Tokenizer o200k_base');
  await page.setViewportSize({ width: 1440, height: 900 });
  const table = page.getByRole('table', { name: 'Per-tool tokens' });
  // What the model sees leads; the JSON columns are a click away (the same layout at every level: the width alone decides).
  await expect(table.getByRole('columnheader')).toHaveText(['Tool', 'Claude sees', '→ after', 'Saved', 'OpenAI saved']);
  await expect(page.getByRole('group', { name: 'Columns shown' }).getByRole('button')).toHaveText(['Model', 'JSON', 'By kind']);
  await viewShot(page, 'window', 'toolbar-1440x900');

  // 1024: every control is whole inside the window; the settings open from one button, whole and named.
  await page.setViewportSize({ width: 1024, height: 700 });
  const settings = page.getByRole('button', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await expect(tokenizer).toBeHidden();
  for (const control of await page.locator('.toolbar-actions > :visible').all())
    expect(await overflow(control, page.locator('.toolbar'))).toEqual({ left: 0, right: 0 });
  expect(await isCut(page, '.toolbar-actions > .button')).toEqual([]);
  const narrow = await toolbarLefts(page);
  await settings.click();
  const panel = page.getByRole('group', { name: 'Analysis settings' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: 'Share sub-schemas' })).toBeVisible();
  expect(await isCut(page, '.analysis-settings .switch')).toEqual([]);
  // The closed picker is as wide as its longest label, so it shows the one picked whole.
  const room = await tokenizer.evaluate((element: HTMLSelectElement) => {
    const copy = element.cloneNode(true) as HTMLSelectElement;
    copy.removeAttribute('id');
    Object.assign(copy.style, { fieldSizing: 'content', maxWidth: 'none', position: 'absolute' });
    element.parentElement!.append(copy);
    const needed = Math.max(...Array.from(copy.options, (_, i) => ((copy.selectedIndex = i), copy.getBoundingClientRect().width)));
    copy.remove();
    return element.getBoundingClientRect().width - needed;
  });
  expect(room).toBeGreaterThanOrEqual(0);
  expect(await overflow(panel, page.locator('body'))).toEqual({ left: 0, right: 0 });
  await viewShot(page, 'settings', 'popover-1024x700');
  await tokenizer.selectOption('cl100k_base');
  await expect(summary).toContainText('Tokenizer cl100k_base');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  expect(await toolbarLefts(page)).toEqual(narrow);

  // The table: one group of columns at a time, switched in its head; no sideways scroll and no number cut.
  const noSideways = () => page.locator('.tools-panel .table-scroll').evaluate((scroller) => scroller.scrollWidth <= scroller.clientWidth);
  const columns = page.getByRole('group', { name: 'Columns shown' });
  await expect(table.getByRole('columnheader')).toHaveText(['Tool', 'Claude sees', '→ after', 'Saved', 'OpenAI saved']);
  expect(await noSideways()).toBe(true);
  expect(await isCut(page, '.tool-table td.num, .tool-table thead .sort-label, .tools-panel .panel-note')).toEqual([]);
  // The column choice and the filter share the head's one line.
  const headTop = async (selector: string) => (await page.locator(`.tools-panel .panel-head ${selector}`).boundingBox())!.y;
  expect(Math.abs((await headTop('.search-field')) - (await headTop('.segmented')))).toBeLessThan(8);
  await columns.getByRole('button', { name: 'JSON', exact: true }).click();
  await expect(table.getByRole('columnheader')).toHaveText(['Tool', 'JSON', '→ after', 'JSON saved']);
  expect(await noSideways()).toBe(true);
  await columns.getByRole('button', { name: 'By kind' }).click();
  await expect(columns.getByRole('button', { name: 'By kind' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table.getByRole('columnheader')).toHaveText(['Tool', 'Whitespace', 'Metadata', 'Structure', 'Prose']);
  expect(await noSideways()).toBe(true);
  expect(await isCut(page, '.tool-table td.num, .tool-table thead .sort-label')).toEqual([]);
  const lint = JSON.parse(cli(['lint', GITHUB.path, '--json', '--tokenizer', 'cl100k_base']).stdout.toString('utf8')) as {
    tools: { saving: { whitespace: number } }[];
  };
  await expect(
    table
      .getByRole('row', { name: /^Total/ })
      .getByRole('cell')
      .first(),
  ).toHaveText(lint.tools.reduce((sum, tool) => sum + tool.saving.whitespace, 0).toLocaleString('en-US'));
  await viewShot(page, 'table', 'by-kind-1024x700');
});

test('at 1024×700 the catalog strip says it scrolls, counts stay whole beside the preview tag, and notices keep off the diff', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  await dropGithub(page, app.dropFiles);
  const summary = page.getByRole('region', { name: 'Summary' });

  // A notice lands clear of the diff and the table.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await summary.getByRole('button', { name: 'Copy compressed' }).click();
  const notice = page.getByRole('list', { name: 'Notifications' }).getByRole('status');
  await expect(notice).toContainText('Copied the compressed catalog');
  expect(await overlaps(notice, page.getByRole('region', { name: 'Diff' }))).toBe(false);
  expect(await overlaps(notice, page.locator('.tools-panel'))).toBe(false);
  await viewShot(page, 'notices', 'copied-1024x700');

  // Many catalogs: the strip says there are more, and its buttons scroll to them.
  const small = (i: number) =>
    Buffer.from(
      JSON.stringify({
        tools: [{ name: `tool_${i}`, description: `Does thing ${i}.   It is   useful.`, inputSchema: { type: 'object', title: 'Args', properties: {} } }],
      }),
    );
  await app.dropFiles(Array.from({ length: 8 }, (_, i) => ({ name: `catalog-number-${i + 1}.json`, bytes: small(i) })));
  const strip = page.getByRole('navigation', { name: 'Loaded catalogs' });
  await expect(strip.getByRole('listitem')).toHaveCount(9);
  await expect(strip).toContainText('9 catalogs open');
  const later = strip.getByRole('button', { name: 'Show later catalogs' });
  const earlier = strip.getByRole('button', { name: 'Show earlier catalogs' });
  await strip.getByRole('button', { name: /^github-mcp-server\.json / }).click();
  await expect(earlier).toBeDisabled();
  await expect(later).toBeEnabled();
  await viewShot(page, 'catalog-strip', 'nine-open-1024x700');
  await later.click();
  await expect(earlier).toBeEnabled();
  expect(await strip.locator('ul').evaluate((list) => list.scrollLeft)).toBeGreaterThan(0);

  // An already-minimal catalog: the preview tag shortens, so the counts beside it stay whole, and nothing leaves its head.
  await app.dropFiles([{ name: 'minimal.json', bytes: Buffer.from('{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}') }]);
  await expect(page.locator('.diff-panel .preview-tag')).toHaveText(/^preview/);
  expect(await isCut(page, '.diff-note-count, .tools-panel .panel-note')).toEqual([]);
  for (const head of await page.locator('.analysis-split .panel-head').all()) {
    for (const part of await head.locator(':scope > :visible').all()) expect(await overflow(part, head)).toEqual({ left: 0, right: 0 });
  }
  await viewShot(page, 'results', 'preview-1024x700');
});

test('the app icon from resources/ is the page’s favicon', async ({ app }) => {
  const { page } = app;
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(href).toBe('./icon.svg');
  const served = await page.evaluate(async (path) => {
    const response = await fetch(path!);
    return [response.status, response.headers.get('content-type'), (await response.text()).startsWith('<svg')];
  }, href);
  expect(served).toEqual([200, 'image/svg+xml', true]);
});

test('? opens the keyboard shortcuts sheet from any screen, Escape closes it', async ({ app }) => {
  const { page } = app;
  await dropGithub(page, app.dropFiles);
  await page.getByRole('heading', { name: 'Caveman Shrink' }).click();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('definition')).toContainText(['Open catalog files', 'Next or previous change, in the diff text', 'Show these shortcuts']);
  await viewShot(page, 'shortcuts', 'sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  // Typing ? into a text field types it.
  await page.getByRole('searchbox', { name: 'Filter tools' }).press('?');
  await expect(page.getByRole('searchbox', { name: 'Filter tools' })).toHaveValue('?');
  await expect(sheet).toHaveCount(0);
});
