// Reading the diff: a row click lands the tool at the top of both sides,
// side by side to the pixel at the 1024×700 minimum; the switches keep the
// selected tool in view; the diff can be given the window's room.

import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { cli, expect, fixture, REPO, test } from './app-fixture';
import { diffAlignment, landedAtTop, markedFirstLines, sideBySide } from './diff-alignment';
import { diffCharactersPerLine } from './layout-probes';

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
