// `npm run test:package`, a phase of `npm test`: the npm package as a user
// gets it. Packs the project (prepack builds it and its declarations), checks
// that the tarball holds what the CLI and the library load and nothing else,
// installs it into a temporary global prefix (better-sqlite3 compiles there),
// runs the installed caveman-shrink (--version, a shrink, a recover, a live
// MCP listing), then type-checks and runs the TypeScript consumer in
// test/package/consumer against the installed package.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
const catalogPath = join(repo, 'test/fixtures/shared/real/server-github.json');
const tinyServer = join(repo, 'test/fixtures/mcp/tiny-server.mjs');
const tsc = join(repo, 'node_modules/typescript/bin/tsc');
// Never in the installed tree unless a runtime dependency needs them itself.
const APP_ONLY = new Set(Object.keys(manifest.devDependencies));

const work = mkdtempSync(join(tmpdir(), 'caveman-package-'));
const prefix = join(work, 'prefix');
const store = join(work, 'ccr.db');
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

function run(command, args, options = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: work, encoding: options.encoding ?? 'utf8', maxBuffer: 64 << 20, ...options });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    throw new Error(`${[command, ...args].join(' ')} exited ${result.status ?? result.signal} after ${seconds} s\n${result.stdout}\n${result.stderr}`);
  }
  return { ...result, seconds };
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** Every package folder under `root` (node_modules trees, nested and scoped ones included). */
function installedPackages(root) {
  const found = [];
  const visit = (modules) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const dirs = entry.startsWith('@') ? readdirSync(join(modules, entry)).map((name) => join(modules, entry, name)) : [join(modules, entry)];
      for (const dir of dirs) {
        if (!existsSync(join(dir, 'package.json'))) continue;
        found.push({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) });
        visit(join(dir, 'node_modules'));
      }
    }
  };
  visit(root);
  return found;
}

function folderBytes(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, entry) => sum + folderBytes(join(path, entry)), 0);
}

/** The relative imports of a built module, and the workers it starts by name. */
function references(source) {
  const imports = [...source.matchAll(/(?:\bfrom|\bimport\(?)\s*["']\.\/([^"']+)["']/g)].map((match) => match[1]);
  const workers = [...source.matchAll(/resolveWorkerScript\(["']([\w-]+)["']/g)].map((match) => `${match[1]}.js`);
  return [...imports, ...workers];
}

function checkTarball(tarball) {
  const listing = run('tar', ['-tzf', tarball]).stdout.trim().split('\n').map((path) => path.replace(/^package\//, ''));
  const files = new Set(listing);
  const unpacked = join(work, 'unpacked');
  mkdirSync(unpacked);
  run('tar', ['-xzf', tarball, '-C', unpacked]);
  const shipped = (path) => readFileSync(join(unpacked, 'package', path), 'utf8');
  // Reachable from the bin and the export: every one must be shipped, and nothing else may be.
  const needed = new Set();
  const pending = ['out/main/cli.js', 'out/main/lib.js'];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (needed.has(path)) continue;
    needed.add(path);
    check(files.has(path), `the tarball lacks ${path}, which the CLI or the library loads`);
    pending.push(...references(shipped(path)).map((name) => `out/main/${name}`));
  }
  const modules = listing.filter((path) => path.endsWith('.js'));
  const extra = modules.filter((path) => !needed.has(path));
  check(extra.length === 0, `the tarball ships modules neither the CLI nor the library loads: ${extra.join(', ')}`);
  for (const path of modules) check(!/from ["'](electron|react|react-dom)["']/.test(shipped(path)), `${path} imports an app-only package`);
  for (const tokenizer of ['o200k_base', 'cl100k_base']) check(files.has(`out/main/${tokenizer}.ranks`), `the tarball lacks the ${tokenizer} vocabulary`);
  const declarations = shipped('out/types/lib.d.ts');
  check(!/from ["'](electron|react)|renderer/.test(declarations), 'the declarations reference Electron or the renderer');
  return listing;
}

function checkInstalled() {
  const packages = installedPackages(join(prefix, 'lib', 'node_modules'));
  const wanted = new Set(packages.flatMap(({ manifest: each }) => Object.keys({ ...each.dependencies, ...each.optionalDependencies })));
  const appOnly = packages.filter(({ manifest: each }) => APP_ONLY.has(each.name) && !wanted.has(each.name)).map(({ manifest: each }) => each.name);
  check(appOnly.length === 0, `the install pulled app-only packages: ${appOnly.join(', ')}`);
  return packages.length - 1; // the package itself is not one it pulled
}

function runInstalledCli() {
  const bin = join(prefix, process.platform === 'win32' ? 'caveman-shrink.cmd' : join('bin', 'caveman-shrink'));
  const env = { ...process.env, CAVEMAN_CCR_DB: store };
  delete env.NODE_PATH;
  const version = run(bin, ['--version'], { env }).stdout.trim();
  check(version === manifest.version, `--version printed ${version}, package.json says ${manifest.version}`);
  console.log(`  caveman-shrink --version: ${version}`);

  const catalog = readFileSync(catalogPath);
  const shrunk = run(bin, ['shrink', catalogPath], { env, encoding: 'buffer' });
  const report = JSON.parse(shrunk.stderr.toString('utf8'));
  check(report.tokens_after < report.tokens_before && typeof report.recovery_handle === 'string', `the shrink did not shrink: ${shrunk.stderr}`);
  JSON.parse(shrunk.stdout.toString('utf8'));
  console.log(`  caveman-shrink shrink server-github.json: ${catalog.length} → ${shrunk.stdout.length} bytes, ${report.tokens_before} → ${report.tokens_after} tokens, ${report.recovery_handle}`);

  const recovered = run(bin, ['recover', report.recovery_handle], { env, encoding: 'buffer' });
  check(recovered.stdout.equals(catalog), 'recover did not return the original byte for byte');
  console.log(`  caveman-shrink recover ${report.recovery_handle}: ${recovered.stdout.length} bytes, byte-exact`);

  const listed = run(bin, ['mcp', '--', process.execPath, tinyServer], { env });
  const live = JSON.parse(listed.stderr.trim().split('\n').at(-1));
  check(typeof live.recovery_handle === 'string', `mcp listed no catalog: ${listed.stderr}`);
  console.log(`  caveman-shrink mcp -- node tiny-server.mjs: ${JSON.parse(listed.stdout).tools.length} tools, ${live.recovery_handle}`);
  return report.recovery_handle;
}

function runConsumer(handle) {
  const consumer = join(work, 'consumer');
  cpSync(join(repo, 'test/package/consumer'), consumer, { recursive: true });
  mkdirSync(join(consumer, 'node_modules', '@types'), { recursive: true });
  // The installed package is the one under test; TypeScript's Node types are the consumer's own.
  symlinkSync(join(prefix, 'lib', 'node_modules', manifest.name), join(consumer, 'node_modules', manifest.name), 'dir');
  symlinkSync(join(repo, 'node_modules', '@types', 'node'), join(consumer, 'node_modules', '@types', 'node'), 'dir');
  const checked = run(process.execPath, [tsc, '--noEmit', '-p', consumer]);
  console.log(`  tsc --noEmit (test/package/consumer, skipLibCheck off): no errors (${checked.seconds} s)`);
  // Node 20 runs no TypeScript by itself: tsx strips the types (they were just checked).
  const output = JSON.parse(run(process.execPath, ['--import', import.meta.resolve('tsx'), join(consumer, 'index.ts'), catalogPath, store]).stdout);
  check(output.sameBytes === true && output.handle === handle && output.tokensSaved > 0, `the consumer's result is wrong: ${JSON.stringify(output)}`);
  console.log(`  node consumer: ${JSON.stringify(output)}`);
}

try {
  const packed = run('npm', ['pack', '--pack-destination', work], { cwd: repo });
  const tarball = join(work, readdirSync(work).find((name) => name.endsWith('.tgz')));
  const listing = checkTarball(tarball);
  console.log(`npm pack (with prepack's build and declarations): ${megabytes(statSync(tarball).size)}, ${listing.length} files (${packed.seconds} s)`);

  // better-sqlite3 compiles here (its prebuilt binaries cannot be downloaded): JOBS lets node-gyp use every core.
  const installed = run('npm', ['install', '--global', '--prefix', prefix, '--allow-scripts=better-sqlite3', '--no-audit', '--no-fund', tarball], { env: { ...process.env, JOBS: 'max' } });
  const pulled = checkInstalled();
  console.log(`npm install -g --prefix <tmp>: ${pulled} packages, ${megabytes(folderBytes(prefix))} on disk, no app-only package (${installed.seconds} s)`);

  const handle = runInstalledCli();
  runConsumer(handle);
} catch (error) {
  console.error(`test:package failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
