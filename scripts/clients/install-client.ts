// Installs a pinned client from npm into the harness's cache folder on first
// use (never through `npm ci`: these are hundreds of megabytes of native
// binaries the product does not need), and says plainly when it cannot.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_PACKAGES, type ClientPackageId } from './client-packages';

export type Installation = { ok: true; bin: string } | { ok: false; reason: string };

const INSTALL_TIMEOUT_MS = 10 * 60_000;

function versionMatches(bin: string, id: ClientPackageId, home: string): boolean {
  const run = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HOME: home } });
  return run.status === 0 && CLIENT_PACKAGES[id].versionLine.test(run.stdout);
}

/** npm's own first words on why (its error code and message come first; a stack follows). */
function npmReason(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line.startsWith('npm error '));
  return (
    lines
      .slice(0, 4)
      .map((line) => line.slice('npm error '.length).trim())
      .join('; ') || stderr.trim().slice(0, 300)
  );
}

/** The client's command, installed under `cacheDir` (kept between runs), or why it could not be installed. */
export function installClient(id: ClientPackageId, cacheDir: string): Installation {
  const pkg = CLIENT_PACKAGES[id];
  const dir = join(cacheDir, `${id}@${pkg.version}`);
  const bin = join(dir, 'node_modules/.bin', pkg.bin);
  const scratchHome = join(dir, 'version-home');
  mkdirSync(scratchHome, { recursive: true });
  if (existsSync(bin) && versionMatches(bin, id, scratchHome)) return { ok: true, bin };
  rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  const spec = `${pkg.name}@${pkg.version}`;
  const npm = spawnSync('npm', ['install', '--prefix', dir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', spec], {
    encoding: 'utf8',
    timeout: INSTALL_TIMEOUT_MS,
  });
  if (npm.error) return { ok: false, reason: `npm install ${spec} could not run: ${npm.error.message}` };
  if (npm.status !== 0) return { ok: false, reason: `npm install ${spec} failed (exit ${npm.status}): ${npmReason(npm.stderr)}` };
  if (!existsSync(bin)) return { ok: false, reason: `npm install ${spec} left no ${pkg.bin} command in ${dir}` };
  if (!versionMatches(bin, id, scratchHome)) return { ok: false, reason: `${bin} --version does not print ${pkg.version}: its native binary did not install` };
  return { ok: true, bin };
}
