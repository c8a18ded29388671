// The deferral levels in the app (issue 27): the switch in the toolbar's
// settings, carried to the worker's analysis, kept across a reload, and what
// the summary, the comparison, the diff and the table show at a level. Each
// figure is checked against the library's shrink of the same bytes.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, fixture, REPO, test } from './app-fixture';
import { isCut } from './layout-probes';

const GITHUB = fixture('github-mcp-server.json');

/** The library's report of shrinking `path` at `level` (a fresh store), as a person calling shrink() would get it. */
function shrinkAt(path: string, level: string): { tokens_before: number; tokens_after: number } {
  const dir = mkdtempSync(join(tmpdir(), 'caveman-e2e-lib-'));
  try {
    const lib = pathToFileURL(join(REPO, 'out/main/lib.js')).href;
    const script = `const { shrink } = await import(${JSON.stringify(lib)}); const { readFileSync } = await import('node:fs');
      const { result } = await shrink(readFileSync(${JSON.stringify(path)}), { level: ${JSON.stringify(level)}, store: ${JSON.stringify(join(dir, 'ccr.db'))} });
      process.stdout.write(JSON.stringify({ tokens_before: result.tokens_before, tokens_after: result.tokens_after })); process.exit(0);`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (run.status !== 0) throw new Error(run.stderr);
    return JSON.parse(run.stdout) as { tokens_before: number; tokens_after: number };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const int = (n: number) => n.toLocaleString('en-US');

async function dropGithub(page: Page, drop: (files: { name: string; bytes: Buffer }[]) => Promise<void>): Promise<void> {
  await drop([{ name: GITHUB.name, bytes: GITHUB.bytes }]);
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText(/ccr_[0-9a-f]{32}/);
}

test('the level: picked in the settings popover, the catalog on screen is shrunk again at it as the library does, kept across a reload, recorded in history', async ({ app }) => {
  const { page } = app;
  // At 1440 the four settings would not fit the row whole (the title was cut to "C"): they fold into Settings.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();
  expect(await isCut(page, '.toolbar-title, .toolbar-actions > .button:visible')).toEqual([]);
  await page.setViewportSize({ width: 1024, height: 700 });
  await dropGithub(page, app.dropFiles);
  const summary = page.getByRole('region', { name: 'Summary' });
  const tokens = summary.locator('.stat').filter({ has: page.locator('.stat-label', { hasText: /^Tokens$/ }) }).locator('.stat-value');
  const facts = shrinkAt(GITHUB.path, 'facts');
  const leads = shrinkAt(GITHUB.path, 'leads');
  expect(leads.tokens_after).toBeLessThan(facts.tokens_after);
  await expect(summary).toContainText('Level facts');
  await expect(tokens).toHaveText(`${int(facts.tokens_before)} → ${int(facts.tokens_after)}`);

  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('group', { name: 'Analysis settings' });
  const level = panel.getByRole('combobox', { name: 'Level' });
  await expect(level).toHaveValue('facts');
  await expect(level.locator('option')).toHaveText(['full', 'facts (default)', 'leads', 'signatures']);
  await level.selectOption('leads');
  await expect(summary).toContainText('Level leads');
  await expect(tokens).toHaveText(`${int(leads.tokens_before)} → ${int(leads.tokens_after)}`);
  await page.keyboard.press('Escape');

  await app.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('group', { name: 'Analysis settings' }).getByRole('combobox', { name: 'Level' })).toHaveValue('leads');
  await page.keyboard.press('Escape');
  await dropGithub(page, app.dropFiles);
  await expect(summary).toContainText('Level leads');
  await expect(tokens).toHaveText(`${int(leads.tokens_before)} → ${int(leads.tokens_after)}`);

  await page.getByRole('tab', { name: /^History/ }).click();
  await page.getByRole('listbox', { name: 'History' }).getByRole('option').first().click();
  await expect(page.getByRole('complementary', { name: 'Details' })).toContainText('toolschema+level-leads');
});
