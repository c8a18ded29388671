// Catalogs dropped on the window and waited for, most often the GitHub MCP server's: its table shown at a size, and
// the tool the diff journeys jump to with the line of its `{` on each side.

import type { Page } from '@playwright/test';
import { cli, expect, fixture } from './app-fixture';

export const GITHUB = fixture('github-mcp-server.json');

type Drop = (files: { name: string; bytes: Buffer }[]) => Promise<void>;

/** Drops the GitHub catalog and waits until its original is stored. */
export async function dropGithub(page: Page, drop: Drop): Promise<void> {
  await drop([{ name: GITHUB.name, bytes: GITHUB.bytes }]);
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText(/ccr_[0-9a-f]{32}/);
}

/** Runs `drop` and waits for the summary of the catalog `name`, its original stored. */
export async function dropAndWait(page: Page, drop: () => Promise<void>, name: string): Promise<void> {
  await drop();
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText(/ccr_[0-9a-f]{32}/);
  await expect(
    page
      .getByRole('navigation', { name: 'Loaded catalogs' })
      .or(page.getByRole('region', { name: 'Summary' }))
      .first(),
  ).toContainText(name.replace(/\.json$/, ''));
}

/** The GitHub catalog's tool table in a window of `size`, with its first rows shown. */
export async function githubTableAt(page: Page, drop: Drop, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await dropGithub(page, drop);
  const table = page.getByRole('table', { name: 'Per-tool tokens' });
  await expect(table.getByRole('row').nth(12)).toBeVisible();
  return table;
}

/** 1-based line of the i-th tool's opening brace in JSON.stringify(catalog, null, 2) (tools nested one level down). */
export function toolLine(pretty: string, index: number): number {
  let seen = -1;
  const lines = pretty.split('\n');
  for (let i = 0; i < lines.length; i++) if (lines[i] === '    {' && ++seen === index) return i + 1;
  throw new Error(`no tool ${index}`);
}

/** The GitHub catalog dropped in a 1440×900 window, and the tool the diff tests jump to: its name and the line of its `{` on each side. */
export async function githubJumpTarget(page: Page, drop: Drop): Promise<{ name: string; expected: number[] }> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await dropGithub(page, drop);
  const lint = JSON.parse(cli(['lint', GITHUB.path, '--json']).stdout.toString('utf8'));
  const index = 90;
  const pretty = (bytes: Buffer) => JSON.stringify(JSON.parse(bytes.toString('utf8')), null, 2);
  return { name: lint.tools[index].name as string, expected: [toolLine(pretty(GITHUB.bytes), index), toolLine(pretty(cli([GITHUB.path]).stdout), index)] };
}
