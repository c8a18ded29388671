// The deferral levels in the app: the switch in the toolbar's
// settings, carried to the worker's analysis, kept across a reload, and what
// the summary, the comparison, the diff and the table show at a level. Each
// figure is checked against the library's shrink of the same bytes.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { cli, expect, fixture, REPO, test } from './app-fixture';
import { isCut } from './layout-probes';

const GITHUB = fixture('github-mcp-server.json');
const SHOTS = join(REPO, 'test-results', 'levels');
mkdirSync(SHOTS, { recursive: true });

/** The library's report of shrinking `path` at `level` (a fresh store), as a person calling shrink() would get it. */
function shrinkAt(path: string, level: string): { tokens_before: number; tokens_after: number } {
  const dir = mkdtempSync(join(tmpdir(), 'caveman-e2e-lib-'));
  try {
    const lib = pathToFileURL(join(REPO, 'out/main/lib.js')).href;
    const script =
      `const { shrink } = await import(${JSON.stringify(lib)}); const { readFileSync } = await import('node:fs');
      const { result } = await shrink(readFileSync(${JSON.stringify(path)}), { level: ${JSON.stringify(level)}, ` +
      `store: ${JSON.stringify(join(dir, 'ccr.db'))} });
      process.stdout.write(JSON.stringify({ tokens_before: result.tokens_before, tokens_after: result.tokens_after })); process.exit(0);`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (run.status !== 0) throw new Error(run.stderr);
    return JSON.parse(run.stdout) as { tokens_before: number; tokens_after: number };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const int = (n: number) => n.toLocaleString('en-US');
/** The integers in a text ("31,204 → 22,180" → [31204, 22180]). */
const digits = (text: string | null) => (text ?? '').match(/\d[\d,]*/g)!.map((n) => Number(n.replace(/,/g, '')));

async function dropGithub(page: Page, drop: (files: { name: string; bytes: Buffer }[]) => Promise<void>): Promise<void> {
  await drop([{ name: GITHUB.name, bytes: GITHUB.bytes }]);
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText(/ccr_[0-9a-f]{32}/);
}

test('the level: picked in the settings popover, the catalog on screen is shrunk again at it as the library does, kept across a reload, recorded in \
history', async ({ app }) => {
  const { page } = app;
  // At 1440 the four settings would not fit the row whole (the title was cut to "C"): they fold into Settings.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();
  expect(await isCut(page, '.toolbar-title, .toolbar-actions > .button:visible')).toEqual([]);
  await page.setViewportSize({ width: 1024, height: 700 });
  await dropGithub(page, app.dropFiles);
  const summary = page.getByRole('region', { name: 'Summary' });
  const tokens = summary
    .locator('.stat')
    .filter({ has: page.locator('.stat-label', { hasText: /^As JSON$/ }) })
    .locator('.stat-value');
  const facts = shrinkAt(GITHUB.path, 'facts');
  const leads = shrinkAt(GITHUB.path, 'leads');
  expect(leads.tokens_after).toBeLessThan(facts.tokens_after);
  await expect(summary).toContainText('Level facts');
  await expect(tokens).toHaveText(`${int(facts.tokens_before)} → ${int(facts.tokens_after)}`);
  // Three counts: what Claude sees (OpenAI's under it), the JSON as it came and shrunk, the JSON minified in its title (as lint counts them).
  const lint = JSON.parse(cli(['lint', GITHUB.path, '--json']).stdout.toString('utf8')) as {
    tokens_minified: number;
    visible: Record<'anthropic' | 'openai', { tokens_before: number; tokens_after: number }>;
  };
  await expect(summary.locator('.stat').filter({ has: page.locator('.stat-label', { hasText: /^As JSON$/ }) })).toHaveAttribute(
    'title',
    new RegExp(`against compact JSON \\(${int(lint.tokens_minified)} tokens`),
  );
  const seenCard = summary.locator('.stat').filter({ has: page.locator('.stat-label', { hasText: 'Claude sees' }) });
  const seen = seenCard.locator('.stat-value');
  await expect(seen).toHaveText(`${int(lint.visible.anthropic.tokens_before)} → ${int(lint.visible.anthropic.tokens_after)}`);
  await expect(seenCard.locator('.stat-detail')).toHaveText(`OpenAI ${int(lint.visible.openai.tokens_before)} → ${int(lint.visible.openai.tokens_after)}`);
  const seenAtFacts = digits(await seen.textContent());

  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('group', { name: 'Analysis settings' });
  const level = panel.getByRole('combobox', { name: 'Level' });
  await expect(level).toHaveValue('facts');
  await expect(level.locator('option')).toHaveText(['full', 'facts (default)', 'leads', 'overviews', 'signatures', 'skeletons', 'names']);
  await level.selectOption('leads');
  await expect(summary).toContainText('Level leads');
  await expect(tokens).toHaveText(`${int(leads.tokens_before)} → ${int(leads.tokens_after)}`);
  // The model is handed less at leads than at facts; the table follows the level (its total is what Claude sees of the shrink).
  const seenAtLeads = digits(await seen.textContent());
  expect(seenAtLeads[1]).toBeLessThan(seenAtFacts[1]!);
  expect(seenAtLeads[0]).toBe(seenAtFacts[0]);
  await expect(
    page
      .getByRole('table', { name: 'Per-tool tokens' })
      .getByRole('row', { name: /^Total/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText(int(seenAtLeads[1]!));
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

test('the facts badge opens what it checked: found, kept, stated by a keyword, deferred at a deferral level, by category; a catalog with no facts has \
nothing to check', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1440, height: 900 });
  await dropGithub(page, app.dropFiles);
  const summary = page.getByRole('region', { name: 'Summary' });
  const badge = summary.getByRole('listitem').filter({ hasText: 'Facts kept' }).first();
  const lint = JSON.parse(cli(['lint', GITHUB.path, '--json']).stdout.toString('utf8')) as {
    facts: { found: number; kept: number; redundant: number; dropped: number };
  };
  await badge.getByText('Facts kept').click();
  const drill = page.getByRole('group', { name: 'Facts kept: what was checked' });
  await expect(drill).toBeVisible();
  const fate = (label: string) =>
    drill
      .locator('.drill-fate')
      .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('.drill-count');
  await expect(fate('Found')).toHaveText(int(lint.facts.found));
  await expect(fate('Kept')).toHaveText(int(lint.facts.kept));
  await expect(fate('Stated by a keyword')).toHaveText(int(lint.facts.redundant));
  await expect(fate('Dropped')).toHaveText('0');
  await expect(fate('Deferred')).toHaveCount(0);
  await expect(drill.getByRole('table')).toContainText('Category');
  await page.screenshot({ path: join(SHOTS, 'facts-drill-facts.png') });
  await page.keyboard.press('Escape');

  // At leads: every fact is kept, stated by a keyword or deferred (one describe call away), none dropped, and the badge passes.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('combobox', { name: 'Level' }).selectOption('leads');
  await page.keyboard.press('Escape');
  await expect(summary).toContainText('Level leads');
  await expect(badge).toContainText('passed');
  await expect(badge).toContainText(/\d+ deferred/);
  await badge.getByText('Facts kept').click();
  const counts = await Promise.all(
    ['Found', 'Kept', 'Stated by a keyword', 'Deferred', 'Dropped'].map(async (label) => digits(await fate(label).textContent())[0]!),
  );
  expect(counts[0]).toBe(lint.facts.found);
  expect(counts[3]).toBeGreaterThan(0);
  expect(counts[1]! + counts[2]! + counts[3]!).toBe(counts[0]);
  expect(counts[4]).toBe(0);
  expect(counts[2]).toBeGreaterThan(0);
  await expect(drill.getByRole('list', { name: 'Stated by a keyword' }).getByRole('listitem').first()).toContainText('stated by');
  await expect(drill).toContainText('one caveman_describe call away');
  await page.screenshot({ path: join(SHOTS, 'facts-drill-leads.png') });

  // No description anywhere (only a title to drop): nothing to check, which is not a pass.
  const bare = { tools: [{ name: 'tool_x', annotations: { title: 'Tool X' }, inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }] };
  await app.dropFiles([{ name: 'bare.json', bytes: Buffer.from(JSON.stringify(bare, null, 2)) }]);
  await expect(summary).toContainText('bare.json');
  const bareBadge = summary.getByRole('listitem').filter({ hasText: 'Facts kept' }).first();
  await expect(bareBadge).toContainText('nothing to check');
  await expect(bareBadge).toContainText('0 of 0 — nothing to check');
  await expect(bareBadge).not.toContainText('passed');
  const bareConstraints = summary.getByRole('listitem').filter({ hasText: 'Constraint sentences' }).first();
  await expect(bareConstraints).toContainText('nothing to check');
  await expect(bareConstraints).toContainText('0 sentences');
  await expect(bareConstraints).not.toContainText('passed');
  await bareBadge.getByText('Facts kept').click();
  await expect(drill).toContainText('nothing to check');
  await page.screenshot({ path: join(SHOTS, 'facts-drill-none.png') });
});

test('every level at a glance: what the model sees at each, as the analysis at that level counts it; a level picked there is the one shrunk', async ({
  app,
}) => {
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  await dropGithub(page, app.dropFiles);
  const summary = page.getByRole('region', { name: 'Summary' });
  const row = summary.getByRole('group', { name: 'Levels: what the model sees' });
  const choice = (level: string) => row.getByRole('button', { name: new RegExp(`^${level} `) });
  await expect(row.getByRole('button')).toHaveCount(7);
  await expect(choice('facts')).toHaveAttribute('aria-pressed', 'true');
  const seen = summary
    .locator('.stat')
    .filter({ has: page.locator('.stat-label', { hasText: 'Claude sees' }) })
    .locator('.stat-value');
  const shown: Record<string, number> = {};
  const levels = ['full', 'facts', 'leads', 'overviews', 'signatures', 'skeletons', 'names'];
  for (const level of levels) shown[level] = digits(await choice(level).locator('.level-choice-tokens').textContent())[0]!;
  // On this catalog each level hands the model less than the one before it.
  for (let i = 1; i < levels.length; i++) expect(shown[levels[i - 1]!]).toBeGreaterThan(shown[levels[i]!]!);
  expect(await isCut(page, '.level-choice')).toEqual([]);
  await page.screenshot({ path: join(SHOTS, 'levels-row-1024.png') });
  // Picked from the row: the catalog is shrunk at it, the settings follow, and the summary's count is the row's.
  for (const level of ['signatures', 'skeletons', 'full', 'facts']) {
    await choice(level).click();
    await expect(summary).toContainText(`Level ${level}`);
    await expect(choice(level)).toHaveAttribute('aria-pressed', 'true');
    expect(digits(await seen.textContent())[1]).toBe(shown[level]);
  }
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('combobox', { name: 'Level' })).toHaveValue('facts');
});

test('the diff marks deferred text apart from dropped text: at leads what a marked tool left to the describe tool, at facts nothing', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1440, height: 900 });
  await dropGithub(page, app.dropFiles);
  const diff = page.getByRole('region', { name: 'Diff' });
  // At facts the first tools lose no text (a tool's own description stays whole): the diff is drawn, nothing deferred.
  await expect(diff).toContainText(/\d+ changes/);
  await expect(diff.locator('.cm-deferredText')).toHaveCount(0);
  await expect(diff.locator('.legend-deferred')).toHaveCount(0);

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('combobox', { name: 'Level' }).selectOption('leads');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Level leads');
  const marks = diff.locator('.cm-deferredText');
  await expect(marks.first()).toBeVisible();
  // The first tool's second sentence is deferred (its lead stays, and it ends with the marker); the legend names the colour.
  await expect(marks.first()).toContainText('Use this tool to get details about individual');
  await expect(marks.first()).toHaveAttribute('title', /one caveman_describe call away/);
  await expect(diff.locator('.legend-deferred-item')).toHaveText('deferred');
  // Deferred text is drawn apart from dropped text (another background), in both schemes.
  // The innermost span is the one painted (the merge view's own mark may nest inside or around ours).
  const painted = () => marks.first().evaluate((element) => getComputedStyle(element.querySelector('.cm-changedText') ?? element).backgroundColor);
  expect(await painted()).toBe('rgba(70, 100, 235, 0.2)');
  await page.screenshot({ path: join(SHOTS, 'diff-deferred-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(painted).toBe('rgba(127, 155, 255, 0.26)');
  await page.screenshot({ path: join(SHOTS, 'diff-deferred-dark.png') });
});

test('a budget: typed in the settings, the catalog on screen is listed within it, each tool’s level in the table, the plan in the summary, the \
checks that do not apply at a level saying so; the new levels and the budget in screenshots', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1440, height: 900 });
  await dropGithub(page, app.dropFiles);
  const summary = page.getByRole('region', { name: 'Summary' });
  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('group', { name: 'Analysis settings' });
  await panel.getByRole('combobox', { name: 'Level' }).selectOption('skeletons');
  await expect(summary).toContainText('Level skeletons');
  await page.screenshot({ path: join(SHOTS, 'settings-skeletons.png') });
  const budget = panel.getByRole('textbox', { name: 'Budget' });
  await budget.fill('6000');
  await budget.press('Enter');
  await page.keyboard.press('Escape');
  await expect(summary).toContainText('Budget 6,000');
  const listed = digits(await summary.getByText(/Budget 6,000/).textContent());
  expect(listed[1]).toBeLessThanOrEqual(6000);
  // Each tool at its level, first in its name cell.
  const table = page.getByRole('table', { name: 'Per-tool tokens' });
  await expect(table.locator('.tool-level').first()).toHaveText(/^(skeletons|names)$/);
  await expect(table.locator('.tool-level', { hasText: 'names' }).first()).toBeVisible();
  // Below skeletons no tool keeps its structure exact: that check is not applicable, never passed.
  const construction = summary.getByRole('listitem').filter({ hasText: '$refs & defaults' }).first();
  await expect(construction).toContainText('not applicable');
  await expect(construction).not.toContainText('passed');
  await expect(summary.getByRole('listitem').filter({ hasText: 'Accepts every valid call' }).first()).toContainText('passed');
  await page.screenshot({ path: join(SHOTS, 'budget-6000-1440.png') });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.screenshot({ path: join(SHOTS, 'budget-6000-1024.png') });
  // Emptied, the budget is gone: every tool at the level again.
  await page.getByRole('button', { name: 'Settings' }).click();
  await budget.fill('');
  await budget.press('Enter');
  await page.keyboard.press('Escape');
  await expect(summary).not.toContainText('Budget');
  await expect(table.locator('.tool-level')).toHaveCount(0);
});
