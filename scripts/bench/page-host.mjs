// What the page benches share: the catalog to open, the build to run and the
// browser host started from it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { generateCatalog } from './generate-catalog.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Debian's Chromium with the flags the browser journeys use (test/e2e/chromium-launch.json), so a page measured here runs as it does there. */
export function launchChromium() {
  const launch = JSON.parse(readFileSync(join(root, 'test/e2e/chromium-launch.json'), 'utf8'));
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? launch.path, args: launch.args });
}

/** The catalog's file on disk: a bare number is a generated catalog of that many MiB (written into `work`), a file name one of test/fixtures/shared/real/. */
export function catalogFile(spec, work) {
  if (/^\d+(\.\d+)?$/.test(spec)) {
    const path = join(work, `generated-${spec}MiB.json`);
    if (!existsSync(path)) writeFileSync(path, generateCatalog(Math.round(Number(spec) * 1024 * 1024)));
    return path;
  }
  const path = resolve(root, 'test/fixtures/shared/real', spec);
  if (!existsSync(path)) throw new Error(`no such catalog: ${path}`);
  return path;
}

/** A build outside the repository resolves its packages through a node_modules link beside it. */
export function prepareOut(outDir) {
  const dir = resolve(root, outDir);
  if (!existsSync(join(dir, 'main/web-host.js'))) throw new Error(`${dir} has no main/web-host.js (run npm run build)`);
  if (relative(root, dir).startsWith('..') && !existsSync(join(dir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Starts the browser host of a build on a free port; `url` resolves the address it prints. */
export function startHost(outDir, storePath) {
  const child = spawn(process.execPath, [join(outDir, 'main/web-host.js'), '--port', '0', '--store', storePath], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text) => (stderr += text));
  const url = new Promise((resolveUrl, reject) => {
    child.stdout.setEncoding('utf8').on('data', (text) => {
      const match = /running at (\S+)/.exec(text);
      if (match) resolveUrl(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`the host exited (${code}): ${stderr}`)));
  });
  return { child, url };
}
