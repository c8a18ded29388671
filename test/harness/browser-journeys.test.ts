// What a person running the browser journeys sees when Chromium is missing or
// will not start: how to install it, instead of
// Playwright's "Executable doesn't exist", and no browser host left running.

import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const JOURNEY = 'the window cannot be used to break out';

/** Pids of the processes whose environment carries `marker` (Linux: /proc). */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker)) found.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** Runs one browser journey with CHROMIUM_PATH set; the marker is in the environment of every process it starts. */
function runJourney(chromium: string, marker: string, output: string) {
  return spawnSync(
    process.execPath,
    [join(REPO, 'node_modules/@playwright/test/cli.js'), 'test', '--project', 'browser', '-g', JOURNEY, '--output', output, '--reporter', 'line'],
    {
      cwd: REPO,
      env: { ...process.env, CHROMIUM_PATH: chromium, CAVEMAN_E2E_PROBE: marker },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
}

let output: string;
const leftovers: number[] = [];
afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  rmSync(output, { recursive: true, force: true });
});

describe.skipIf(process.platform !== 'linux')('the browser journeys without a usable Chromium', () => {
  it('a missing Chromium: each journey says how to install it, and no host was started', () => {
    output = mkdtempSync(join(tmpdir(), 'caveman-pw-'));
    const marker = `missing-${randomUUID()}`;
    const run = runJourney('/nonexistent/chromium', marker, output);
    leftovers.push(...processesWith(marker));
    const said = run.stdout + run.stderr;
    expect(run.status).not.toBe(0);
    expect(said).toContain('Browser journeys will fail: Chromium is not at /nonexistent/chromium');
    expect(said).toMatch(/Install it \(Debian\/Ubuntu: sudo apt-get install chromium\), or set CHROMIUM_PATH/);
    expect(said).not.toMatch(/Executable doesn't exist/);
    expect(leftovers).toEqual([]);
  });

  it('a Chromium that will not start: the journey fails and the browser host it started is stopped', async () => {
    output = mkdtempSync(join(tmpdir(), 'caveman-pw-'));
    const marker = `unlaunchable-${randomUUID()}`;
    // A file that exists but is no browser: the host starts, then the launch fails.
    const run = runJourney('/bin/false', marker, output);
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toMatch(/browserType\.launch/);
    // The host was sent SIGTERM; it may take a moment to finish its shutdown.
    const deadline = Date.now() + 15_000;
    let alive = processesWith(marker);
    while (alive.length > 0 && Date.now() < deadline) {
      await new Promise((resolveWait) => setTimeout(resolveWait, 200));
      alive = processesWith(marker);
    }
    leftovers.push(...alive);
    expect(alive).toEqual([]);
  });
});
