// The rough edges a new user tripped on, each checked where a
// person would see it, with a screenshot under test-results/after/ to look at.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { cli, expect, fixture, REPO, test } from './app-fixture';
import { diffAlignment, jumpFrames, landedAtTop, paintedHeads, recordJump, sideBySide } from './diff-alignment';
import { LEVELS } from '../../src/shared/levels';
import { isCut } from './layout-probes';

const GITHUB = fixture('github-mcp-server.json');
const AFTER = join(REPO, 'test-results', 'after');
mkdirSync(AFTER, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(AFTER, `${name}.png`) });
/** The diff's alignment screenshots, at test-results/diff-alignment/after-….png. */
const DIFF_ALIGNMENT = join(REPO, 'test-results', 'diff-alignment');
mkdirSync(DIFF_ALIGNMENT, { recursive: true });
const alignmentShot = (page: Page, name: string) => page.screenshot({ path: join(DIFF_ALIGNMENT, `after-${name}.png`) });

async function dropGithub(page: Page, drop: (files: { name: string; bytes: Buffer }[]) => Promise<void>): Promise<void> {
  await drop([{ name: GITHUB.name, bytes: GITHUB.bytes }]);
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText(/ccr_[0-9a-f]{32}/);
}

/** The GitHub catalog's tool table in a window of `size`, with its first rows shown. */
async function githubTableAt(page: Page, drop: (files: { name: string; bytes: Buffer }[]) => Promise<void>, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await dropGithub(page, drop);
  const table = page.getByRole('table', { name: 'Per-tool tokens' });
  await expect(table.getByRole('row').nth(12)).toBeVisible();
  return table;
}

/** Per side of the diff: the number and top of the first highlighted (jumped-to) line, and how many lines are highlighted. */
async function revealed(page: Page): Promise<{ line: number; top: number; count: number }[]> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-editor-host]')?.shadowRoot;
    return Array.from(root?.querySelectorAll('.cm-editor') ?? [])
      .slice(0, 2)
      .map((editor) => {
        const lines = Array.from(editor.querySelectorAll('.cm-line.cm-revealedTool'));
        const first = lines[0];
        if (!first) return { line: NaN, top: NaN, count: 0 };
        const top = first.getBoundingClientRect().top;
        const number = Array.from(editor.querySelectorAll('.cm-lineNumbers .cm-gutterElement')).find(
          (element) => Math.abs(element.getBoundingClientRect().top - top) < 2 && /^\d+$/.test(element.textContent ?? ''),
        );
        return { line: Number(number?.textContent ?? NaN), top, count: lines.length };
      });
  });
}

/** 1-based line of the i-th tool's opening brace in JSON.stringify(catalog, null, 2). */
function toolLine(pretty: string, index: number): number {
  let seen = -1;
  const lines = pretty.split('\n');
  for (let i = 0; i < lines.length; i++) if (lines[i] === '    {' && ++seen === index) return i + 1;
  throw new Error(`no tool ${index}`);
}

/** The GitHub catalog dropped in a 1440×900 window, and the tool the diff tests jump to: its name and the line of its `{` on each side. */
async function githubJumpTarget(page: Page, drop: (files: { name: string; bytes: Buffer }[]) => Promise<void>): Promise<{ name: string; expected: number[] }> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await dropGithub(page, drop);
  const lint = JSON.parse(cli(['lint', GITHUB.path, '--json']).stdout.toString('utf8'));
  const index = 90;
  const pretty = (bytes: Buffer) => JSON.stringify(JSON.parse(bytes.toString('utf8')), null, 2);
  return { name: lint.tools[index].name as string, expected: [toolLine(pretty(GITHUB.bytes), index), toolLine(pretty(cli([GITHUB.path]).stdout), index)] };
}

test('the diff: a jump opens the collapsed lines hiding the tool and highlights it on both sides, side by side to the pixel at 1440×900 and 1024×700; \
the markers have no missing glyphs', async ({ app }) => {
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
  // the tool's first line is painted at the top of both sides from the first frame it shows in, and stays
  // there (it showed 20 px lower for a frame or two, until the jump's next correction).
  expect(paintedHeads(await jumpFrames(page))).toEqual([[0], [0]]);
  // Item 4: both sides mark the tool's lines from its first line (its `{`), which is not hidden in an "unchanged lines" block.
  // Item 1: that line sits at the top of both sides, at the same height, and every line shown on both sides pairs up.
  await expect.poll(async () => (await revealed(page)).map((side) => side.line)).toEqual(expected);
  const alignment = await diffAlignment(page);
  expect(sideBySide(alignment) && landedAtTop(alignment), JSON.stringify(alignment)).toBe(true);
  expect((await revealed(page)).map((side) => side.line)).toEqual(expected);
  await page.getByRole('region', { name: 'Diff' }).screenshot({ path: join(AFTER, '1-collapse-diff-only.png') });
  expect((await revealed(page)).every((side) => side.count > 5)).toBe(true);
  await alignmentShot(page, 'github-collapse-1440x900');
  await shot(page, '1-4-collapse-aligned-highlighted');

  // The minimum window: narrow sides wrap nearly every line, and the same jump still lands side by side.
  await page.setViewportSize({ width: 1024, height: 700 });
  await row.click();
  await expect.poll(async () => landedAtTop(await diffAlignment(page, 1))).toBe(true);
  const narrow = await diffAlignment(page);
  expect(sideBySide(narrow) && landedAtTop(narrow), JSON.stringify(narrow)).toBe(true);
  expect((await revealed(page)).map((side) => side.line)).toEqual(expected);
  await alignmentShot(page, 'github-collapse-1024x700');
});

test('the table: sort marks keep clear of the next header, full names on hover, a resizable Tool column', async ({ app }) => {
  const { page } = app;
  await dropGithub(page, app.dropFiles);
  const table = page.getByRole('table', { name: 'Per-tool tokens' });
  await table.getByRole('button', { name: 'Claude saved', exact: true }).click();
  await expect(table.getByRole('columnheader', { name: 'Claude saved', exact: true })).toHaveAttribute('aria-sort', /ascending|descending/);
  // Item 2: each header's label and mark stay inside its own cell.
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
  await shot(page, '2-3-table-headers-names');

  // Item 3: the full name is on hover, and the Tool column widens from the keyboard until no name is cut.
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
  await shot(page, '3-tool-column-widened');
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
  await shot(page, '4-table-1440x900');

  await page.setViewportSize({ width: 1024, height: 700 });
  await expect.poll(() => isCut(page, '.tool-table thead .sort-label')).toEqual([]);
  await shot(page, '4-table-1024x700');
});

test('errors say how to retry where the input came from, and show the offending line with a caret', async ({ app }) => {
  const { page } = app;
  await app.dropFiles([{ name: 'empty.json', bytes: Buffer.alloc(0) }]);
  const empty = page.getByRole('alert').filter({ hasText: 'Could not shrink empty.json' });
  await expect(empty).toContainText('The file is empty: pick the file that holds the catalog’s JSON.');
  await expect(empty).not.toContainText('Fix the JSON');
  await shot(page, '7-empty-file');

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
  await shot(page, '7-pasted-invalid');
});

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
    await shot(page, `8-1024x700-${scheme}`);
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

test('a large catalog: cancel says nothing was stored, sections wrap their note, history shows whole counts and switches to an open tab', async ({ app }) => {
  test.setTimeout(400_000);
  const { page } = app;
  const { generateCatalog } = (await import(pathToFileURL(join(REPO, 'scripts/bench/generate-catalog.mjs')).href)) as {
    generateCatalog(bytes: number): string;
  };
  const big = Buffer.from(generateCatalog(8 * 1024 * 1024));

  // Item 6.
  await app.dropFiles([{ name: 'big.json', bytes: big }]);
  const jobs = page.getByRole('region', { name: 'Running jobs' });
  await jobs.getByRole('button', { name: 'Cancel' }).click();
  // A hang guard, not a latency check: the worker runs niced (job-worker.ts), so on a machine busy with other work it
  // sees the cancel only when it next gets the CPU (over 30 s at load 20 on 2 cores).
  await expect(page.getByRole('status').filter({ hasText: 'Cancelled big.json — nothing was stored.' })).toBeVisible({ timeout: 120_000 });
  await expect(jobs).toHaveCount(0);
  await shot(page, '6-after-cancel');

  await app.dropFiles([{ name: 'big.json', bytes: big }]);
  await expect(page.getByRole('navigation', { name: 'Loaded catalogs' }).getByRole('button', { name: /^big\.json .*saved/ })).toBeVisible({ timeout: 300_000 });
  const diff = page.getByRole('region', { name: 'Diff' });
  await expect(diff.getByText(/^Section 1 of \d+/)).toBeVisible();
  // Item 9: the sections note is whole, not cut.
  expect(await isCut(page, '.diff-sections-note')).toEqual([]);
  await expect(diff.locator('.diff-sections-note')).toHaveText('Large catalog: one section at a time; a tool row opens its section.');

  // Item 1 (large catalog): a jump into a later section lands with the tool marked and its first line at the top of both
  // sides, side by side to the pixel, with "Collapse unchanged" off and on, at 1440×900 and at the 1024×700 minimum.
  const table = page.getByRole('table', { name: 'Per-tool tokens' });
  await page.getByRole('searchbox', { name: 'Filter tools' }).fill('_2000');
  const row = table.getByRole('row', { name: /_2000 / }).first();
  for (const [collapsed, width, height] of [
    [false, 1440, 900],
    [true, 1440, 900],
    [true, 1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await diff.getByRole('checkbox', { name: 'Collapse unchanged' }).setChecked(collapsed);
    await row.click();
    await expect(diff.getByText(/^Section [2-9]\d* of/)).toBeVisible();
    await expect.poll(async () => (await revealed(page)).map((side) => side.count > 3)).toEqual([true, true]);
    await expect.poll(async () => landedAtTop(await diffAlignment(page, 1))).toBe(true);
    const alignment = await diffAlignment(page);
    expect(sideBySide(alignment) && landedAtTop(alignment), `collapse ${collapsed}, ${width}×${height}: ${JSON.stringify(alignment)}`).toBe(true);
    if (collapsed) await alignmentShot(page, `8mib-collapse-${width}x${height}`);
    if (width === 1024) {
      // The sections bar stays one row at the minimum size (it stacked to three and left the text about 4 lines); the
      // label ends in "…" and keeps the whole label and the note in its tooltip.
      const bar = await diff.locator('.diff-sections').boundingBox();
      expect(bar!.height).toBeLessThan(40);
      await expect(diff.locator('.diff-sections-label')).toHaveAttribute(
        'title',
        /^Section \d+ of \d+ · tools [\d,]+–[\d,]+ of 2,361 · lines [\d,]+–[\d,]+\nLarge catalog: one section at a time/,
      );
      await expect.poll(async () => Math.min(...(await linesInView(page)))).toBeGreaterThanOrEqual(3);
    }
  }
  await page.setViewportSize({ width: 1440, height: 960 });
  await shot(page, '1-large-catalog-jump');

  // Item 5.
  await page.getByRole('tab', { name: /^History/ }).click();
  const list = page.getByRole('listbox', { name: 'History' });
  await expect(list.getByRole('option', { name: /big\.json/ })).toBeVisible();
  expect(await isCut(page, '.history-row .h-tokens > span')).toEqual([]);
  await expect(list.getByRole('option', { name: /big\.json/ }).locator('.h-created')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \S+$/);
  await shot(page, '5-history');
  await page.getByRole('searchbox', { name: 'Search history' }).fill('no-such-source');
  await expect(page.getByText(/No handle or source name matches/)).toBeVisible();
  await expect(page.getByRole('tab', { name: /^History/ })).toHaveText(/History\s*1/);
  await shot(page, '5-history-search');
  await page.getByRole('searchbox', { name: 'Search history' }).fill('');
  await list.getByRole('option', { name: /big\.json/ }).click();
  await page.getByRole('complementary', { name: 'Details' }).getByRole('button', { name: 'Open in diff' }).click();
  await expect(page.getByRole('tab', { name: 'Results' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('navigation', { name: 'Loaded catalogs' }).getByRole('listitem')).toHaveCount(1);
});

test('text: "1 tool"; the same notice four times is one, counted', async ({ app }) => {
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
  await shot(page, '9-notices');
});

/** The first line number at the top of the original side of the diff. */
const topLine = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('[data-editor-host]')?.shadowRoot;
    const top = root?.querySelector('.cm-mergeView')?.getBoundingClientRect().top ?? 0;
    const numbers = Array.from(root?.querySelector('.cm-editor')?.querySelectorAll('.cm-lineNumbers .cm-gutterElement') ?? []);
    return Number(
      numbers.find(
        (element) => element.getBoundingClientRect().height > 0 && element.getBoundingClientRect().top >= top - 2 && /^\d+$/.test(element.textContent ?? ''),
      )?.textContent ?? NaN,
    );
  });

/** How many text lines each side of the diff shows inside the visible part of the diff. */
const linesInView = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('[data-editor-host]')?.shadowRoot;
    const visible = root?.querySelector('.cm-mergeView')?.getBoundingClientRect();
    if (!root || !visible) return [0, 0];
    return Array.from(root.querySelectorAll('.cm-editor')).map(
      (editor) =>
        Array.from(editor.querySelectorAll('.cm-line')).filter((line) => {
          const box = line.getBoundingClientRect();
          return box.top >= visible.top && box.bottom <= visible.bottom && (line.textContent ?? '').trim() !== '';
        }).length,
    );
  });

/** Per side of the diff, whether a highlighted search match is in view. */
const searchMatchesInView = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('[data-editor-host]')?.shadowRoot;
    const visible = root?.querySelector('.cm-mergeView')?.getBoundingClientRect();
    if (!root || !visible) return [false, false];
    return Array.from(root.querySelectorAll('.cm-editor')).map((editor) =>
      Array.from(editor.querySelectorAll('.cm-searchMatch')).some((match) => {
        const box = match.getBoundingClientRect();
        return box.top >= visible.top && box.bottom <= visible.bottom;
      }),
    );
  });

/** Per side of the diff, how far its text is scrolled sideways (px). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelector('[data-editor-host]')?.shadowRoot?.querySelectorAll('.cm-editor .cm-scroller') ?? []).map((scroller) =>
      Math.round(scroller.scrollLeft),
    ),
  );

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
  // where a step lands, both sides show the same lines side by side.
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
  await shot(page, 'expected-steps-and-search-count');
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
  await alignmentShot(page, 'github-collapse-unwrapped-1440x900');

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

test('? opens the keyboard shortcuts sheet from any screen, Escape closes it', async ({ app }) => {
  const { page } = app;
  await dropGithub(page, app.dropFiles);
  await page.getByRole('heading', { name: 'Caveman Shrink' }).click();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('definition')).toContainText(['Open catalog files', 'Next or previous change, in the diff text', 'Show these shortcuts']);
  await shot(page, 'expected-shortcuts-sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  // Typing ? into a text field types it.
  await page.getByRole('searchbox', { name: 'Filter tools' }).press('?');
  await expect(page.getByRole('searchbox', { name: 'Filter tools' })).toHaveValue('?');
  await expect(sheet).toHaveCount(0);
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

test('an input price turns the saving into money per 1,000 requests, kept across a reload; a bad stored price is ignored', async ({ app }) => {
  const { page } = app;
  await dropGithub(page, app.dropFiles);
  const summary = page.getByRole('region', { name: 'Summary' });
  const perThousand = summary.locator('.stat').filter({ hasText: 'Per 1,000 requests' });
  await expect(perThousand.locator('.stat-value')).toHaveText('enter your input price');

  // Priced from what the model sees (docs/transform.md), not the whitespace-inclusive JSON saving ($6.43 was read where $1.03 was true).
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
  await shot(page, 'expected-input-price');

  await page.keyboard.type('x');
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  // it says why, and what a price is (it said only "not a price").
  await expect(perThousand.locator('.stat-value')).toHaveText('“x” is not part of a price: type 0 to 10,000, e.g. 2.50');
  await shot(page, 'expected-input-price-invalid');
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
  await shot(page, 'expected-input-price-empty');
});

test('history sorts by its columns, by click and by keyboard, in main’s order', async ({ app }) => {
  const { page } = app;
  const catalog = (tools: number, words: number) =>
    Buffer.from(
      JSON.stringify({
        tools: Array.from({ length: tools }, (_, i) => ({
          name: `tool_${i}`,
          description: `Does thing ${i}.${'   padded'.repeat(words)}`,
          inputSchema: { type: 'object', title: 'Args', properties: {} },
        })),
      }),
    );
  // Dropped one at a time, so each is stored after the one before.
  for (const [name, bytes] of [
    ['two.json', catalog(2, 40)],
    ['three.json', catalog(3, 1)],
    ['one.json', catalog(1, 5)],
  ] as const) {
    await app.dropFiles([{ name, bytes }]);
    await expect(
      page.getByRole('navigation', { name: 'Loaded catalogs' }).getByRole('button', { name: new RegExp(`^${name.replace('.', '\\.')} `) }),
    ).toBeVisible();
  }
  await page.getByRole('tab', { name: /^History/ }).click();
  const list = page.getByRole('listbox', { name: 'History' });
  const sources = () => list.getByRole('option').locator('.h-source').allTextContents();
  const header = (name: string) => page.getByRole('table', { name: 'History columns' }).getByRole('columnheader', { name });
  await expect.poll(sources).toEqual(['one.json', 'three.json', 'two.json']);
  await expect(header('Created')).toHaveAttribute('aria-sort', 'descending');
  await expect(header('Tools')).toHaveAttribute('aria-sort', 'none');
  const note = page.getByRole('region', { name: 'Recovery store' }).locator('.panel-note');
  await expect(note).toHaveText('3 handles, newest first');

  await header('Tools').getByRole('button').click();
  await expect(note).toHaveText('3 handles');
  await expect(header('Tools')).toHaveAttribute('aria-sort', 'descending');
  await expect(header('Created')).toHaveAttribute('aria-sort', 'none');
  await expect.poll(sources).toEqual(['three.json', 'two.json', 'one.json']);
  await header('Tools').getByRole('button').click();
  await expect(header('Tools')).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(sources).toEqual(['one.json', 'two.json', 'three.json']);

  // By keyboard: Tab reaches the header buttons; Enter sorts by source name, A→Z.
  await header('Source').getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(header('Source')).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(sources).toEqual(['one.json', 'three.json', 'two.json']);

  // Saved is the share of what Claude's model sees; the three catalogs save different shares, largest first.
  const savedShares = async () => (await list.getByRole('option').locator('.h-saved').allTextContents()).map((text) => parseFloat(text));
  const unsorted = await savedShares();
  await header('Claude saved').getByRole('button').focus();
  await page.keyboard.press('Space');
  await expect(header('Claude saved')).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(savedShares).toEqual([...unsorted].sort((a, b) => b - a));
  const saved = await savedShares();
  expect(saved).toHaveLength(3);
  expect(new Set(saved).size).toBe(3);
  await header('Claude sees before').getByRole('button').click();
  await expect(header('Claude sees before')).toHaveAttribute('aria-sort', 'descending');
  await expect(header('Claude sees after')).toHaveAttribute('aria-sort', 'none');
  await shot(page, 'expected-history-sorted');
});
