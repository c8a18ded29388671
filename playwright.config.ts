import { readFileSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// End-to-end journeys against the built app. The "browser" project drives the
// browser host in Debian's Chromium; the "electron" project runs the same
// journeys in the real Electron app where its binary exists (and says why it
// skipped where it does not).
// Debian's Chromium and its flags, in one file the benchmarks' launches read too: headless without a sandbox
// (CI runs as root), and nothing that reaches for the network (only the npm registry and apt are reachable).
const CHROMIUM: { path: string; args: string[] } = JSON.parse(readFileSync(new URL('./test/e2e/chromium-launch.json', import.meta.url), 'utf8'));

export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  // Two spec files at a time, each whole in one worker (its journeys in order, its module-level HOME folders its own).
  // Journeys share nothing: each starts its own host on a port of its own (--port 0) with its own temporary store,
  // and gets its own browser context.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    acceptDownloads: true,
    viewport: { width: 1440, height: 960 },
    actionTimeout: 30_000,
  },
  projects: [
    {
      name: 'browser',
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM.path, args: CHROMIUM.args },
      },
    },
    { name: 'electron' },
  ],
});
