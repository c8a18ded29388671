// Dropping catalog files on the window: the drop target hides the page under
// it, so its words do not compete with the page's text; a dropped catalog
// shows its summary, table and diff, checked against what the CLI says.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { cli, expect, fixture, REPO, test } from './app-fixture';
import { JOBS_SHOWN_AFTER_MS } from '../../src/renderer/src/lib/job-list-delay';
import { GITHUB, dropAndWait, toolLine } from './catalog-drops';
import { diffAlignment, landedAtTop, sideBySide } from './diff-alignment';
import { topLines } from './diff-probes';
import { layeredOpacity } from './layout-probes';

const digits = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));

type JobsSeen = { drop: number | null; listed: number | null };

/** From now on, when the page saw the next drop and when it first listed a running job (page clock, ms). */
async function watchJobList(page: Page): Promise<() => Promise<JobsSeen>> {
  await page.evaluate(() => {
    const seen: JobsSeen = { drop: null, listed: null };
    (window as unknown as { jobsSeen: JobsSeen }).jobsSeen = seen;
    window.addEventListener('drop', () => (seen.drop ??= performance.now()), { capture: true });
    new MutationObserver(() => {
      if (seen.listed === null && document.querySelector('[aria-label="Running jobs"]')) seen.listed = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { jobsSeen: JobsSeen }).jobsSeen);
}

const SHOTS = join(REPO, 'test-results', 'drop');
mkdirSync(SHOTS, { recursive: true });

for (const scheme of ['light', 'dark'] as const) {
  test(`files dragged over a loaded catalog, in ${scheme}: the overlay hides the page`, async ({ app }) => {
    const { page } = app;
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      const github = fixture('github-mcp-server.json');
      await app.dropFiles([{ name: github.name, bytes: github.bytes }]);
      await expect(page.getByRole('region', { name: 'Summary' })).toContainText(/ccr_[0-9a-f]{32}/);
      const dataTransfer = await page.evaluateHandle(() => {
        const transfer = new DataTransfer();
        transfer.items.add(new File(['{}'], 'catalog.json', { type: 'application/json' }));
        return transfer;
      });
      await page.dispatchEvent('body', 'dragenter', { dataTransfer });
      await expect(page.getByText('Drop catalog files to shrink them')).toBeVisible();
      // The card covers all but a margin and is opaque (it let the summary's figures show through); the margin is nearly so, and blurred.
      expect(await layeredOpacity(page, ['.drop-overlay', '.drop-card'])).toBe(1);
      expect(await layeredOpacity(page, ['.drop-overlay'])).toBeGreaterThanOrEqual(0.9);
      expect(await page.locator('.drop-overlay').evaluate((overlay) => getComputedStyle(overlay).backdropFilter)).toMatch(/blur/);
      await page.screenshot({ path: join(SHOTS, `overlay-${scheme}-${size.width}x${size.height}.png`) });
      await page.dispatchEvent('body', 'dragleave', { dataTransfer });
      await expect(page.getByText('Drop catalog files to shrink them')).toBeHidden();
    }
  });
}

test('dropping the GitHub catalog shows its summary and 117 tools whose totals equal lint --json; a row click scrolls the diff to the tool', async ({
  app,
}) => {
  const { page } = app;
  await expect(page.getByRole('button', { name: 'Open…', exact: true })).toBeVisible();
  await app.screenshot('results', 'empty');

  const jobsSeen = await watchJobList(page);
  await dropAndWait(page, () => app.dropFiles([{ name: GITHUB.name, bytes: GITHUB.bytes }]), GITHUB.name);
  // A job is listed only once it has run JOBS_SHOWN_AFTER_MS (a quicker result replaces the empty state directly): never sooner.
  const { drop, listed } = await jobsSeen();
  expect(drop).not.toBeNull();
  if (listed !== null) expect(listed - drop!).toBeGreaterThanOrEqual(JOBS_SHOWN_AFTER_MS);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('117');
  for (const badge of ['Selection profile', '$refs & defaults', 'Constraint sentences', 'Facts kept']) await expect(summary.getByText(badge)).toBeVisible();

  const lint = JSON.parse(cli(['lint', GITHUB.path, '--json']).stdout.toString('utf8'));
  // The honest headline: the share of what Claude sees, OpenAI's beside it; the JSON after them, labelled, the share beyond
  // minification in its tooltip (as lint reports them).
  const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
  const share = (tokens: { tokens_before: number; tokens_after: number }) => (tokens.tokens_before - tokens.tokens_after) / tokens.tokens_before;
  const seen = share(lint.visible.anthropic);
  await expect(summary).toContainText(`${percent(seen)} of what Claude sees · OpenAI ${percent(share(lint.visible.openai))}`);
  const json = summary.locator('.stat').filter({ has: page.locator('.stat-label', { hasText: 'As JSON' }) });
  await expect(json.locator('.stat-detail')).toHaveText(`${percent(lint.ratio)} saved`);
  await expect(json).toHaveAttribute('title', new RegExp(`against compact JSON .* it saves ${percent(lint.beyond_minification).replace('.', '\\.')}$`));
  await expect(page.getByRole('navigation', { name: 'Loaded catalogs' })).toContainText(`${GITHUB.name}${percent(seen)} saved`);
  await expect(summary.getByRole('listitem').filter({ hasText: 'Facts kept' })).toContainText(`${lint.facts.kept} of ${lint.facts.found} facts present`);
  const table = page.getByRole('table', { name: 'Per-tool tokens' });
  await expect(table).toHaveAttribute('aria-rowcount', String(117 + 3));
  await expect(page.getByText('117 tools', { exact: true })).toBeVisible();
  // The totals row leads with what Claude sees; the JSON columns (a click away on a narrow panel) equal lint's totals too.
  const under = async (rowName: RegExp, column: string) => {
    const headers = await table.getByRole('columnheader').allTextContents();
    const names = await table
      .getByRole('columnheader')
      .evaluateAll((cells) => cells.map((cell) => cell.querySelector('button')?.getAttribute('aria-label') ?? ''));
    const at = names.indexOf(column) >= 0 ? names.indexOf(column) : headers.indexOf(column);
    return digits(await table.getByRole('row', { name: rowName }).locator('th, td').nth(at).textContent());
  };
  expect([await under(/^Total/, 'Claude before'), await under(/^Total/, 'Claude after')]).toEqual([
    lint.visible.anthropic.tokens_before,
    lint.visible.anthropic.tokens_after,
  ]);
  expect([await under(/^\(envelope\)/, 'Claude before'), await under(/^\(envelope\)/, 'Claude after')]).toEqual([
    lint.envelope.visible.anthropic.tokens_before,
    lint.envelope.visible.anthropic.tokens_after,
  ]);
  const columns = page.getByRole('group', { name: 'Columns shown' });
  if (await columns.isVisible()) await columns.getByRole('button', { name: 'JSON', exact: true }).click();
  expect([await under(/^Total/, 'JSON before'), await under(/^Total/, 'JSON after')]).toEqual([lint.total.tokens_before, lint.total.tokens_after]);
  expect([await under(/^\(envelope\)/, 'JSON before'), await under(/^\(envelope\)/, 'JSON after')]).toEqual([
    lint.envelope.tokens_before,
    lint.envelope.tokens_after,
  ]);
  if (await columns.isVisible()) await columns.getByRole('button', { name: 'Model', exact: true }).click();

  const diff = page.getByRole('region', { name: 'Diff' });
  await expect(diff.locator('[data-editor-host]')).toBeVisible();
  // The diff shows both sides pretty-printed like JSON.stringify(…, null, 2) (this catalog has no odd number text).
  const index = 90;
  const target = lint.tools[index].name as string;
  const expected = [
    toolLine(JSON.stringify(JSON.parse(GITHUB.bytes.toString('utf8')), null, 2), index),
    toolLine(JSON.stringify(JSON.parse(cli([GITHUB.path]).stdout.toString('utf8')), null, 2), index),
  ];
  await expect.poll(() => topLines(page)).toEqual([1, 1]);
  await page.getByRole('searchbox', { name: 'Filter tools' }).fill(target);
  await table.getByRole('row', { name: new RegExp(`^${target} `) }).click();
  // Both sides land on the tool's first line, side by side to the pixel, and stay there.
  await expect.poll(() => topLines(page)).toEqual(expected);
  const alignment = await diffAlignment(page);
  expect(sideBySide(alignment) && landedAtTop(alignment), JSON.stringify(alignment)).toBe(true);
  expect(await topLines(page)).toEqual(expected);
  await page.getByRole('searchbox', { name: 'Filter tools' }).fill('');
  await expect(page.locator('.preview-tag')).toHaveCount(0); // stored, so the table and the diff are the real output
  await app.screenshot('results', 'github-loaded');
});
