// Builds better-sqlite3 for the Electron ABI into native/electron/, beside the
// Node build in node_modules that the CLI, the browser host and the tests use.
// The store loads it only when running inside Electron. Needs network access
// to Electron's headers (https://electronjs.org/headers).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
const source = dirname(require.resolve('better-sqlite3/package.json'));
const work = join(root, 'native', 'build', 'better-sqlite3');
const target = join(root, 'native', 'electron');

// npm tells scripts where its bundled node-gyp is.
const nodeGyp = process.env.npm_config_node_gyp;
if (!nodeGyp || !existsSync(nodeGyp)) {
  console.error('rebuild:electron: run it through npm (`npm run rebuild:electron`) so npm can provide node-gyp.');
  process.exit(1);
}

rmSync(work, { recursive: true, force: true });
cpSync(source, work, { recursive: true, filter: (path) => !path.includes(`${join('better-sqlite3', 'build')}`) });
const args = [nodeGyp, 'rebuild', '--release', `--target=${electronVersion}`, '--runtime=electron', '--dist-url=https://electronjs.org/headers'];
console.log(`building better-sqlite3 for Electron ${electronVersion} …`);
const result = spawnSync(process.execPath, args, { cwd: work, stdio: 'inherit' });
if (result.status !== 0) {
  console.error('rebuild:electron failed (it needs network access to download Electron headers). The Node build in node_modules is untouched.');
  process.exit(result.status ?? 1);
}
mkdirSync(target, { recursive: true });
cpSync(join(work, 'build', 'Release', 'better_sqlite3.node'), join(target, 'better_sqlite3.node'));
rmSync(join(root, 'native', 'build'), { recursive: true, force: true });
console.log(`wrote ${join(target, 'better_sqlite3.node')}`);
