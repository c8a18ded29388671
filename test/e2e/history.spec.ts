// Looking back in History: its figures are what the model saw (Claude's,
// then OpenAI's; JSON only where a shrink was recorded without them); each
// server imported from a typed command has a name of its own; notices of
// repeated saves stay one, clear of the header and its search; several
// handles go at once, after one confirmation naming how many; the list
// narrows to the days they were stored.

import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import type { LintReport } from '../../src/shared/contracts';
import { cli, expect, fixture, REPO, test } from './app-fixture';
import { RecoveryStore } from '../../src/main/store';
import { GITHUB, dropAndWait } from './catalog-drops';
import { isCut, overlaps } from './layout-probes';

const SHOTS = join(REPO, 'test-results', 'history');
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const require = createRequire(import.meta.url);
const TINY = join(REPO, 'test/fixtures/mcp/tiny-server.mjs');
const LISTED = join(REPO, 'test/fixtures/mcp/listed-tools-server.mjs');
const EVERYTHING = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist/index.js');

/** A small catalog of its own (`i` makes its bytes, so its handle, differ). */
const catalog = (i: number) => ({
  name: `catalog-${i}.json`,
  bytes: Buffer.from(
    JSON.stringify(
      { tools: [{ name: `tool_${i}`, description: `Does thing ${i}.   It is   useful.`, inputSchema: { type: 'object', properties: {} } }] },
      null,
      2,
    ),
  ),
});

async function storeCatalogs(page: Page, drop: (files: { name: string; bytes: Buffer }[]) => Promise<void>, count: number): Promise<void> {
  await drop(Array.from({ length: count }, (_, i) => catalog(i)));
  await page.getByRole('tab', { name: /History/ }).click();
  await expect(page.getByRole('listbox', { name: 'History' }).getByRole('option')).toHaveCount(count);
}

test('servers imported from a typed command are told apart by their script', async ({ app }) => {
  const { page } = app;
  const servers = [[TINY, '--tools', '3'], [LISTED, join(REPO, 'test/fixtures/shared/real/server-memory.json')], [EVERYTHING]];
  for (const args of servers) {
    await page.getByRole('button', { name: 'Import from MCP server…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from MCP server' });
    await dialog.getByLabel('Command line').fill([process.execPath, ...args].map((word) => `"${word}"`).join(' '));
    await dialog.getByRole('button', { name: 'Start and import' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText(/ccr_[0-9a-f]{32}/);
  }
  await page.getByRole('tab', { name: /History/ }).click();
  const sources = page.getByRole('listbox', { name: 'History' }).locator('.h-source');
  await expect(sources).toHaveText(['mcp:server-everything/index.js', 'mcp:listed-tools-server.mjs', 'mcp:tiny-server.mjs']);
  await shot(page, 'sources-1440x960');
});

for (const size of [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
]) {
  test(`saving three times at ${size.width}×${size.height}: one notice counts them, clear of History's header and search`, async ({ app }) => {
    const { page } = app;
    await page.setViewportSize(size);
    await storeCatalogs(page, app.dropFiles, 2);
    await page.getByRole('listbox', { name: 'History' }).getByRole('option').first().click();
    const details = page.getByRole('complementary', { name: 'Details' });
    for (let i = 0; i < 3; i++) await app.captureExport(() => details.getByRole('button', { name: 'Export compressed…' }).click());
    const notices = page.getByRole('list', { name: 'Notifications' }).locator('li');
    await expect(notices).toHaveCount(1);
    await expect(notices).toContainText('×3');
    const history = page.getByRole('region', { name: 'Recovery store' });
    for (const covered of [
      history.locator('.panel-head'),
      page.getByRole('searchbox', { name: 'Search history' }),
      history.getByRole('table', { name: 'History columns' }),
    ])
      expect(await overlaps(notices, covered)).toBe(false);
    await shot(page, `notices-${size.width}x${size.height}`);
  });
}

test('several handles go at once: selected by keyboard, one confirmation naming how many', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  await storeCatalogs(page, app.dropFiles, 5);
  const list = page.getByRole('listbox', { name: 'History' });
  await expect(list).toHaveAttribute('aria-multiselectable', 'true');
  const options = list.getByRole('option');
  const selected = list.locator('[role="option"][aria-selected="true"]');

  // A run with Shift+arrows, then one more row further down: Ctrl+arrows move without selecting, Space adds.
  await list.focus();
  await page.keyboard.press('Home');
  await expect(selected).toHaveCount(1);
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(selected).toHaveCount(3);
  await page.keyboard.press('Control+ArrowDown');
  await page.keyboard.press('Control+ArrowDown');
  await page.keyboard.press('Space');
  await expect(selected).toHaveCount(4);
  await expect(options.nth(3)).toHaveAttribute('aria-selected', 'false');
  const keep = (await options.nth(3).locator('.h-handle').textContent())!;
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details.getByRole('heading')).toHaveText('4 handles selected');
  await shot(page, 'selected-1024x700');

  const remove = details.getByRole('button', { name: 'Delete 4 handles…' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Delete 4 handles?' });
  await expect(confirm).toContainText('The 4 handles selected will be removed from the recovery store');
  await shot(page, 'confirm-1024x700');
  await confirm.getByRole('button', { name: 'Delete 4 handles' }).click();
  await expect(options).toHaveCount(1);
  await expect(options.first().locator('.h-handle')).toHaveText(keep);
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText('Deleted 4 handles');
  await expect(page.getByRole('tab', { name: /History/ })).toContainText('1');
});

test('the list narrows to the days handles were stored, and the count follows', async ({ app }) => {
  const { page } = app;
  await storeCatalogs(page, app.dropFiles, 3);
  // Days of the page's time zone, as History shows times.
  const day = (offset: number) =>
    page.evaluate((offset) => {
      const date = new Date();
      date.setDate(date.getDate() + offset);
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    }, offset);
  const options = page.getByRole('listbox', { name: 'History' }).getByRole('option');
  const from = page.getByLabel('Stored from');
  const until = page.getByLabel('until', { exact: true });

  await from.fill(await day(1));
  await expect(page.getByText('No handle was stored on those days.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recovery store' })).toContainText('0 matches');
  await from.fill(await day(0));
  await until.fill(await day(0));
  await expect(options).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Recovery store' })).toContainText('3 matches');
  await until.fill(await day(-1));
  await expect(options).toHaveCount(0);
  await shot(page, 'days-1440x960');
  await page.getByRole('button', { name: 'Any day' }).click();
  await expect(options).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Recovery store' })).toContainText('3 handles, newest first');
});

for (const size of [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
]) {
  test(`History's figures at ${size.width}×${size.height}: what the model sees (app and CLI shrinks); one recorded without them says JSON only`, async ({
    app,
  }) => {
    const { page } = app;
    await page.setViewportSize(size);
    // A library caller's shrink into the same store counts no renderings, so it records no model figures: History says so.
    const memory = fixture('server-memory.json');
    const shrinkWithTheLibrary =
      `import(${JSON.stringify(join(REPO, 'out/main/lib.js'))}).then(async ({ shrink }) => { ` +
      `const bytes = require('node:fs').readFileSync(${JSON.stringify(memory.path)}); ` +
      `await shrink(bytes, { store: ${JSON.stringify(app.storePath)}, sourceName: 'server-memory.json' }); process.exit(0); })`;
    const shrunk = spawnSync(process.execPath, ['-e', shrinkWithTheLibrary]);
    expect(shrunk.status, shrunk.stderr.toString()).toBe(0);
    // The CLI's shrink records what the model sees of what it wrote.
    const filesystem = fixture('server-filesystem.json');
    const byCli = spawnSync(process.execPath, [join(REPO, 'out/main/cli.js'), filesystem.path, '--store', app.storePath]);
    expect(byCli.status, byCli.stderr.toString()).toBe(0);
    const github = fixture('github-mcp-server.json');
    await app.dropFiles([{ name: github.name, bytes: github.bytes }]);
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText(/ccr_[0-9a-f]{32}/);
    const lint = JSON.parse(cli(['lint', github.path, '--json']).stdout.toString('utf8')) as LintReport;
    const { anthropic, openai } = lint.visible;
    // JSON figures come from the same shrink's own report, at the level History stored.
    const memoryLint = JSON.parse(cli(['lint', memory.path, '--json']).stdout.toString('utf8')) as LintReport;
    const count = (tokens: number) => tokens.toLocaleString('en-US');
    const githubJson = `${count(lint.tokens_before)} → ${count(lint.tokens_after)}`;
    const memoryJson = `${count(memoryLint.tokens_before)} → ${count(memoryLint.tokens_after)}`;
    const percent = (before: number, after: number) => `${(((before - after) / before) * 100).toFixed(1)}%`;
    const filesystemSeen = (JSON.parse(cli(['lint', filesystem.path, '--json']).stdout.toString('utf8')) as LintReport).visible.anthropic;

    await page.getByRole('tab', { name: /History/ }).click();
    const list = page.getByRole('listbox', { name: 'History' });
    const row = (source: string) => list.getByRole('option').filter({ has: page.locator('.h-source', { hasText: source }) });
    await expect(row('server-memory.json')).toBeVisible();
    const tokens = row(github.name).locator('.h-tokens');
    await expect(tokens).toHaveText(
      `${anthropic.tokens_before.toLocaleString('en-US')} → ${anthropic.tokens_after.toLocaleString('en-US')}` +
        `OpenAI ${openai.tokens_before.toLocaleString('en-US')} → ${openai.tokens_after.toLocaleString('en-US')}`,
    );
    await expect(row(github.name).locator('.h-saved')).toHaveText(
      `${percent(anthropic.tokens_before, anthropic.tokens_after)}OpenAI ${percent(openai.tokens_before, openai.tokens_after)}`,
    );
    await expect(tokens).toHaveAttribute('title', `JSON tokens: ${githubJson} tokens, ${percent(lint.tokens_before, lint.tokens_after)} saved`);
    await expect(row('server-memory.json').locator('.h-tokens')).toHaveText(`JSON onlyJSON ${memoryJson}`);
    await expect(row('server-memory.json').locator('.h-saved')).toHaveText(`${percent(memoryLint.tokens_before, memoryLint.tokens_after)}JSON`);
    await expect(row(filesystem.name).locator('.h-tokens > span').first()).toHaveText(
      `${filesystemSeen.tokens_before.toLocaleString('en-US')} → ${filesystemSeen.tokens_after.toLocaleString('en-US')}`,
    );
    expect(await isCut(page, '.history-row .h-tokens > span, .history-row .h-saved > span')).toEqual([]);

    // Sorted by what Claude sees saved, the shrink recorded without it comes last.
    const header = page.getByRole('table', { name: 'History columns' }).getByRole('columnheader', { name: 'Claude saved' });
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    const savedOrder = [
      [github.name, percent(anthropic.tokens_before, anthropic.tokens_after)],
      [filesystem.name, percent(filesystemSeen.tokens_before, filesystemSeen.tokens_after)],
    ].sort((a, b) => parseFloat(b[1]!) - parseFloat(a[1]!));
    await expect(list.getByRole('option').locator('.h-source')).toHaveText([...savedOrder.map(([name]) => name!), 'server-memory.json']);

    await row(github.name).click();
    const details = page.getByRole('complementary', { name: 'Details' });
    await expect(details).toContainText(
      `Claude sees${anthropic.tokens_before.toLocaleString('en-US')} → ${anthropic.tokens_after.toLocaleString('en-US')} tokens`,
    );
    await expect(details).toContainText(`OpenAI sees${openai.tokens_before.toLocaleString('en-US')} → ${openai.tokens_after.toLocaleString('en-US')} tokens`);
    await expect(details).toContainText(`JSON tokens${githubJson} tokens, ${percent(lint.tokens_before, lint.tokens_after)} saved`);
    await shot(page, `model-figures-${size.width}x${size.height}`);
    await row('server-memory.json').click();
    await expect(details).toContainText('The model seesJSON only');
    await expect(details.locator('.details-shrink')).toContainText(
      `JSON only: JSON ${memoryJson} tokens, ${percent(memoryLint.tokens_before, memoryLint.tokens_after)} saved`,
    );
    await shot(page, `json-only-${size.width}x${size.height}`);
  });
}

test('history says which MCP client a proxy shrink was made for', async ({ app }) => {
  const { page } = app;
  // What the proxy records when it shrinks a listing for a client (its clientInfo from initialize).
  const store = RecoveryStore.open(app.storePath);
  const { handle } = store.put(GITHUB.bytes, {
    tokensBefore: 25_545,
    tokensAfter: 20_060,
    tokenizer: 'o200k_base',
    toolCount: 117,
    sourceName: 'mcp:github',
    clientInfo: { name: 'claude-code', version: '2.1.3' },
  });
  store.close();
  await page.getByRole('tab', { name: /^History/ }).click();
  await page
    .getByRole('listbox', { name: 'History' })
    .getByRole('option', { name: new RegExp(handle) })
    .click();
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details).toContainText('for claude-code 2.1.3');
  await app.screenshot('history', 'proxy-client');
});

test('a stored handle is in history after a reload: its original recovers byte-exact, and it is deleted after a confirmation', async ({ app }) => {
  const { page } = app;
  await dropAndWait(page, () => app.dropFiles([{ name: GITHUB.name, bytes: GITHUB.bytes }]), GITHUB.name);
  const handle = (await page.getByRole('region', { name: 'Summary' }).textContent())!.match(/ccr_[0-9a-f]{32}/)![0];

  await app.reload();
  await page.getByRole('tab', { name: /^History/ }).click();
  const list = page.getByRole('listbox', { name: 'History' });
  const entry = list.getByRole('option', { name: new RegExp(handle) });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('github-mcp-server.json');
  await entry.click();
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details).toContainText(handle);
  await app.screenshot('history', 'details');

  const recovered = await app.captureExport(() => details.getByRole('button', { name: 'Recover original…' }).click());
  expect(recovered.bytes.equals(GITHUB.bytes)).toBe(true);

  await details.getByRole('button', { name: 'Delete…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this handle?' });
  await expect(confirm).toContainText(/can no longer be recovered/i);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByRole('option', { name: new RegExp(handle) })).toHaveCount(0);
  await expect(page.getByText(/No handles stored yet/)).toBeVisible();
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
  await shot(page, 'sorted');
});

test("the proxy's tool calls: none yet, then each server's tools most called first", async ({ app }) => {
  const { page } = app;
  await page.getByRole('tab', { name: /History/ }).click();
  await shot(page, 'tool-calls-button');
  await page.getByRole('button', { name: 'Tool calls…' }).click();
  let dialog = page.getByRole('dialog', { name: 'Tool calls through the proxy' });
  await expect(dialog).toContainText('No tool was called through the proxy in the last 30 days.');
  await shot(page, 'tool-calls-empty');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // As a proxy counts them: names and counts per server, written to the store the app reads.
  const store = RecoveryStore.open(app.storePath);
  store.recordToolCalls(
    'mcp:github',
    new Map([
      ['list_issues', 7],
      ['get_me', 1],
    ]),
  );
  store.recordToolCalls('mcp:filesystem', new Map([['read_text_file', 3]]));
  store.close();
  await page.getByRole('button', { name: 'Tool calls…' }).click();
  dialog = page.getByRole('dialog', { name: 'Tool calls through the proxy' });
  const rows = dialog.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText(/mcp:github\s*list_issues\s*7\s*\d{4}-\d{2}-\d{2}/);
  await expect(rows.nth(2)).toContainText('read_text_file');
  await expect(dialog).toContainText('Names and counts only');
  await shot(page, 'tool-calls');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
