// Rebuilds better-sqlite3 for the Electron ABI, for packaging the desktop app.
// Needs network access to Electron's headers. Afterwards `npm rebuild
// better-sqlite3` restores the Node build the CLI and the tests use.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { version } = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8'));
const args = ['rebuild', 'better-sqlite3', '--runtime=electron', `--target=${version}`, '--dist-url=https://electronjs.org/headers', '--build-from-source'];
console.log(`npm ${args.join(' ')}`);
const result = spawnSync('npm', args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
