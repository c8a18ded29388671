// The Servers tab, end to end, in a home folder this spec controls: the
// servers of the MCP config files with their wrap state; Measure starts one
// and shows its cost at each level in each rendering with its tools;
// unticking a tool, picking a level and the calls it checks make the wrap,
// whose diff and backup are shown before anything is written; the wrapped
// entry shows as wrapped and Unwrap gives the file back byte for byte. A
// file changed behind the preview's back and a server that cannot start are
// clear failures; a home with no config at all is an empty state.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, expect, homeWith, test } from './app-fixture';
import { LEVELS } from '../../src/shared/levels';

const TINY = join(REPO, 'test/fixtures/mcp/tiny-server.mjs');

const CURSOR = `{
  // Cursor reads JSONC: this comment stays
  "mcpServers": {
    "tiny": { "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(TINY)}, "--tools", "3"] },
    "crashes": { "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(TINY)}, "--mode", "exit"] },
    "remote": { "url": "https://mcp.example.com/mcp" }
  }
}
`;

test.describe('servers in config files', () => {
  test.use({ hostEnv: homeWith({ '.cursor/mcp.json': CURSOR }) });
  const configIn = (hostEnv: Record<string, string>) => join(hostEnv.HOME!, '.cursor', 'mcp.json');

  test('measure a server, untick a tool, wrap it after seeing the diff, then unwrap it to the same bytes', async ({ app, hostEnv }) => {
    const { page } = app;
    const config = configIn(hostEnv);
    await page.getByRole('tab', { name: 'Servers' }).click();
    const list = page.getByRole('list', { name: 'Servers' });
    const tiny = list.getByRole('listitem', { name: 'tiny' });
    await expect(tiny).toContainText('Direct');
    await expect(tiny).toContainText('Cursor');
    await expect(list.getByRole('listitem', { name: 'remote' })).toContainText('Cannot be wrapped: it is reached by URL');
    await expect(list.getByRole('listitem', { name: 'remote' }).getByRole('button', { name: 'Wrap…' })).toHaveCount(0);
    await app.screenshot('servers', 'list');

    await tiny.getByRole('button', { name: 'Measure' }).click();
    const table = tiny.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(LEVELS.length + 2);
    await expect(table.getByRole('columnheader')).toHaveText(['Level', 'Tools', 'Claude', 'OpenAI', 'JSON']);
    for (const level of LEVELS) await expect(table.getByRole('rowheader', { name: new RegExp(`^${level}( |$)`) })).toBeVisible();
    await expect(tiny.getByRole('checkbox')).toHaveCount(5);

    const signaturesRow = table.getByRole('row', { name: /signatures/ });
    const toolsCell = signaturesRow.getByRole('cell').first();
    await expect(toolsCell).toHaveText('5');
    await tiny.getByRole('radio', { name: 'signatures' }).check();
    await tiny.getByRole('checkbox', { name: 'tool_02' }).uncheck();
    await expect(toolsCell).toHaveText('4');
    await expect(signaturesRow).toContainText('≈');
    await app.screenshot('servers', 'measured');
    // At the 1024×700 minimum the table and the tools still fit the card, with no sideways scroll.
    await page.setViewportSize({ width: 1024, height: 700 });
    expect(await tiny.evaluate((card) => card.scrollWidth <= card.clientWidth)).toBe(true);
    await app.screenshot('servers', 'measured-1024');
    await page.setViewportSize({ width: 1440, height: 960 });

    await tiny.getByLabel('Check calls').selectOption('all');
    await tiny.getByLabel('except').fill('tool_03, grow');
    await page.setViewportSize({ width: 1024, height: 700 });
    await tiny.evaluate((card) => card.scrollIntoView({ block: 'start' }));
    expect(await tiny.evaluate((card) => card.scrollWidth <= card.clientWidth)).toBe(true);
    await app.screenshot('servers', 'wrap-checks-1024');
    await page.setViewportSize({ width: 1440, height: 960 });

    await tiny.getByRole('button', { name: 'Wrap…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wrap this server?' });
    await expect(dialog).toContainText(`${config}.caveman-shrink-tiny.bak`);
    const diff = dialog.getByLabel(`Changes to ${config}`);
    await expect(diff).toContainText('proxy');
    await expect(diff).toContainText('"--level"');
    await expect(diff).toContainText('"signatures"');
    await expect(diff).toContainText('"--exclude-tools"');
    await expect(diff).toContainText('"tool_02"');
    await expect(diff).toContainText('"--check-calls","all","--no-check-tools","tool_03, grow"');
    expect(readFileSync(config, 'utf8')).toBe(CURSOR);
    await app.screenshot('servers', 'wrap-preview');

    await dialog.getByRole('button', { name: 'Wrap', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(tiny).toContainText('Wrapped · signatures · 1 filter · checks all');
    await expect(tiny.getByLabel('Check calls')).toHaveCount(0);
    await expect(tiny).toContainText(`${config}.caveman-shrink-tiny.bak`);
    await expect(tiny.getByRole('checkbox', { name: 'tool_02' })).not.toBeChecked();
    await expect(tiny.getByRole('checkbox', { name: 'tool_02' })).toBeDisabled();
    expect(readFileSync(`${config}.caveman-shrink-tiny.bak`, 'utf8')).toBe(CURSOR);
    const written = readFileSync(config, 'utf8');
    expect(written).toContain('// Cursor reads JSONC: this comment stays');
    expect(written).toContain('--exclude-tools');
    await app.screenshot('servers', 'wrapped');

    // A new look reads the wrapped state from the file.
    await page.getByRole('button', { name: 'Look again' }).click();
    await expect(tiny).toContainText('Wrapped · signatures');

    await tiny.getByRole('button', { name: 'Unwrap…' }).click();
    const undo = page.getByRole('dialog', { name: 'Unwrap this server?' });
    await expect(undo).toContainText('byte for byte');
    await undo.getByRole('button', { name: 'Unwrap', exact: true }).click();
    await expect(undo).toBeHidden();
    await expect(tiny).toContainText('Direct');
    expect(readFileSync(config, 'utf8')).toBe(CURSOR);
    expect(existsSync(`${config}.caveman-shrink-tiny.bak`)).toBe(false);
  });

  test('a file changed after the preview is not written; a server that cannot start says why', async ({ app, hostEnv }) => {
    const { page } = app;
    const config = configIn(hostEnv);
    await page.getByRole('tab', { name: 'Servers' }).click();
    const list = page.getByRole('list', { name: 'Servers' });

    const crashes = list.getByRole('listitem', { name: 'crashes' });
    await crashes.getByRole('button', { name: 'Measure' }).click();
    await expect(crashes.getByRole('alert')).toContainText('cannot open its configuration file');

    const tiny = list.getByRole('listitem', { name: 'tiny' });
    await tiny.getByRole('button', { name: 'Wrap…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wrap this server?' });
    await expect(dialog).toContainText('caveman-shrink-tiny.bak');
    const edited = CURSOR.replace('"--tools", "3"', '"--tools", "4"');
    writeFileSync(config, edited);
    try {
      await dialog.getByRole('button', { name: 'Wrap', exact: true }).click();
      await expect(dialog.getByRole('alert')).toContainText('changed since the preview');
      await expect(dialog.getByRole('alert')).toContainText('The diff above is now the change to the file as it is');
      await expect(dialog.getByLabel(`Changes to ${config}`)).toContainText('"4"');
      expect(readFileSync(config, 'utf8')).toBe(edited);
      expect(existsSync(`${config}.caveman-shrink-tiny.bak`)).toBe(false);
      await app.screenshot('servers', 'error');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(crashes.getByRole('alert')).toBeVisible();
    } finally {
      writeFileSync(config, CURSOR);
    }
  });
});

// server-memory's tools, listed as they are: at leads (the proxy's default) caveman_describe adds more than the cuts save.
const LISTED = join(REPO, 'test/fixtures/mcp/listed-tools-server.mjs');
const MEMORY = join(REPO, 'test/fixtures/shared/real/server-memory.json');

test.describe('a level that costs more', () => {
  test.use({ hostEnv: homeWith({ '.cursor/mcp.json': JSON.stringify({ mcpServers: { memory: { command: process.execPath, args: [LISTED, MEMORY] } } }) }) });

  test('is marked with what it costs over a level before it, says why, and the Wrap dialog warns; every move has one sign', async ({ app }) => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Servers' }).click();
    const memory = page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: 'memory' });
    await memory.getByRole('button', { name: 'Measure' }).click();
    const table = memory.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(LEVELS.length + 2);
    // The cells after the level: Tools, then Claude's tokens.
    const claude = async (level: string) =>
      Number(
        (await table
          .getByRole('row', { name: new RegExp(`^${level}`) })
          .getByRole('cell')
          .nth(1)
          .textContent())!
          .split(' ')[0]!
          .replace(/,/g, ''),
      );
    const [full, leads] = [await claude('full'), await claude('leads')];
    expect(leads).toBeGreaterThan(full);
    const leadsRow = table.getByRole('row', { name: /^leads/ });
    await expect(leadsRow.getByRole('rowheader')).toContainText(`+${leads - full} vs full`);
    // A level that grew reads "+8.1%", one that saved "−13.9%": never a minus beside another sign.
    await expect(table).not.toContainText('−-');
    await expect(table).not.toContainText('−+');
    await expect(leadsRow.locator('.server-grew')).toHaveText([/^\+\d+\.\d%$/]);
    // Until a level is picked, the card shows the ceiling of the profile Cursor's proxy would list at (listing: skeletons).
    await expect(memory.getByRole('radio', { name: 'skeletons' })).toBeChecked();
    // Picking leads: the card warns, with why.
    await memory.getByRole('radio', { name: 'leads' }).check();
    const warning = memory.getByRole('status').filter({ hasText: 'costs' });
    await expect(warning).toContainText(`leads costs ${leads - full} tokens more than full as Claude sees it: it lists caveman_describe`);
    await app.screenshot('servers', 'costlier-1440');
    await page.setViewportSize({ width: 1024, height: 700 });
    expect(await memory.evaluate((card) => card.scrollWidth <= card.clientWidth)).toBe(true);
    await warning.scrollIntoViewIfNeeded();
    await app.screenshot('servers', 'costlier-1024');

    await memory.getByRole('button', { name: 'Wrap…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wrap this server?' });
    await expect(dialog.getByRole('status')).toContainText(`leads costs ${leads - full} tokens more than full`);
    await app.screenshot('servers', 'costlier-wrap-1024');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Picking full: nothing to warn about.
    await memory.getByRole('radio', { name: 'full' }).check();
    await expect(memory.getByRole('status').filter({ hasText: 'costs' })).toHaveCount(0);
    await expect(memory.getByRole('list', { name: 'Levels that cost more than one before them' })).toContainText('leads costs');
  });
});

test.describe('a server wrapped with a budget', () => {
  const proxied = [join(REPO, 'out/main/cli.js'), 'proxy', '--level', 'skeletons', '--budget', '4000', '--', process.execPath, LISTED, MEMORY];
  test.use({ hostEnv: homeWith({ '.cursor/mcp.json': JSON.stringify({ mcpServers: { memory: { command: process.execPath, args: proxied } } }) }) });

  test('says its level and the budget its listing is fitted in', async ({ app }) => {
    await app.page.getByRole('tab', { name: 'Servers' }).click();
    const memory = app.page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: 'memory' });
    await expect(memory).toContainText('Wrapped · skeletons · within 4,000 tokens');
  });
});

test.describe('servers wrapped without a level', () => {
  const entry = (...flags: string[]) =>
    JSON.stringify({
      mcpServers: { memory: { command: process.execPath, args: [join(REPO, 'out/main/cli.js'), 'proxy', ...flags, '--', process.execPath, LISTED, MEMORY] } },
    });
  test.use({ hostEnv: homeWith({ '.claude.json': entry(), '.cursor/mcp.json': entry('--no-usage') }) });

  test("say the profile the proxy picks for their client: Claude Code's tool search, a listing client's budget", async ({ app }) => {
    await app.page.getByRole('tab', { name: 'Servers' }).click();
    const cards = app.page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: 'memory' });
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'Claude Code' })).toContainText('Wrapped · overviews (profile tool-search)');
    await expect(cards.filter({ hasText: 'Cursor' })).toContainText('Wrapped · skeletons (profile listing) · within 9,000 tokens · calls not counted');
    await app.screenshot('servers', 'wrapped-profiles');
  });
});

test.describe('no config files', () => {
  test.use({ hostEnv: homeWith({}) });

  test('a home without MCP config files shows the empty state and the files looked at', async ({ app }) => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Servers' }).click();
    await expect(page.getByRole('heading', { name: 'No MCP servers found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Measure all' })).toBeDisabled();
    await page.getByText(/^Config files looked at \(\d+\)$/).click();
    await expect(page.getByText(/claude_desktop_config\.json — not found/)).toBeVisible();
    await expect(page.getByText(/\.codex\/config\.toml — not found/)).toBeVisible();
    await app.screenshot('servers', 'empty');
    await page.setViewportSize({ width: 1024, height: 700 });
    await app.screenshot('servers', 'empty-1024');
  });
});

const DESKTOP = `{
  "mcpServers": {
    "tiny": { "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(TINY)}, "--tools", "3"] },
    "crashes": { "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(TINY)}, "--mode", "exit"] }
  }
}
`;
const CLAUDE_CODE = JSON.stringify({
  mcpServers: { small: { command: process.execPath, args: [TINY, '--tools', '1'] }, second: { command: process.execPath, args: [TINY, '--tools', '2'] } },
});

test.describe('Measure all', () => {
  test.use({ hostEnv: homeWith({ '.config/Claude/claude_desktop_config.json': DESKTOP, '.claude.json': CLAUDE_CODE }) });

  test('measures every server and adds up what they cost per request: each server, each client, every config', async ({ app }) => {
    const { page } = app;
    for (const [width, height] of [
      [1024, 700],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByRole('tab', { name: 'Servers' }).click();
      await expect(page.getByRole('list', { name: 'Servers' }).getByRole('listitem')).toHaveCount(4);
      await app.screenshot('servers', `loaded-${width}`);
    }

    await page.getByRole('button', { name: 'Measure all' }).click();
    const totals = page.getByRole('region', { name: 'What your servers cost per request' });
    const table = totals.getByRole('table');
    await expect(table.getByRole('row', { name: /^All configs/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Measure all' })).toBeEnabled();
    await expect(table.getByRole('columnheader')).toHaveText(['Server', 'Tools', 'As configured', ...LEVELS]);
    const cells = async (name: RegExp) =>
      (await table.getByRole('row', { name }).getByRole('cell').allTextContents()).map((text) => Number(text.replace(/[,≈]/g, '')));
    const tiny = await cells(/^tiny Claude Desktop/);
    const small = await cells(/^small Claude Code/);
    const second = await cells(/^second Claude Code/);
    const claudeCode = await cells(/^Claude Code total/);
    expect(claudeCode).toEqual(small.map((value, i) => value + second[i]!));
    expect(await cells(/^All configs/)).toEqual(tiny.map((value, i) => value + claudeCode[i]!));
    // Direct servers: as configured is the listing itself, more than the proxy lists at signatures.
    expect(tiny[1]!).toBeGreaterThan(tiny[2 + LEVELS.indexOf('signatures')]!);
    await expect(totals).toContainText('as Claude sees them (anthropic rendering, inferred, o200k_base)');
    await expect(totals).toContainText('Not in the totals: crashes (could not be measured: see its card).');
    // Claude Code's model sees its tools' names only: the totals say what its rows stand for.
    await expect(totals).toContainText("Claude Code defers MCP tools: on every request the model sees only the tools' names");
    // A client with one server measured needs no total of its own.
    await expect(table.getByRole('row', { name: /total/ })).toHaveCount(1);
    const crashes = page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: 'crashes' });
    await expect(crashes.getByRole('alert')).toBeVisible();
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height });
      await totals.scrollIntoViewIfNeeded();
      expect(await totals.evaluate((section) => section.scrollWidth <= section.clientWidth)).toBe(true);
      await app.screenshot('servers', `measured-all-${width}`);
      await crashes.scrollIntoViewIfNeeded();
      await app.screenshot('servers', `measure-error-${width}`);
    }
  });
});
