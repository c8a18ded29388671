// Import from MCP server…, end to end: the app finds the servers in the MCP
// config files of a home folder this spec controls, starts one only when
// Import is clicked, and shows the result like any other catalog — the same
// handle and token counts `caveman-shrink mcp` gives for the same server.
// A crashing server, a form mistake and a chosen config file are covered
// too. The servers are the tiny stdio server in test/fixtures/mcp and
// server-everything from npm, run with this Node.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { REPO, cli, expect, homeWith, test, viewShot } from './app-fixture';

const TINY = join(REPO, 'test/fixtures/mcp/tiny-server.mjs');
const require = createRequire(import.meta.url);
const EVERYTHING = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist/index.js');

const json = (value: unknown) => JSON.stringify(value, null, 2);
test.use({
  hostEnv: homeWith({
    '.cursor/mcp.json': json({
      mcpServers: {
        tiny: { command: process.execPath, args: [TINY, '--tools', '9', '--page-size', '2'], env: { TINY_TOKEN: 'never-shown' } },
        broken: { args: ['--no-command'] },
      },
    }),
    '.config/Claude/claude_desktop_config.json': json({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING] } } }),
  }),
});

test('import a server found in an MCP config: nothing starts until Import, then the same handle and tokens as the CLI', async ({ app }) => {
  const { page } = app;
  await page.getByRole('button', { name: 'Import from MCP server…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import from MCP server' });
  await expect(dialog).toBeVisible();
  const found = dialog.getByRole('list', { name: 'Servers found' });
  await expect(found.getByRole('listitem')).toHaveCount(3);
  await expect(found.getByRole('listitem').nth(0)).toContainText('everything');
  await expect(found.getByRole('listitem').nth(0)).toContainText('Claude Desktop');
  await expect(found.getByRole('listitem').nth(1)).toContainText('tiny');
  await expect(found.getByRole('listitem').nth(1)).toContainText('env: TINY_TOKEN');
  await expect(dialog).not.toContainText('never-shown');
  await expect(dialog.getByRole('button', { name: 'Import broken' })).toBeDisabled();
  await expect(found.getByRole('listitem').nth(2)).toContainText('it has neither a "command" nor a "url"');
  await dialog.getByText(/^Looked in \d+ files$/).click();
  await expect(dialog).toContainText(/claude_desktop_config\.json — 1 server/);
  await app.screenshot('mcp-import', 'dialog');

  await dialog.getByRole('button', { name: 'Import tiny' }).click();
  await expect(dialog).toBeHidden();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText(/ccr_[0-9a-f]{32}/);
  await expect(page.getByRole('navigation', { name: 'Loaded catalogs' }).or(summary).first()).toContainText('mcp:tiny');
  await expect(page.getByText('11 tools', { exact: true })).toBeVisible();

  // The CLI lists the same server to the same bytes, so it reports the same handle and counts.
  const run = cli(['mcp', '--', process.execPath, TINY, '--tools', '9', '--page-size', '2']);
  expect(run.status, run.stderr).toBe(0);
  const line = JSON.parse(run.stderr) as { recovery_handle: string; tokens_before: number; tokens_after: number };
  await expect(summary).toContainText(line.recovery_handle);
  await expect(summary).toContainText(line.tokens_before.toLocaleString('en-US'));
  await expect(summary).toContainText(line.tokens_after.toLocaleString('en-US'));
  await app.screenshot('mcp-import', 'imported');
});

test('another server: a form mistake is explained in the dialog, a crashing server is a clear failure, a chosen config file adds its servers', async ({
  app,
}) => {
  const { page } = app;
  await page.getByRole('button', { name: 'Import from MCP server…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import from MCP server' });
  await dialog.getByRole('button', { name: 'Start and import' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Type the command that starts the server');

  await dialog.getByLabel('Command line').fill(`"${process.execPath}" "${TINY}" --mode crash`);
  await dialog.getByLabel('Environment').fill('TINY_LOG=1');
  await app.screenshot('mcp-import', 'form');
  await dialog.getByRole('button', { name: 'Start and import' }).click();
  await expect(dialog).toBeHidden();
  const failure = page.getByRole('alert').filter({ hasText: 'Could not import mcp:tiny-server.mjs' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('exited before it answered tools/list');
  await expect(failure).toContainText('kaboom');
  await expect(failure).toContainText('cave_mcp_unreachable');
  await app.screenshot('mcp-import', 'failure');

  if (app.kind !== 'browser') return; // Electron shows a native dialog here; the file input is the browser host's.
  await page.getByRole('button', { name: 'Import from MCP server…' }).click();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Choose a config file…' }).click()]);
  await chooser.setFiles({
    name: 'team-mcp.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ mcpServers: { 'team-tiny': { command: process.execPath, args: [TINY, '--tools', '2'] } } })),
  });
  const picked = dialog.getByRole('list', { name: 'Servers found' }).getByRole('listitem').filter({ hasText: 'team-tiny' });
  await expect(picked).toContainText('Chosen file');
  await picked.getByRole('button', { name: 'Import team-tiny' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('4 tools', { exact: true })).toBeVisible();
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
    // Close lies inside the dialog's box, and so does the title.
    for (const part of [dialog.getByRole('button', { name: 'Close' }), dialog.getByRole('heading', { name: 'Import from MCP server' })]) {
      const inner = (await part.boundingBox())!;
      expect(inner.y).toBeGreaterThanOrEqual(box.y);
      expect(inner.y + inner.height).toBeLessThanOrEqual(box.y + box.height);
    }
    await viewShot(page, 'mcp-import', 'many-servers-1024x700');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });
});

test('a server that never answers initialize: the job says what it waits for and counts the seconds; Cancel stops it', async ({ app }) => {
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
  await viewShot(page, 'mcp-import', 'waiting-1024x700');
  await jobs.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText('Cancelled mcp:node — the server was stopped and nothing was stored.');
  await expect(jobs).toHaveCount(0);
});
