// `npm start`: builds the app and opens the desktop window. Where the
// Electron runtime cannot be obtained it says so in one sentence and points
// to the browser host.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

if (run('npm', ['run', '--silent', 'build']) !== 0) process.exit(1);

// Electron downloads its binary on first use; without network that fails.
const probe = spawnSync(process.execPath, ['-e', 'process.stdout.write(require("electron"))'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
const electronPath = probe.status === 0 ? probe.stdout.trim() : '';
if (!electronPath || !existsSync(electronPath)) {
  console.error(
    'The Electron runtime could not be downloaded on this machine, so the desktop window cannot open here — run ' +
      '`npm run web` to use the same app in your browser.',
  );
  process.exit(1);
}

// The app's SQLite store needs better-sqlite3 built for Electron's ABI (kept in native/electron/).
if (!existsSync(join(root, 'native/electron/better_sqlite3.node')) && run('npm', ['run', '--silent', 'rebuild:electron']) !== 0) {
  console.error(
    'better-sqlite3 could not be built for Electron (it needs network access to Electron headers) — run `npm run web` to use the app in your browser.',
  );
  process.exit(1);
}

process.exit(run(electronPath, ['.']));
