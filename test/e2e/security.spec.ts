// The app lets nothing in, and says so when its store fails — end to end, in
// a real browser against the real browser host (docs/app.md):
// - the strict CSP is served and enforced: no code from strings, nothing fetched,
//   framed, scripted or styled from anywhere but the app (a second local
//   server proves not a single request reached it);
// - a page from another origin on this machine cannot reach the API, read
//   the page, frame it, or store anything; oversized bodies are refused;
// - each store fault shows its banner, the drop passes through with
//   "nothing was stored", and the store is left as it was.
// The fault journeys start their own host (the fault must exist before it
// starts); the Electron project runs the window checks where it can.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { canMakeReadOnly, makeReadOnly } from '../helpers/read-only';
import { distinctCatalog, expectedHandle } from '../reliability/helpers/catalogs';
import { canMountTmpfs, fillDisk, holdWriteLock, mountTmpfs } from '../reliability/helpers/faults';
import { auditStore } from '../reliability/helpers/store-audit';
import { CONTENT_SECURITY_POLICY } from '../../src/shared/content-security-policy';
import { expect, fixture, homeWith, REPO, test, viewShot } from './app-fixture';

const CATALOG = fixture('server-memory.json');

interface Host {
  url: string;
  origin: string;
  log: () => string;
  stop(): Promise<void>;
}

/** The built browser host on `store`, with extra environment (e.g. a budget); resolves once it printed its address. */
async function startHost(store: string, env: Record<string, string> = {}): Promise<Host> {
  const child: ChildProcess = spawn(process.execPath, [join(REPO, 'out/main/web-host.js'), '--port', '0', '--store', store], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  const url = await new Promise<string>((done, fail) => {
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      const match = /running at (\S+)/.exec(text);
      if (match) done(match[1]!);
    });
    void exited.then(() => fail(new Error(`the browser host exited: ${stderr}`)));
  });
  return {
    url,
    origin: new URL(url).origin,
    log: () => stderr,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A plain local server on another port that records every request it gets. */
async function startOtherServer(
  page: (port: number, target: string) => string,
  target: string,
): Promise<{ origin: string; requests: string[]; server: Server }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': req.url === '/' ? 'text/html' : 'text/plain' });
    res.end(req.url === '/' ? page((server.address() as AddressInfo).port, target) : 'x');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, server };
}

async function drop(page: Page, name: string, bytes: Buffer): Promise<void> {
  const transfer = await page.evaluateHandle(
    ({ fileName, base64 }) => {
      const binary = atob(base64);
      const data = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
      const dt = new DataTransfer();
      dt.items.add(new File([data], fileName, { type: 'application/json' }));
      return dt;
    },
    { fileName: name, base64: bytes.toString('base64') },
  );
  for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent('body', type, { dataTransfer: transfer });
}

async function openApp(openPage: (url: string) => Promise<Page>, host: Host): Promise<Page> {
  const page = await openPage(host.url);
  await expect(page.getByRole('button', { name: 'Open…', exact: true })).toBeVisible();
  return page;
}

function cliShrink(store: string, bytes: Buffer): string {
  const run = spawnSync(process.execPath, [join(REPO, 'out/main/cli.js'), 'shrink', '--store', store], { input: bytes });
  const line = JSON.parse(run.stderr.toString('utf8').trim()) as { recovery_handle?: string };
  if (!line.recovery_handle) throw new Error(`seeding the store failed: ${run.stderr.toString('utf8')}`);
  return line.recovery_handle;
}

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'caveman-e2e-security-'));
});
test.afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  rmSync(dir, { recursive: true, force: true });
});

test.describe('the window lets nothing in', () => {
  test('the strict CSP is served and enforced: no code from strings, and not one request to anywhere else', async ({ app }) => {
    const { page } = app;
    app.allowConsoleErrors(/Content Security Policy|Refused to|Failed to fetch|ERR_BLOCKED/i);
    const other = await startOtherServer(() => '<!doctype html><p>elsewhere</p>', '');
    try {
      if (app.kind === 'browser') {
        const answer = await page.request.get(page.url());
        expect(answer.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
        expect(answer.headers()['x-frame-options']).toBe('DENY');
      }
      expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toMatch(/^default-src 'none'; script-src 'self';/);
      const probe = await page.evaluate(async (origin) => {
        const outcome: Record<string, string> = {};
        // Code from strings, run by the page itself (Playwright's own evaluate is exempt from CSP): a string
        // timer is the page compiling text, which script-src without 'unsafe-eval' must refuse.
        const violations: string[] = [];
        let violated: () => void = () => undefined;
        const scriptViolation = new Promise<void>((done) => (violated = done));
        document.addEventListener('securitypolicyviolation', (event) => {
          violations.push(`${event.violatedDirective} ${event.blockedURI}`);
          if (event.violatedDirective.startsWith('script-src')) violated();
        });
        const w = window as unknown as { __fromString?: boolean };
        (setTimeout as unknown as (code: string, ms: number) => void)('window.__fromString = true', 0);
        // Timers of the same delay fire in order: once this one has, the string timer has run or been refused.
        await new Promise((done) => setTimeout(done, 0));
        outcome.stringTimer = w.__fromString ? 'ran' : 'blocked';
        // Refused, it is reported (the event may come a turn later; the test's timeout guards a report that never comes).
        if (!w.__fromString) await scriptViolation;
        outcome.stringTimerViolation = violations.find((v) => v.startsWith('script-src')) ?? 'none';
        try {
          await fetch(`${origin}/fetch`);
          outcome.fetch = 'reached';
        } catch (error) {
          outcome.fetch = (error as Error).name;
        }
        const load = (tag: string, attributes: Record<string, string>) =>
          new Promise<string>((done) => {
            const element = document.createElement(tag);
            for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
            element.addEventListener('load', () => done('loaded'));
            element.addEventListener('error', () => done('blocked'));
            document.body.append(element);
            setTimeout(() => done('no answer'), 2000);
          });
        outcome.img = await load('img', { src: `${origin}/img.png` });
        outcome.script = await load('script', { src: `${origin}/script.js` });
        outcome.style = await load('link', { rel: 'stylesheet', href: `${origin}/style.css` });
        outcome.iframe = await load('iframe', { src: `${origin}/frame` });
        return outcome;
      }, other.origin);
      expect(probe).toMatchObject({
        stringTimer: 'blocked',
        stringTimerViolation: 'script-src eval',
        fetch: 'TypeError',
        img: 'blocked',
        script: 'blocked',
        style: 'blocked',
      });
      expect(probe.iframe).not.toBe('reached');
      // The proof: the other server never saw a single request.
      expect(other.requests).toEqual([]);
      if (app.kind === 'electron') {
        const bridge = await page.evaluate(() => Object.keys((window as unknown as { api: object }).api).sort());
        expect(bridge).not.toContain('invoke');
        expect(await page.evaluate(() => typeof (window as unknown as { process?: unknown }).process)).toBe('undefined');
      }
    } finally {
      other.server.close();
    }
  });
});

test.describe('the browser host lets no other page in', () => {
  test.beforeEach(() => test.skip(test.info().project.name !== 'browser', 'these start the browser host themselves'));

  test('a page from another local origin cannot call the API, read or frame the app, or store anything', async ({ openPage }) => {
    const store = join(dir, 'store', 'ccr.db');
    const host = await startHost(store);
    const bytes = distinctCatalog('foreign', 0).toString('base64');
    const attacker = await startOtherServer(
      (_port, target) =>
        `<!doctype html><html><body><pre id="out">running</pre>
<iframe id="frame" src="${target}/"></iframe>
<form id="form" method="post" action="${target}/api/history:delete" enctype="text/plain" target="sink">` +
        `<input name='{"handle":"ccr_00000000000000000000000000000000","x":"' value='"}'></form>
<iframe name="sink"></iframe>
<script>
(async () => {
  const out = {};
  const body = Uint8Array.from(atob('${bytes}'), (c) => c.charCodeAt(0));
  try { const r = await fetch('${target}/api/catalog:analyze', { method: 'POST', mode: 'no-cors', body, headers: { 'content-type': 'text/plain' } }); ` +
        `out.noCors = r.type; } catch (e) { out.noCors = e.name; }
  try { await fetch('${target}/api/history:list', { method: 'POST', headers: { 'content-type': 'application/json', 'x-caveman-token': 'guess' }, ` +
        `body: '{"limit":1,"offset":0}' }); out.cors = 'answered'; } catch (e) { out.cors = e.name; }
  try { const r = await fetch('${target}/', { credentials: 'include' }); out.read = (await r.text()).slice(0, 40); } catch (e) { out.read = e.name; }
  document.getElementById('form').submit();
  document.getElementById('out').textContent = JSON.stringify(out);
})();
</script></body></html>`,
      host.origin,
    );
    try {
      const app = await openApp(openPage, host); // the person's session cookie is in this browser context
      const foreign = await app.context().newPage();
      await foreign.goto(attacker.origin);
      await expect(foreign.locator('#out')).not.toHaveText('running');
      const outcome = JSON.parse((await foreign.locator('#out').textContent())!) as Record<string, string>;
      // no-cors: an opaque answer, or a network error when the host closes the refused upload.
      expect(['opaque', 'TypeError']).toContain(outcome.noCors);
      expect([outcome.cors, outcome.read]).toEqual(['TypeError', 'TypeError']);
      // Every one of those reached the host only to be refused as foreign.
      await expect.poll(() => host.log()).toMatch(/403 POST \/api\/catalog:analyze \((cross-site request|foreign Origin)\)/);
      await expect.poll(() => host.log()).toMatch(/403 POST \/api\/history:delete/);
      await expect.poll(() => host.log()).toMatch(/403 GET \/ \(cross-site request\)/);
      // And nothing was stored.
      await app.getByRole('tab', { name: /^History/ }).click();
      await expect(app.getByText(/No handles stored yet/)).toBeVisible();
      expect(auditStore(store).handles).toEqual([]);
    } finally {
      attacker.server.close();
      await host.stop();
    }
  });

  test('the app page itself cannot send bodies over the limits', async ({ openPage }) => {
    const host = await startHost(join(dir, 'store', 'ccr.db'));
    try {
      const page = await openApp(openPage, host);
      const statuses = await page.evaluate(async () => {
        const token = document.querySelector('meta[name="caveman-api-token"]')!.getAttribute('content')!;
        // The bodies are Blobs, as the app sends a catalog (http-client.ts): the same bytes on the wire, but a string or typed-array
        // body is copied into the DevTools protocol's request event, which Playwright decodes (32 MiB: ~10 s and ~5 s of CPU).
        const json = await fetch('/api/history:list', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-caveman-token': token },
          body: new Blob([' '.repeat(1024 * 1024 + 1)]),
        });
        const big = await fetch('/api/catalog:analyze', {
          method: 'POST',
          headers: {
            'content-type': 'application/octet-stream',
            'x-caveman-token': token,
            'x-caveman-params': encodeURIComponent(JSON.stringify({ name: 'big.json', tokenizer: 'o200k_base' })),
          },
          body: new Blob([new Uint8Array(32 * 1024 * 1024 + 1)]),
        }).catch((error: Error) => ({ status: error.name })); // the host may close the upload as it refuses it
        const without = await fetch('/api/history:list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"limit":1,"offset":0}' });
        return [json.status, big.status, without.status];
      });
      expect(statuses[0]).toBe(413);
      expect([413, 'TypeError']).toContain(statuses[1]);
      expect(statuses[2]).toBe(403);
      await page.getByRole('tab', { name: /^History/ }).click();
      await expect(page.getByText(/No handles stored yet/)).toBeVisible();
    } finally {
      await host.stop();
    }
  });
});

test.describe('the browser host runs only what your own config files name', () => {
  test.beforeEach(() => test.skip(test.info().project.name !== 'browser', 'this starts the browser host itself, without --allow-commands'));

  test('a chosen config file lists its servers with their commands, but their Import is off, says why, and runs nothing', async ({ openPage }) => {
    const host = await startHost(join(dir, 'store', 'ccr.db'));
    const marker = join(dir, 'pwned');
    try {
      const page = await openApp(openPage, host);
      await page.getByRole('button', { name: 'Import from MCP server…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import from MCP server' });
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Choose a config file…' }).click()]);
      const config = { mcpServers: { dropper: { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`] } } };
      await chooser.setFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(config)) });
      const picked = dialog.getByRole('list', { name: 'Servers found' }).getByRole('listitem').filter({ hasText: 'dropper' });
      await expect(picked).toContainText(process.execPath);
      // Said before the click, and the button is off (it refused only after the click). Main refuses such a
      // start on its own as well (real-services.test.ts), for a page that sends the request without the dialog.
      const importButton = picked.getByRole('button', { name: 'Import dropper' });
      await expect(importButton).toBeDisabled();
      await expect(importButton).toHaveAccessibleDescription(/^dropper is from a config file chosen in the page, .* --allow-commands to allow it\.$/);
      await expect(picked).toContainText('dropper is from a config file chosen in the page');
      await expect(dialog).toBeVisible();
      expect(existsSync(marker)).toBe(false);
    } finally {
      await host.stop();
    }
  });
});

interface FaultJourney {
  name: string;
  /** Sets the fault up before the host starts; returns the store path, the host's environment and the undo. */
  inject(): Promise<{ store: string; env?: Record<string, string>; undo?: () => Promise<void> | void; seeded?: string }>;
  /** The standing banner when the app opens (undefined: none). */
  banner?: RegExp;
  /** What the result of a drop says about the store. */
  result: RegExp;
  /** The History tab still lists the seeded handle while the fault is in place (the store can be read). */
  historyShowsSeed?: boolean;
  /** There is no sound store file to audit afterwards (it is damaged, or there never was one). */
  noStoreFile?: boolean;
  skip?: string | false;
}

/** Undone after each test, before its folder is removed (e.g. unmounting). */
const cleanups: (() => void)[] = [];

const JOURNEYS: FaultJourney[] = [
  {
    name: 'a read-only store',
    skip: !canMakeReadOnly() && 'needs chattr as root',
    async inject() {
      const store = join(dir, 'store', 'ccr.db');
      const seeded = cliShrink(store, distinctCatalog('seed', 0));
      const undo = [makeReadOnly(store), makeReadOnly(join(dir, 'store'))];
      return { store, seeded, undo: () => undo.reverse().forEach((u) => u()) };
    },
    banner: /The recovery store is read-only: history can be browsed and recovered, but new originals will not be stored\./,
    historyShowsSeed: true,
    result:
      /The recovery store could not keep the original: the recovery store at .+ is read-only — nothing was stored, so the catalog passes through unchanged\./,
  },
  {
    name: 'a full budget',
    async inject() {
      const store = join(dir, 'store', 'ccr.db');
      return { store, env: { CAVEMAN_CCR_MAX_BYTES: '1000' } };
    },
    result: /The recovery store could not keep the original: the recovery store at .+ is full: \d+ more bytes would exceed its budget of 1000 bytes/,
  },
  {
    name: 'a damaged store file',
    async inject() {
      const store = join(dir, 'store', 'ccr.db');
      mkdirSync(join(dir, 'store'));
      writeFileSync(store, 'this is not a database\n'.repeat(100));
      return { store };
    },
    noStoreFile: true,
    banner: /The recovery store is unavailable: the recovery store at .+ is damaged or is not a SQLite database .+ — nothing will be stored\./,
    result: /The recovery store could not keep the original: the recovery store at .+ is damaged or is not a SQLite database/,
  },
  {
    name: 'a store another process keeps locked',
    async inject() {
      const store = join(dir, 'store', 'ccr.db');
      const seeded = cliShrink(store, distinctCatalog('seed', 0));
      const lock = await holdWriteLock(store);
      return { store, seeded, undo: () => lock.release() };
    },
    banner: /The recovery store is unavailable: the recovery store at .+ is busy: another process kept it locked for more than 5 seconds/,
    result: /The recovery store could not keep the original: the recovery store at .+ is busy/,
  },
  {
    name: 'a full disk',
    skip: !canMountTmpfs() && 'needs root with CAP_SYS_ADMIN to mount a small tmpfs',
    async inject() {
      const disk = join(dir, 'disk');
      // 2 MiB: a seeded store of 64 KiB pages outgrows 512 KiB before the disk is filled.
      cleanups.push(mountTmpfs(disk, '2m'));
      const store = join(disk, 'store', 'ccr.db');
      const seeded = cliShrink(store, distinctCatalog('seed', 0));
      return { store, seeded, undo: fillDisk(join(disk, 'filler')) };
    },
    banner: /The recovery store is unavailable: the disk holding the recovery store at .+ is full — nothing will be stored\./,
    result: /The recovery store could not keep the original: the disk holding the recovery store at .+ is full — nothing was stored/,
  },
  {
    name: 'a symbolic link to a store that is gone',
    async inject() {
      mkdirSync(join(dir, 'store'));
      const store = join(dir, 'store', 'ccr.db');
      symlinkSync(join(dir, 'moved-away', 'ccr.db'), store);
      return { store };
    },
    noStoreFile: true,
    banner:
      /The recovery store is unavailable: the recovery store at .+ is a symbolic link to .+moved-away\/ccr\.db, which does not exist — nothing will be stored\./,
    result: /The recovery store could not keep the original: the recovery store at .+ is a symbolic link to .+, which does not exist/,
  },
  {
    name: 'a store path that cannot exist (a file where its folder should be)',
    async inject() {
      writeFileSync(join(dir, 'blocker'), 'a file');
      return { store: join(dir, 'blocker', 'store', 'ccr.db') };
    },
    noStoreFile: true,
    banner:
      /The recovery store is unavailable: the recovery store at .+ cannot be used: part of its path is a file, not a folder \(ENOTDIR\) — nothing will be stored\./,
    result: /The recovery store could not keep the original: the recovery store at .+ cannot be used: part of its path is a file, not a folder/,
  },
];

test.describe('store faults: a banner in the app, and nothing half-written', () => {
  test.beforeEach(() => test.skip(test.info().project.name !== 'browser', 'the fault journeys start their own browser host'));

  for (const journey of JOURNEYS) {
    test(journey.name, async ({ openPage }) => {
      test.skip(Boolean(journey.skip), String(journey.skip));
      const fault = await journey.inject();
      let undone = false;
      const undo = async () => {
        if (!undone) await fault.undo?.();
        undone = true;
      };
      const host = await startHost(fault.store, fault.env);
      try {
        const page = await openApp(openPage, host);
        if (journey.banner) await expect(page.locator('.app-banner')).toHaveText(journey.banner);
        else await expect(page.locator('.app-banner')).toHaveCount(0);

        await drop(page, CATALOG.name, CATALOG.bytes);
        const summary = page.getByRole('region', { name: 'Summary' });
        await expect(summary.getByRole('alert')).toHaveText(journey.result);
        await expect(summary).toContainText('none — nothing was stored');
        // Nothing stored, so nothing compressed is handed out; the table and the diff say they are a preview.
        await expect(summary.getByRole('button', { name: 'Save compressed…' })).toBeDisabled();
        await expect(summary.getByRole('button', { name: 'Copy compressed' })).toBeDisabled();
        await expect(summary.getByRole('button', { name: 'Save original…' })).toBeEnabled();
        await expect(page.locator('.preview-tag')).toHaveCount(2);
        await expect(page.getByRole('region', { name: 'Diff' })).toContainText('Compressed (preview)');
        await page.screenshot({ path: join(REPO, 'test-results', 'security', `fault-${journey.name.replace(/[^a-z]+/gi, '-')}.png`) });

        await page.getByRole('tab', { name: /^History/ }).click();
        if (journey.historyShowsSeed) {
          await expect(page.getByRole('listbox', { name: 'History' }).getByRole('option')).toHaveCount(1);
          await expect(page.getByRole('listbox', { name: 'History' })).toContainText(fault.seeded!);
        }
      } finally {
        await host.stop();
        await undo();
      }
      // Nothing half-written: the store holds exactly what it held before (or still nothing).
      if (!journey.noStoreFile) {
        const audit = auditStore(fault.store);
        expect(audit.integrity).toBe('ok');
        expect(audit.handles).toEqual(fault.seeded ? [fault.seeded] : []);
        expect(audit.handles).not.toContain(expectedHandle(CATALOG.bytes));
      }
    });
  }
});

test('the window cannot be used to break out', async ({ app }) => {
  const { page } = app;
  app.allowConsoleErrors(/Executing inline script violates the following Content Security Policy/);
  const probe = await page.evaluate(() => {
    const inline = document.createElement('script');
    inline.textContent = 'window.__inlineRan = true';
    document.head.append(inline);
    return {
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
      inlineRan: (window as unknown as { __inlineRan?: boolean }).__inlineRan === true,
    };
  });
  expect(probe).toEqual({ require: 'undefined', process: 'undefined', inlineRan: false });
  if (app.kind === 'electron') {
    expect(await page.evaluate(() => window.open('https://example.com/') === null)).toBe(true);
    // A navigation away is refused by the will-navigate guard: test/main/electron/security.test.ts and
    // test/reliability/app-security/electron-wiring.test.ts check it on the wired window (a check here,
    // right after setting location.href, passed whether or not the navigation was refused).
  } else {
    // The API refuses a request without the per-run token, even from the app's own origin.
    const status = await page.evaluate(
      async () =>
        (await fetch('/api/history:list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"limit":1,"offset":0}' })).status,
    );
    expect(status).toBe(403);
  }
});

test.describe('a browser host without --allow-commands', () => {
  test.use({
    allowCommands: false,
    hostEnv: homeWith({ '.cursor/mcp.json': JSON.stringify({ mcpServers: { mine: { command: 'node', args: ['mine.mjs'] } } }) }),
  });

  test('the MCP dialog says up front what this host does not start, and how to allow it', async ({ app }) => {
    test.skip(test.info().project.name !== 'browser', 'the desktop app asks in a native dialog instead');
    const { page } = app;
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByRole('button', { name: 'Import from MCP server…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from MCP server' });
    const found = dialog.getByRole('list', { name: 'Servers found' });
    // A server of the person's own config files still imports.
    await expect(found.getByRole('button', { name: 'Import mine' })).toBeEnabled();

    const start = dialog.getByRole('button', { name: 'Start and import' });
    await expect(start).toBeDisabled();
    await expect(start).toHaveAccessibleDescription(
      'Starting a typed command is turned off here — import a server from your MCP config files instead, or start the ' +
        'browser host with --allow-commands to allow it.',
    );
    // In view when the dialog opens at 1024×700, above the form's fields (not below them, at the end of the scroll).
    await expect(dialog.getByText('Starting a typed command is turned off here')).toBeInViewport();
    await dialog.getByLabel('URL (streamable HTTP)').check();
    const connect = dialog.getByRole('button', { name: 'Connect and import' });
    await expect(connect).toBeDisabled();
    await expect(connect).toHaveAccessibleDescription(/^Connecting to a typed URL is turned off here — .* --allow-commands to allow it\.$/);

    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Choose a config file…' }).click()]);
    await chooser.setFiles({
      name: 'team.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ mcpServers: { theirs: { command: 'node', args: ['theirs.mjs'] } } })),
    });
    const theirs = found.getByRole('button', { name: 'Import theirs' });
    await expect(theirs).toBeDisabled();
    await expect(theirs).toHaveAccessibleDescription(
      /^theirs is from a config file chosen in the page, and the browser host does not run servers from those .* --allow-commands to allow it\.$/,
    );
    await expect(found.getByRole('button', { name: 'Import mine' })).toBeEnabled();
    await viewShot(page, 'mcp-import', 'config-only-1024x700');
  });
});
