// Reading the diff: a row click lands the tool at the top of both sides,
// side by side to the pixel at the 1024×700 minimum; the switches keep the
// selected tool in view; the diff can be given the window's room.

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { cli, expect, fixture, REPO, test } from './app-fixture';
import { diffAlignment, jumpFrames, landedAtTop, markedFirstLines, paintedHeads, recordJump, sideBySide } from './diff-alignment';
import { diffCharactersPerLine, overflow } from './layout-probes';
import { GITHUB, dropGithub, githubJumpTarget } from './catalog-drops';
import { currentMatchInView, linesInView, revealed, searchMatchesInView, sidewaysScroll, topLine } from './diff-probes';

const SHOTS = join(REPO, 'test-results', 'diff');
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

async function dropCatalog(page: Page, drop: (files: { name: string; bytes: Buffer }[]) => Promise<void>, name: string): Promise<void> {
  const catalog = fixture(name);
  await drop([{ name: catalog.name, bytes: catalog.bytes }]);
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText(/ccr_[0-9a-f]{32}/);
  await expect(page.getByRole('table', { name: 'Per-tool tokens' }).getByRole('row').nth(4)).toBeVisible();
}

/** Clicks the tool's row (found through the filter) and waits for the diff to land on it and hold still. */
async function jumpTo(page: Page, name: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Filter tools' }).fill(name);
  await page
    .getByRole('table', { name: 'Per-tool tokens' })
    .getByRole('row', { name: new RegExp(`^${name} `) })
    .click();
  await expect.poll(async () => (await markedFirstLines(page)).every((line) => !Number.isNaN(line))).toBe(true);
  await expect.poll(async () => (await diffAlignment(page, 30)).moved).toBe(0);
}

/** The 1-based line of the named tool's `{` on both sides, as the catalog and the CLI's shrink of it print pretty. */
function toolLines(name: string, tool: string): number[] {
  const catalog = fixture(name);
  const index = (JSON.parse(cli(['lint', catalog.path, '--json']).stdout.toString('utf8')) as { tools: { name: string }[] }).tools.findIndex(
    (entry) => entry.name === tool,
  );
  return [catalog.bytes, cli([catalog.path]).stdout].map((bytes) => {
    const lines = JSON.stringify(JSON.parse(bytes.toString('utf8')), null, 2).split('\n');
    let seen = -1;
    return lines.findIndex((line) => line === '    {' && ++seen === index) + 1;
  });
}

test('a row click at 1024×700 lands the tool’s first line at the top of both sides, every line in view side by side', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  await dropCatalog(page, app.dropFiles, 'server-filesystem.json');
  // The copy of the `{` on the compressed side sat two rows (40 px) above the original's after the first jump, and the
  // third left every line in view 20 px apart: the sides had measured different lines above the view.
  for (const name of ['read_media_file', 'read_text_file', 'edit_file']) {
    await jumpTo(page, name);
    const alignment = await diffAlignment(page);
    expect(sideBySide(alignment) && landedAtTop(alignment), `${name}: ${JSON.stringify(alignment)}`).toBe(true);
    expect(await markedFirstLines(page)).toEqual(toolLines('server-filesystem.json', name));
  }
  await shot(page, 'row-click-1024x700');
});

test('"Collapse unchanged" on and off keeps the selected tool where it shows, at 1440×900 in dark', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await dropCatalog(page, app.dropFiles, 'github-mcp-server.json');
  const expected = toolLines('github-mcp-server.json', 'get_me');
  await jumpTo(page, 'get_me');
  expect(await markedFirstLines(page)).toEqual(expected);
  for (const state of ['on', 'off']) {
    // It jumped ~3,700 lines away, to whatever the collapsed stretches left at the old scroll position.
    await page.getByRole('checkbox', { name: 'Collapse unchanged' }).click();
    await expect.poll(async () => landedAtTop(await diffAlignment(page, 1)), `collapse ${state}`).toBe(true);
    const alignment = await diffAlignment(page);
    expect(sideBySide(alignment) && landedAtTop(alignment), `collapse ${state}: ${JSON.stringify(alignment)}`).toBe(true);
    expect(await markedFirstLines(page)).toEqual(expected);
    await shot(page, `collapse-${state}-dark-1440x900`);
  }
});

test('the diff gets the room at 1024×700: the edge beside the table moves by keyboard and is kept; Expand gives it the window', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  await dropCatalog(page, app.dropFiles, 'server-filesystem.json');
  await jumpTo(page, 'read_media_file');
  const [before] = await diffCharactersPerLine(page);
  await shot(page, 'room-before-1024x700');

  // The edge between the table and the diff: ← gives the diff room, Home gives back the automatic split.
  const edge = page.getByRole('separator', { name: 'Table and diff widths' });
  await expect(edge).toHaveAttribute('aria-valuetext', 'automatic');
  await edge.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  await expect(edge).toHaveAttribute('aria-valuetext', /^\d+ pixels$/);
  await expect.poll(async () => (await diffCharactersPerLine(page))[0]).toBeGreaterThanOrEqual(before! + 10);
  // The tool stays where it was while the lines rewrap.
  await expect.poll(async () => landedAtTop(await diffAlignment(page, 1))).toBe(true);
  await shot(page, 'room-edge-1024x700');
  const moved = await edge.getAttribute('aria-valuenow');
  await app.reload();
  await dropCatalog(page, app.dropFiles, 'server-filesystem.json');
  await expect(page.getByRole('separator', { name: 'Table and diff widths' })).toHaveAttribute('aria-valuenow', moved!);

  // Expanded, the diff has the window: the summary and the table make room, and the tool stays at the top.
  await jumpTo(page, 'read_media_file');
  const expand = page.getByRole('button', { name: 'Expand the diff' });
  await expand.click();
  await expect(expand).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'Summary' })).toBeHidden();
  await expect(page.getByRole('table', { name: 'Per-tool tokens' })).toBeHidden();
  await expect.poll(async () => (await diffCharactersPerLine(page))[0]).toBeGreaterThanOrEqual(2 * before!);
  await expect.poll(async () => landedAtTop(await diffAlignment(page, 1))).toBe(true);
  expect(sideBySide(await diffAlignment(page))).toBe(true);
  await shot(page, 'room-expanded-1024x700');
  await expand.press('Enter');
  await expect(expand).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('table', { name: 'Per-tool tokens' })).toBeVisible();
});

test('jumps around the 8 MiB catalog keep the two sides side by side: rows in other sections, "Collapse unchanged" and "Wrap lines" on and off, and \
scrolling on', async ({ app }) => {
  test.setTimeout(400_000);
  const { page } = app;
  const { generateCatalog } = (await import(pathToFileURL(join(REPO, 'scripts/bench/generate-catalog.mjs')).href)) as {
    generateCatalog(bytes: number): string;
  };
  const text = generateCatalog(8 * 1024 * 1024);
  const tools = (JSON.parse(text) as { tools: { name: string }[] }).tools;
  await app.dropFiles([{ name: 'large.json', bytes: Buffer.from(text) }]);
  await expect(page.getByRole('navigation', { name: 'Loaded catalogs' }).getByRole('button', { name: /^large\.json .*saved/ })).toBeVisible({
    timeout: 300_000,
  });
  const diff = page.getByRole('region', { name: 'Diff' });
  await expect(diff.getByText(/^Section 1 of [2-9]\d/)).toBeVisible(); // shown in sections: jumps also switch sections
  const table = page.getByRole('table', { name: 'Per-tool tokens' });
  const collapse = diff.getByRole('checkbox', { name: 'Collapse unchanged' });
  const wrap = diff.getByRole('checkbox', { name: 'Wrap lines' });
  await expect(wrap).toBeChecked(); // wrapped by default

  for (const wrapped of [true, false]) {
    if ((await wrap.isChecked()) !== wrapped) await diff.getByText('Wrap lines').click();
    for (const collapsed of [false, true]) {
      if ((await collapse.isChecked()) !== collapsed) await diff.getByText('Collapse unchanged').click();
      for (const index of [60, 2000, 1234]) {
        const name = tools[index]!.name;
        const at = `${name}, wrap ${wrapped}, collapse ${collapsed}`;
        await page.getByRole('searchbox', { name: 'Filter tools' }).fill(name);
        await table.getByRole('row', { name: new RegExp(`^${name} `) }).click();
        // The tool's first line comes to the top of both sides, at the same height, and every line shown on both sides pairs up.
        await expect.poll(async () => landedAtTop(await diffAlignment(page, 1)), { message: at }).toBe(true);
        const alignment = await diffAlignment(page);
        expect(sideBySide(alignment) && landedAtTop(alignment), `${at}: ${JSON.stringify(alignment)}`).toBe(true);
        // Scrolling on from there, past the rewritten description, keeps them together too.
        await diff.locator('[data-editor-host]').hover();
        await page.mouse.wheel(0, 900);
        await expect.poll(async () => sideBySide(await diffAlignment(page), 1), { message: `${at}, scrolled` }).toBe(true);
      }
    }
  }
});

test('a jump opens the collapsed lines hiding the tool and highlights it on both sides, side by side to the pixel at 1440×900 and 1024×700; the \
markers have no missing glyphs', async ({ app }) => {
  const { page } = app;
  const { name, expected } = await githubJumpTarget(page, app.dropFiles);

  await page.getByText('Collapse unchanged').click();
  // The markers, checked where the diff opens: the jump below opens the long unchanged stretch around its tool.
  const markers = page.locator('[data-editor-host] .cm-collapsedLines');
  await expect(markers.first()).toContainText(/\d+ unchanged lines — click to show/);
  const decorations = await markers.first().evaluate((marker) => [getComputedStyle(marker, '::before').content, getComputedStyle(marker, '::after').content]);
  expect(decorations).toEqual(['none', 'none']);
  // Every marker is exactly as tall as CodeMirror estimates (27px) on both sides, so nothing drifts before a measure.
  const heights = await markers.evaluateAll((elements) => [...new Set(elements.map((element) => Math.round(element.getBoundingClientRect().height)))]);
  expect(heights).toEqual([27]);
  await page.getByRole('searchbox', { name: 'Filter tools' }).fill(name);
  const row = page.getByRole('table', { name: 'Per-tool tokens' }).getByRole('row', { name: new RegExp(`^${name} `) });
  await recordJump(page);
  await row.click();
  // The tool's first line is painted at the top of both sides from the first frame it shows in, and stays there.
  expect(paintedHeads(await jumpFrames(page))).toEqual([[0], [0]]);
  // Both sides mark the tool's lines from its first line (its `{`), which is not hidden in an "unchanged lines" block.
  // That line sits at the top of both sides, at the same height, and every line shown on both sides pairs up.
  await expect.poll(async () => (await revealed(page)).map((side) => side.line)).toEqual(expected);
  const alignment = await diffAlignment(page);
  expect(sideBySide(alignment) && landedAtTop(alignment), JSON.stringify(alignment)).toBe(true);
  expect((await revealed(page)).map((side) => side.line)).toEqual(expected);
  await page.getByRole('region', { name: 'Diff' }).screenshot({ path: join(SHOTS, 'jump-collapsed-panel-1440x900.png') });
  expect((await revealed(page)).every((side) => side.count > 5)).toBe(true);
  await shot(page, 'jump-collapsed-1440x900');

  // The minimum window: narrow sides wrap nearly every line, and the same jump still lands side by side.
  await page.setViewportSize({ width: 1024, height: 700 });
  await row.click();
  await expect.poll(async () => landedAtTop(await diffAlignment(page, 1))).toBe(true);
  const narrow = await diffAlignment(page);
  expect(sideBySide(narrow) && landedAtTop(narrow), JSON.stringify(narrow)).toBe(true);
  expect((await revealed(page)).map((side) => side.line)).toEqual(expected);
  await shot(page, 'jump-collapsed-1024x700');
});

test('the diff steps between changes and counts search matches; the tokenizer is picked by model family', async ({ app }) => {
  const { page } = app;
  // Below 1600 px the analysis settings live in the Settings popover.
  await page.getByRole('button', { name: 'Settings' }).click();
  const select = page.getByRole('combobox', { name: 'Tokenizer' });
  await expect(select.getByRole('option')).toHaveText(['GPT-4o / 4.1 / o-series (o200k_base)', 'GPT-4 / 3.5 (cl100k_base)']);
  // At 1440 px the closed picker shows its whole label: it is as wide as a copy sized to its content (arrow included).
  const room = await select.evaluate((element: HTMLSelectElement) => {
    const copy = element.cloneNode(true) as HTMLSelectElement;
    copy.removeAttribute('id');
    copy.value = element.value;
    Object.assign(copy.style, { fieldSizing: 'content', maxWidth: 'none', position: 'absolute' });
    element.parentElement!.append(copy);
    const needed = copy.getBoundingClientRect().width;
    copy.remove();
    return element.getBoundingClientRect().width - needed;
  });
  expect(room).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Escape');
  await expect(select).toBeHidden();
  await dropGithub(page, app.dropFiles);
  const diff = page.getByRole('region', { name: 'Diff' });
  await expect.poll(() => topLine(page)).toBe(1);
  // Fidelity v2 shortens 23 of the 117 tools, so 15 steps stay short of the last change (the steps wrap around there).
  for (let i = 0; i < 15; i++) await diff.getByRole('button', { name: 'Next change' }).click();
  await expect.poll(() => topLine(page)).toBeGreaterThan(300);
  // Where a step lands, both sides show the same lines side by side.
  await expect.poll(async () => sideBySide(await diffAlignment(page))).toBe(true);
  const far = await topLine(page);
  for (let i = 0; i < 5; i++) await diff.getByRole('button', { name: 'Previous change' }).click();
  await expect.poll(() => topLine(page)).toBeLessThan(far);
  await expect.poll(async () => sideBySide(await diffAlignment(page))).toBe(true);

  await diff.locator('[data-editor-host]').click({ position: { x: 200, y: 60 } });
  await page.keyboard.press('Control+f');
  const find = page.getByRole('searchbox', { name: 'Find in diff' });
  await find.fill('"search_');
  const status = page.getByRole('search', { name: 'Find in diff' }).getByRole('status');
  const total = (JSON.parse(GITHUB.bytes.toString('utf8')).tools as { name: string }[]).filter((tool) => tool.name.startsWith('search_')).length;
  await expect(status).toHaveText(`${total} matches`);
  await find.press('Enter');
  await expect(status).toHaveText(new RegExp(`^\\d+ of ${total} matches$`));
  // Both sides stay drawn where the search scrolled to (a viewport left behind shows one side blank), side by side.
  await expect.poll(async () => Math.min(...(await linesInView(page)))).toBeGreaterThanOrEqual(10);
  await expect.poll(async () => sideBySide(await diffAlignment(page))).toBe(true);
  await shot(page, 'steps-and-search-count');
  // Searching the compressed side works the same, and its matches are marked on both sides.
  await page.getByRole('combobox', { name: 'Search side' }).selectOption('b');
  await find.press('Enter');
  await find.press('Enter');
  await expect(status).toHaveText(new RegExp(`^2 of ${total} matches$`));
  await expect.poll(async () => Math.min(...(await linesInView(page)))).toBeGreaterThanOrEqual(10);
  await expect.poll(async () => sideBySide(await diffAlignment(page))).toBe(true);
  expect(await searchMatchesInView(page)).toEqual([true, true]);
});

test('the diff with "Wrap lines" off: long lines run on, both sides scroll sideways together from the bar under them, jumps, steps and search stay side \
by side; on again keeps the top line', async ({ app }) => {
  const { page } = app;
  const { name, expected } = await githubJumpTarget(page, app.dropFiles);
  const diff = page.getByRole('region', { name: 'Diff' });
  const wrap = diff.getByRole('checkbox', { name: 'Wrap lines' });
  const bar = page.locator('.merge-hscroll');
  await expect(wrap).toBeChecked();
  await expect(bar).toBeHidden(); // wrapped, nothing runs wider than a side
  await diff.getByText('Wrap lines').click();
  await expect(wrap).not.toBeChecked();
  await expect(bar).toBeVisible();
  await diff.getByText('Collapse unchanged').click();

  await page.getByRole('searchbox', { name: 'Filter tools' }).fill(name);
  await page
    .getByRole('table', { name: 'Per-tool tokens' })
    .getByRole('row', { name: new RegExp(`^${name} `) })
    .click();
  await expect.poll(async () => (await revealed(page)).map((side) => side.line)).toEqual(expected);
  const alignment = await diffAlignment(page);
  expect(sideBySide(alignment) && landedAtTop(alignment), JSON.stringify(alignment)).toBe(true);
  // Every line is one line high: the lines shown are all the same height.
  const heights = await page.evaluate(() => [
    ...new Set(
      Array.from(document.querySelector('[data-editor-host]')!.shadowRoot!.querySelectorAll('.cm-content > .cm-line')).map(
        (line) => line.getBoundingClientRect().height,
      ),
    ),
  ]);
  expect(heights).toHaveLength(1);

  // The bar under the compressed side scrolls both sides, and a sideways wheel over the original side does too.
  expect(await sidewaysScroll(page)).toEqual([0, 0]);
  await page
    .locator('.merge-hscroll-track')
    .nth(1)
    .evaluate((track) => track.scrollTo({ left: 240 }));
  await expect.poll(() => sidewaysScroll(page)).toEqual([240, 240]);
  const original = (await page.locator('[data-editor-host]').boundingBox())!;
  await page.mouse.move(original.x + original.width / 4, original.y + original.height / 2);
  await page.mouse.wheel(-140, 0);
  await expect.poll(() => sidewaysScroll(page)).toEqual([100, 100]);
  expect(await page.locator('.merge-hscroll-track').evaluateAll((tracks) => tracks.map((track) => Math.round(track.scrollLeft)))).toEqual([100, 100]);
  expect(sideBySide(await diffAlignment(page))).toBe(true);
  await shot(page, 'unwrapped-scrolled-1440x900');

  // On again: the tool's first line stays at the top, both sides wrap and the bar goes.
  await diff.getByText('Wrap lines').click();
  await expect(bar).toBeHidden();
  await expect.poll(async () => landedAtTop(await diffAlignment(page, 1))).toBe(true);
  expect(sideBySide(await diffAlignment(page))).toBe(true);
  await diff.getByText('Wrap lines').click();
  await expect(bar).toBeVisible();

  // Steps and search, unwrapped.
  for (let i = 0; i < 4; i++) await diff.getByRole('button', { name: 'Next change' }).click();
  await expect.poll(async () => sideBySide(await diffAlignment(page))).toBe(true);
  await diff.locator('[data-editor-host]').click({ position: { x: 200, y: 60 } });
  await page.keyboard.press('Control+f');
  const find = page.getByRole('searchbox', { name: 'Find in diff' });
  await find.fill('"search_');
  await find.press('Enter');
  await expect(page.getByRole('search', { name: 'Find in diff' }).getByRole('status')).toHaveText(/^\d+ of \d+ matches$/);
  await expect.poll(async () => Math.min(...(await linesInView(page)))).toBeGreaterThanOrEqual(10);
  await expect.poll(async () => sideBySide(await diffAlignment(page))).toBe(true);
});

test('the diff search: a match in collapsed lines opens and is marked on both sides; keys typed right after Ctrl+F reach the box; the bar fits the \
panel at 1440×900 and 1024×700; a count is drawn as a note', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1440, height: 900 });
  await dropGithub(page, app.dropFiles);
  const diff = page.getByRole('region', { name: 'Diff' });
  await diff.getByText('Collapse unchanged').click();
  await expect(page.locator('[data-editor-host] .cm-collapsedLines').first()).toBeVisible();

  // Typed at once, as a person does: the first keys reach the box, not the read-only text.
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
  await shot(page, 'search-collapsed-1440x900');

  await page.setViewportSize({ width: 1024, height: 700 });
  await find.press('Enter');
  await expect(status).toHaveText(`2 of ${pages} matches`);
  await expect.poll(() => currentMatchInView(page)).toEqual([true, true]);
  for (const part of [bar, status, bar.getByRole('button', { name: 'Close search' }), bar.getByRole('button', { name: 'Match case' })])
    expect(await overflow(part, diff)).toEqual({ left: 0, right: 0 });
  await shot(page, 'search-collapsed-1024x700');

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
