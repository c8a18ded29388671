// What a newcomer tripped on the second time round, each checked
// where a person would see it, with a screenshot under test-results/after-26/.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { cli, expect, fixture, homeWith, REPO, test } from './app-fixture';
import { isCut, overlaps } from './layout-probes';

const GITHUB = fixture('github-mcp-server.json');
const AFTER = join(REPO, 'test-results', 'after-26');
mkdirSync(AFTER, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(AFTER, `${name}.png`) });

async function dropGithub(page: Page, drop: (files: { name: string; bytes: Buffer }[]) => Promise<void>): Promise<void> {
  await drop([{ name: GITHUB.name, bytes: GITHUB.bytes }]);
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText(/ccr_[0-9a-f]{32}/);
}

/** The parts of `inner` that lie outside `outer` (px, rounded), so a cut-off control shows up as a non-zero side. */
async function overflow(inner: Locator, outer: Locator): Promise<{ left: number; right: number }> {
  const [a, b] = [(await inner.boundingBox())!, (await outer.boundingBox())!];
  return { left: Math.max(0, Math.round(b.x - a.x)), right: Math.max(0, Math.round(a.x + a.width - (b.x + b.width))) };
}

/** Per side of the diff: whether the current search match (the one stepped to) is drawn inside the visible diff. */
const currentMatchInView = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('[data-editor-host]')?.shadowRoot;
    const visible = root?.querySelector('.cm-mergeView')?.getBoundingClientRect();
    if (!root || !visible) return [false, false];
    return Array.from(root.querySelectorAll('.cm-editor')).map((editor) =>
      Array.from(editor.querySelectorAll('.cm-searchMatch')).some((match) => {
        const box = match.getBoundingClientRect();
        return box.height > 0 && box.top >= visible.top && box.bottom <= visible.bottom;
      }),
    );
  });

test('the diff search: a match in collapsed lines opens and is marked on both sides; keys typed right after Ctrl+F reach the box; the bar fits the \
panel at 1440×900 and 1024×700; a count is not an error', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1440, height: 900 });
  await dropGithub(page, app.dropFiles);
  const diff = page.getByRole('region', { name: 'Diff' });
  await diff.getByText('Collapse unchanged').click();
  await expect(page.locator('[data-editor-host] .cm-collapsedLines').first()).toBeVisible();

  // Typed at once, as a person does: the first keys used to go to the read-only text while the bar opened.
  await diff.locator('[data-editor-host]').click({ position: { x: 200, y: 60 } });
  await page.keyboard.press('Control+f');
  await page.keyboard.type('"page"');
  const find = page.getByRole('searchbox', { name: 'Find in diff' });
  await expect(find).toHaveValue('"page"');
  const bar = page.getByRole('search', { name: 'Find in diff' });
  const status = bar.getByRole('status');
  const pages = (GITHUB.bytes.toString('utf8').match(/"page":/g) ?? []).length;
  await expect(status).toHaveText(`${pages} matches`);

  // Every "page" property sits in unchanged lines, collapsed: the step opens the block and the match shows on both sides.
  await find.press('Enter');
  await expect(status).toHaveText(`1 of ${pages} matches`);
  await expect.poll(() => currentMatchInView(page)).toEqual([true, true]);
  for (const part of [bar, status, bar.getByRole('button', { name: 'Close search' })]) expect(await overflow(part, diff)).toEqual({ left: 0, right: 0 });
  await shot(page, '1-search-collapsed-1440x900');

  await page.setViewportSize({ width: 1024, height: 700 });
  await find.press('Enter');
  await expect(status).toHaveText(`2 of ${pages} matches`);
  await expect.poll(() => currentMatchInView(page)).toEqual([true, true]);
  for (const part of [bar, status, bar.getByRole('button', { name: 'Close search' }), bar.getByRole('button', { name: 'Match case' })])
    expect(await overflow(part, diff)).toEqual({ left: 0, right: 0 });
  await shot(page, '1-search-collapsed-1024x700');

  // A count is drawn like the other notes; only "No matches" takes the error colour.
  const counted = await status.evaluate((element) => getComputedStyle(element).color);
  await find.fill('no such text anywhere');
  await expect(status).toHaveText('No matches');
  expect(await status.evaluate((element) => getComputedStyle(element).color)).not.toBe(counted);
  const muted = await page
    .locator('.panel-note')
    .first()
    .evaluate((element) => getComputedStyle(element).color);
  expect(counted).toBe(muted);
});

/** The lefts of the toolbar's visible controls, rounded: they must not move when a setting changes. */
const toolbarLefts = (page: Page) =>
  page.locator('.toolbar-actions > :visible').evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().left)));

/** Whether the boxes of two locators overlap. */
test('laptop sizes: the toolbar keeps each control whole and still when the tokenizer changes; the table shows every number uncut, without sideways \
scroll', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1601, height: 900 });
  await dropGithub(page, app.dropFiles);
  const summary = page.getByRole('region', { name: 'Summary' });
  const tokenizer = page.getByRole('combobox', { name: 'Tokenizer' });

  // From 1601 px the settings sit in the row (1181 before the level joined them), the title and every button whole, and picking the shorter tokenizer
  // label moves nothing (it moved the row ~70 px).
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
  await shot(page, '3-toolbar-table-1440x900');

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
  await shot(page, '3-settings-1024x700');
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
  await shot(page, '3-table-savings-1024x700');
});

test('laptop sizes: the catalog strip says it scrolls; counts stay whole beside the preview tag; notices keep off the diff', async ({ app }) => {
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
  await shot(page, '3-notice-1024x700');

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
  await shot(page, '3-strip-1024x700');
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
  await shot(page, '3-preview-1024x700');
});

test.describe('the MCP dialog with many servers found', () => {
  test.use({
    hostEnv: homeWith({
      '.cursor/mcp.json': JSON.stringify({
        mcpServers: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`server-${i + 1}`, { command: 'node', args: [`server-${i + 1}.mjs`, '--flag'] }])),
      }),
    }),
  });

  test('at 1024×700 the dialog fits the window: its title and Close stay in view, the servers scroll between them', async ({ app }) => {
    const { page } = app;
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByRole('button', { name: 'Import from MCP server…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from MCP server' });
    await expect(dialog.getByRole('list', { name: 'Servers found' }).getByRole('listitem')).toHaveCount(12);
    await dialog.getByText(/^Looked in \d+ files$/).click();
    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(700);
    // Close lies inside the dialog's box (it was below its fold, reached only by scrolling inside it), and so does the title.
    for (const part of [dialog.getByRole('button', { name: 'Close' }), dialog.getByRole('heading', { name: 'Import from MCP server' })]) {
      const inner = (await part.boundingBox())!;
      expect(inner.y).toBeGreaterThanOrEqual(box.y);
      expect(inner.y + inner.height).toBeLessThanOrEqual(box.y + box.height);
    }
    await shot(page, '3-mcp-dialog-1024x700');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });
});

test('words: pastes are numbered (all were "pasted.json"), and an empty clipboard is called empty (it was "could not be read")', async ({ app }) => {
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

  // An empty clipboard is said to be empty (it was "could not be read"), and the dialog names the paste to come.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByRole('button', { name: 'Paste JSON', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste JSON' });
  await expect(dialog).toContainText('The clipboard is empty: copy the catalog’s JSON first, or paste it here. It is shrunk as pasted-3.json.');
  await expect(dialog).not.toContainText('could not be read');
  await shot(page, '4-paste-empty-1024x700');
  await dialog.getByRole('textbox', { name: 'Catalog JSON' }).fill(small(3));
  await dialog.getByRole('button', { name: 'Shrink' }).click();
  await expect(strip.getByRole('button', { name: /^pasted-3\.json / })).toBeVisible();
  await expect(strip.getByRole('listitem')).toHaveCount(3);
  await shot(page, '4-pasted-names-1024x700');
});

test('words: a price that is not one says why, and the range that is (it said only "not a price")', async ({ app }) => {
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
  await shot(page, '4-price-invalid-1024x700');
  await price.fill('20000');
  await expect(problem).toHaveText('Above the largest price taken: type 0 to 10,000, e.g. 2.50');
  await price.fill('2.50');
  await expect(card.locator('.stat-value')).toHaveText(/^\$[\d.,]+ saved$/);
});

test('a server that never answers initialize: the job says what it waits for and counts the seconds (it showed "Listing the server’s tools 0%"); Cancel \
stops it', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByRole('button', { name: 'Import from MCP server…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import from MCP server' });
  await dialog.getByLabel('Command line').fill(`"${process.execPath}" -e "setInterval(() => {}, 1000)"`);
  await dialog.getByRole('button', { name: 'Start and import' }).click();
  await expect(dialog).toBeHidden();
  const jobs = page.getByRole('region', { name: 'Running jobs' });
  await expect(jobs).toContainText('Waiting for the server to answer initialize');
  const bar = jobs.getByRole('progressbar', { name: 'mcp:node' });
  // The count moves on as the wait goes on.
  await expect(bar).toHaveAttribute('aria-valuetext', /^Waiting for the server to answer initialize, \d+ s$/);
  const waited = async () => Number(/(\d+) s$/.exec((await bar.getAttribute('aria-valuetext')) ?? '')?.[1]);
  const first = await waited();
  await expect.poll(waited).toBeGreaterThan(first);
  await expect(jobs).toContainText(/\d+ s/);
  await expect(jobs).not.toContainText('%');
  await expect(jobs).not.toContainText('Listing');
  await shot(page, '4-mcp-waiting-1024x700');
  await jobs.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText('Cancelled mcp:node — the server was stopped and nothing was stored.');
  await expect(jobs).toHaveCount(0);
});

test.describe('a browser host without --allow-commands', () => {
  test.use({
    allowCommands: false,
    hostEnv: homeWith({ '.cursor/mcp.json': JSON.stringify({ mcpServers: { mine: { command: 'node', args: ['mine.mjs'] } } }) }),
  });

  test('the MCP dialog says up front what this host does not start, and how to allow it (Import and "Start and import" looked enabled and refused only \
after the click)', async ({ app }) => {
    test.skip(test.info().project.name !== 'browser', 'the desktop app asks in a native dialog instead');
    const { page } = app;
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByRole('button', { name: 'Import from MCP server…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from MCP server' });
    const found = dialog.getByRole('list', { name: 'Servers found' });
    // A server of the person's own config files still imports.
    await expect(found.getByRole('button', { name: 'Import mine' })).toBeEnabled();

    const start = dialog.getByRole('button', { name: 'Start and import' });
    await expect(start).toBeDisabled();
    await expect(start).toHaveAccessibleDescription(
      'Starting a typed command is turned off here — import a server from your MCP config files instead, or start the ' +
        'browser host with --allow-commands to allow it.',
    );
    // In view when the dialog opens at 1024×700, above the form's fields (not below them, at the end of the scroll).
    await expect(dialog.getByText('Starting a typed command is turned off here')).toBeInViewport();
    await dialog.getByLabel('URL (streamable HTTP)').check();
    const connect = dialog.getByRole('button', { name: 'Connect and import' });
    await expect(connect).toBeDisabled();
    await expect(connect).toHaveAccessibleDescription(/^Connecting to a typed URL is turned off here — .* --allow-commands to allow it\.$/);

    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Choose a config file…' }).click()]);
    await chooser.setFiles({
      name: 'team.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ mcpServers: { theirs: { command: 'node', args: ['theirs.mjs'] } } })),
    });
    const theirs = found.getByRole('button', { name: 'Import theirs' });
    await expect(theirs).toBeDisabled();
    await expect(theirs).toHaveAccessibleDescription(
      /^theirs is from a config file chosen in the page, and the browser host does not run servers from those .* --allow-commands to allow it\.$/,
    );
    await expect(found.getByRole('button', { name: 'Import mine' })).toBeEnabled();
    await shot(page, '5-mcp-config-only-1024x700');
  });
});

test('a reload keeps the tokenizer and the share switch, and offers the results open before it again from history (they vanished and the settings \
reset)', async ({ app }) => {
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
  await shot(page, '6-last-results-offered-1024x700');
  await offer.getByRole('button', { name: 'Open it again' }).click();
  // The same original from history, measured with the kept settings.
  await expect(summary).toContainText(handle);
  await expect(summary).toContainText('Tokenizer cl100k_base');
  await expect(page.getByRole('region', { name: 'Last results' })).toHaveCount(0);
  await shot(page, '6-last-results-reopened-1024x700');
});
