/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// One way to drive the app in every E2E journey, whichever host runs it: the
// browser host in Chromium ("browser" project) or the real Electron app
// ("electron" project). Each test gets its own temporary store.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WorkerContexts } from './worker-context';
import { _electron as electron, test as base, type Browser, type ElectronApplication, type LaunchOptions, type Locator, type Page } from '@playwright/test';

export const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
/** Screenshots to look at: one folder per view (test-results/table/, test-results/diff/…), each file named by the state it shows. */
const SCREENSHOTS = join(REPO, 'test-results');

/** Writes test-results/<view>/<state>.png of the page or one part of it. */
export async function viewShot(target: Page | Locator, view: string, state: string): Promise<void> {
  await target.screenshot({ path: join(SCREENSHOTS, view, `${state}.png`) });
}

export interface ExportedFile {
  fileName: string;
  bytes: Buffer;
}

export interface AppDriver {
  page: Page;
  kind: 'browser' | 'electron';
  storePath: string;
  /** Drops files anywhere on the window, as a person dragging them from a file manager. */
  dropFiles(files: { name: string; bytes: Buffer }[]): Promise<void>;
  /** Runs `trigger` (a click on an export button) and returns the file the app wrote or downloaded. */
  captureExport(trigger: () => Promise<void>): Promise<ExportedFile>;
  /** Console errors matching this are expected by the journey (e.g. a CSP refusal it provokes on purpose). */
  allowConsoleErrors(pattern: RegExp): void;
  /** Reloads the window (the store persists). */
  reload(): Promise<void>;
  /** Writes test-results/<view>/<project>-<state>.png (the journey runs in each project). */
  screenshot(view: string, state: string): Promise<void>;
}

let electronProbed: { path: string } | { reason: string } | undefined;

/** Path of the Electron binary, or the reason it cannot be used here (probed once per process: each probe starts a Node). */
export function electronBinary(): { path: string } | { reason: string } {
  electronProbed ??= probeElectron();
  return electronProbed;
}

function probeElectron(): { path: string } | { reason: string } {
  const probe = spawnSync(process.execPath, ['-e', 'process.stdout.write(require("electron"))'], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
  if (probe.status === 0 && existsSync(probe.stdout.trim())) {
    if (!existsSync(join(REPO, 'native/electron/better_sqlite3.node')))
      return { reason: 'better-sqlite3 has not been built for Electron (run `npm run rebuild:electron`)' };
    return { path: probe.stdout.trim() };
  }
  return {
    reason: 'the Electron binary is not installed and could not be downloaded on this machine (no network); the browser-host project runs the same journeys',
  };
}

/**
 * Drops `files` on the page as a person dragging them from a file manager: their bytes are written under `dir` and handed to
 * the page as files on disk (Playwright gives a local Chromium their paths), so a catalog of megabytes does not cross the
 * DevTools protocol as base64 (8 MiB cost ~1 s of Chromium's CPU that way); each becomes a JSON File in the drop's DataTransfer.
 */
async function dropOn(page: Page, dir: string, files: { name: string; bytes: Buffer }[]): Promise<void> {
  const paths = files.map((file) => {
    const folder = mkdtempSync(join(dir, 'drop-')); // a folder per file: two files of a drop may share a name
    const path = join(folder, file.name);
    writeFileSync(path, file.bytes);
    return path;
  });
  const input = await page.evaluateHandle(() => Object.assign(document.createElement('input'), { type: 'file', multiple: true }));
  await input.setInputFiles(paths);
  const dataTransfer = await input.evaluateHandle((element) => {
    const transfer = new DataTransfer();
    for (const file of Array.from(element.files ?? [])) transfer.items.add(new File([file], file.name, { type: 'application/json' }));
    return transfer;
  });
  await input.dispose();
  for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent('body', type, { dataTransfer });
}

/**
 * Why the browser project cannot start Chromium at `executablePath`, with how to fix it; null when it is there.
 * Said up front (global-setup.ts) and by each journey, instead of Playwright's "Executable doesn't exist".
 */
export function chromiumProblem(executablePath: string | undefined): string | null {
  if (executablePath === undefined || existsSync(executablePath)) return null;
  return (
    `Chromium is not at ${executablePath}, so the browser journeys cannot run. Install it (Debian/Ubuntu: sudo apt-get install chromium), ` +
    'or set CHROMIUM_PATH to a Chromium or Chrome binary (npx playwright install chromium downloads one under ~/.cache/ms-playwright).'
  );
}

async function startBrowserHost(
  storePath: string,
  env: Record<string, string>,
  files: readonly string[],
  allowCommands: boolean,
): Promise<{ url: string; process: ChildProcess }> {
  // The journeys type MCP server commands into the page, so the host may start them (unless a journey checks the host that may not).
  const child = spawn(
    process.execPath,
    [join(REPO, 'out/main/web-host.js'), '--port', '0', '--store', storePath, ...(allowCommands ? ['--allow-commands'] : []), ...files],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
  );
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const url = await new Promise<string>((resolvePromise, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      const match = /running at (\S+)/.exec(text);
      if (match) resolvePromise(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the browser host exited (${code}): ${stderr}`)));
  });
  return { url, process: child };
}

/** Opens the page of a host the journey started itself (security.spec.ts: a host on a faulty store, without --allow-commands…). */
type OpenPage = (url: string) => Promise<Page>;

/** Starts Chromium the first time a journey of this worker asks, then hands out the same one (and the worker's kept contexts). */
type ChromiumOfWorker = (launchOptions: LaunchOptions | undefined) => Promise<{ browser: Browser; contexts: WorkerContexts }>;

export const test = base.extend<
  { app: AppDriver; openPage: OpenPage; hostEnv: Record<string, string>; launchFiles: string[]; allowCommands: boolean },
  { chromiumOfWorker: ChromiumOfWorker }
>({
  // One Chromium per worker instead of one per journey (a launch costs seconds at load), and one context in it handed from
  // journey to journey, cleaned in between (worker-context.ts). Launched on first use, after the journey started its host, so a
  // Chromium that will not start fails the journey with the host already running (and stopped by the journey).
  chromiumOfWorker: [
    async ({ playwright }, use) => {
      let launched: Promise<Browser> | undefined;
      const contexts = new WorkerContexts();
      await use(async (launchOptions) => {
        launched ??= playwright.chromium.launch(launchOptions).catch((error: unknown) => {
          launched = undefined;
          throw error;
        });
        return { browser: await launched, contexts };
      });
      if (launched) await (await launched.catch(() => undefined))?.close();
    },
    { scope: 'worker' },
  ],

  // The worker's Chromium and its kept context (as `app` has them), cleaned for this journey and again when it ends: a journey
  // that starts its own host neither launches a Chromium of its own (Playwright's `browser` fixture) nor leaves a context open.
  openPage: async ({ chromiumOfWorker }, use, testInfo) => {
    let release: (() => Promise<void>) | undefined;
    await use(async (url) => {
      if (release) throw new Error('openPage opens one page per journey (the worker has one context to hand out)');
      const { browser, contexts } = await chromiumOfWorker(testInfo.project.use.launchOptions);
      const { context, page } = await contexts.forJourney(browser, testInfo.project.use.viewport ?? null, new URL(url).origin);
      release = () => contexts.release(context);
      await page.goto(url);
      return page;
    });
    await release?.();
  },
  /** Extra environment for the app's main process (e.g. a HOME whose MCP config files a journey controls). */
  hostEnv: [{}, { option: true }],
  /** Catalog files named on the app's command line (`caveman-shrink-desktop a.json`, `npm run web -- a.json`). */
  launchFiles: [[], { option: true }],
  /** The browser host starts MCP servers the page names (`--allow-commands`); the Electron app asks the person instead. */
  allowCommands: [true, { option: true }],
  app: async ({ chromiumOfWorker, hostEnv, launchFiles, allowCommands }, use, testInfo) => {
    const binary = testInfo.project.name === 'electron' ? electronBinary() : undefined;
    if (binary && 'reason' in binary) test.skip(true, `Electron journeys skipped: ${binary.reason}`);
    // Made once the journey is known to run (made before the skip, each skipped Electron journey left one in /tmp).
    const dir = mkdtempSync(join(tmpdir(), 'caveman-e2e-'));
    const storePath = join(dir, 'store', 'ccr.db');
    /** The driver parts every host shares; `host` adds how it exports and which console errors it tolerates. */
    const driver = (page: Page, kind: AppDriver['kind'], host: Pick<AppDriver, 'captureExport' | 'allowConsoleErrors'>): AppDriver => ({
      page,
      kind,
      storePath,
      dropFiles: (files) => dropOn(page, dir, files),
      reload: async () => {
        await page.reload();
      },
      screenshot: async (view, state) => {
        await page.screenshot({ path: join(SCREENSHOTS, view, `${testInfo.project.name}-${state}.png`), fullPage: false });
      },
      ...host,
    });

    if (binary && 'path' in binary) {
      const application: ElectronApplication = await electron.launch({
        executablePath: binary.path,
        args: [REPO, ...launchFiles],
        env: { ...process.env, ...hostEnv, CAVEMAN_CCR_DB: storePath },
      });
      const page = await application.firstWindow();
      const exportsDir = join(dir, 'exports');
      mkdirSync(exportsDir, { recursive: true });
      await use(
        driver(page, 'electron', {
          async captureExport(trigger) {
            // Answer the native save dialog from the main process with a path in the test folder.
            const target = join(exportsDir, `export-${Date.now()}.json`);
            await application.evaluate(({ dialog }, path) => {
              dialog.showSaveDialog = (async () => ({ canceled: false, filePath: path })) as typeof dialog.showSaveDialog;
            }, target);
            await trigger();
            // The app says "Saved <name>" once the file is written whole (each export gets a name of its own).
            await page.getByText(`Saved ${basename(target)}`, { exact: true }).waitFor();
            return { fileName: basename(target), bytes: readFileSync(target) };
          },
          allowConsoleErrors: () => undefined,
        }),
      );
      await application.close();
    } else {
      const problem = chromiumProblem(testInfo.project.use.launchOptions?.executablePath);
      if (problem) throw new Error(problem);
      const host = await startBrowserHost(storePath, hostEnv, launchFiles, allowCommands);
      const consoleErrors: string[] = [];
      const allowed: RegExp[] = [];
      // Whatever fails from here on (Chromium not starting, the journey itself), the host is stopped with it.
      try {
        const { browser, contexts } = await chromiumOfWorker(testInfo.project.use.launchOptions);
        const { context, page } = await contexts.forJourney(browser, testInfo.project.use.viewport ?? null, new URL(host.url).origin);
        try {
          page.on('console', (message) => {
            if (message.type() === 'error') consoleErrors.push(message.text());
          });
          await page.goto(host.url);
          await use(
            driver(page, 'browser', {
              async captureExport(trigger) {
                const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
                const path = await download.path();
                return { fileName: download.suggestedFilename(), bytes: readFileSync(path) };
              },
              allowConsoleErrors: (pattern) => void allowed.push(pattern),
            }),
          );
        } finally {
          await contexts.release(context);
        }
      } finally {
        host.process.kill('SIGTERM');
      }
      // A Content-Security-Policy violation or an uncaught error is a bug even when the journey passed.
      const violations = consoleErrors.filter(
        (text) => /Content Security Policy|Refused to|Uncaught/i.test(text) && !allowed.some((pattern) => pattern.test(text)),
      );
      if (violations.length > 0) throw new Error(`console errors during the journey:\n${violations.join('\n')}`);
    }
    rmSync(dir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';

/** Runs the built CLI with its own store; stdout as bytes. */
export function cli(args: string[], input?: Buffer): { status: number | null; stdout: Buffer; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'caveman-e2e-cli-'));
  try {
    const run = spawnSync(process.execPath, [join(REPO, 'out/main/cli.js'), ...args], {
      input,
      env: { ...process.env, CAVEMAN_CCR_DB: join(dir, 'ccr.db') },
      maxBuffer: 256 * 1024 * 1024,
    });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr.toString('utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A `hostEnv` for `test.use`: each journey gets a HOME folder of its own holding `files` (path under HOME → text), made when the
 * journey starts and removed when it ends (a folder made as the spec file loads was made again in every process that loads it —
 * the runner's and each worker's — and left behind by all but one). The journey reads the folder as `hostEnv.HOME`.
 */
export function homeWith(files: Record<string, string>) {
  // Playwright reads a fixture's dependencies from its first parameter, so it must be an object pattern, empty here.
  return async ({}, use: (env: Record<string, string>) => Promise<void>): Promise<void> => {
    const home = mkdtempSync(join(tmpdir(), 'caveman-e2e-home-'));
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(home, path)), { recursive: true });
        writeFileSync(join(home, path), text);
      }
      await use({ HOME: home, USERPROFILE: home, XDG_CONFIG_HOME: '', APPDATA: join(home, '.config') });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  };
}

export function fixture(name: string): { name: string; path: string; bytes: Buffer } {
  const path = join(REPO, 'test/fixtures/shared/real', name);
  return { name, path, bytes: readFileSync(path) };
}
