// `npm run test:package`, a phase of `npm test`: the npm package as a user
// gets it. Packs the project (built and declared as prepack does, see
// packProject), checks
// that the tarball holds what the CLI and the library load and nothing else
// and that `dependencies` are the packages they import, installs it into a
// temporary global prefix, runs the installed caveman-shrink (--version, a
// shrink, a recover, a live MCP listing, a wrap and its unwrap), then installs
// it into a temporary project and type-checks and runs the TypeScript
// consumer in test/package/consumer there.
//
// better-sqlite3 has no prebuilt binary it can download here, and compiling
// it in each install took minutes: its install script (prebuild-install) is
// given the clone's own build of the same version as a local prebuild
// instead, as a user with network access gets GitHub's. `npm ci` compiled
// that build from source; npm_config_build_from_source=true makes these
// installs compile too.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
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
const prebuilds = join(work, 'prebuilds');
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

/** run(), without blocking: the two installs, and the consumer's type check beside the CLI's runs, each leave a core idle alone. */
function runAsync(command, args, options = {}) {
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: work, ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text) => (stderr += text));
    child.on('error', reject);
    child.on('close', (status, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (status === 0) resolvePromise({ stdout, stderr, seconds });
      else reject(new Error(`${[command, ...args].join(' ')} exited ${status ?? signal} after ${seconds} s\n${stdout}\n${stderr}`));
    });
  });
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

/**
 * The packages a built module loads: static and dynamic imports, and
 * require()/require.resolve() through createRequire (better-sqlite3). Two
 * fallbacks for running from sources are not loads of the package: the
 * workers' through tsx (import.meta.resolve, taken only without the built
 * workers) and the counter's through gpt-tokenizer's rank files (a template
 * literal, taken only without the .ranks files); the tarball must hold both.
 */
function packageImports(source) {
  const specifiers = source.matchAll(
    /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\)\s*\(\s*|\)\.resolve\(\s*)["']((?:@[\w.-]+\/)?[\w-][\w.-]*)(?:\/[^"'\s]*)?["']/g,
  );
  return [...specifiers].map((match) => match[1]);
}

function checkTarball(tarball) {
  const listing = run('tar', ['-tzf', tarball])
    .stdout.trim()
    .split('\n')
    .map((path) => path.replace(/^package\//, ''));
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
  const imported = [...new Set(modules.flatMap((path) => packageImports(shipped(path))))].sort();
  const declared = Object.keys(manifest.dependencies).sort();
  check(imported.join() === declared.join(), `dependencies are ${declared.join(', ')}; the shipped modules import ${imported.join(', ')}`);
  for (const tokenizer of ['o200k_base', 'cl100k_base']) check(files.has(`out/main/${tokenizer}.ranks`), `the tarball lacks the ${tokenizer} vocabulary`);
  const declarations = shipped('out/types/lib.d.ts');
  check(!/from ["'](electron|react)|renderer/.test(declarations), 'the declarations reference Electron or the renderer');
  return listing;
}

/** The clone's build of better-sqlite3 in `prebuilds`, named as prebuild-install looks for this Node's binary. */
function writeLocalPrebuild() {
  const dir = join(repo, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  mkdirSync(prebuilds);
  run('tar', ['-czf', join(prebuilds, name), '-C', dir, 'build/Release/better_sqlite3.node']);
}

// `npm run -s` hands its silence down: npm's errors are wanted in a failure's message.
const npmEnv = { ...process.env, npm_config_loglevel: 'warn' };

/** npm install, better-sqlite3 from the local prebuild. A global install is told to run its script; a project's package.json says so (allowScripts). */
function npmInstall(args, cwd) {
  const env = { ...npmEnv, npm_config_better_sqlite3_local_prebuilds: prebuilds, JOBS: 'max' };
  const allow = args.includes('--global') ? ['--allow-scripts=better-sqlite3'] : [];
  return runAsync('npm', ['install', ...allow, '--no-audit', '--no-fund', '--prefer-offline', ...args], { cwd, env });
}

/** How better-sqlite3 got its binary in an install: node-gyp leaves a Makefile, a prebuild only the binary. */
function sqliteBinaryOrigin(modules) {
  return existsSync(join(modules, 'better-sqlite3', 'build', 'Makefile')) ? 'compiled on install' : 'prebuilt';
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
  console.log(
    `  caveman-shrink shrink server-github.json: ${catalog.length} → ${shrunk.stdout.length} bytes, ` +
      `${report.tokens_before} → ${report.tokens_after} tokens, ${report.recovery_handle}`,
  );

  const recovered = run(bin, ['recover', report.recovery_handle], { env, encoding: 'buffer' });
  check(recovered.stdout.equals(catalog), 'recover did not return the original byte for byte');
  console.log(`  caveman-shrink recover ${report.recovery_handle}: ${recovered.stdout.length} bytes, byte-exact`);

  const listed = run(bin, ['mcp', '--', process.execPath, tinyServer], { env });
  const live = JSON.parse(listed.stderr.trim().split('\n').at(-1));
  check(typeof live.recovery_handle === 'string', `mcp listed no catalog: ${listed.stderr}`);
  console.log(`  caveman-shrink mcp -- node tiny-server.mjs: ${JSON.parse(listed.stdout).tools.length} tools, ${live.recovery_handle}`);

  runWrap(bin, env);
  return report.recovery_handle;
}

/** wrap points a client's entry at the installed proxy, which serves the server's tools; unwrap gives the file back. */
function runWrap(bin, env) {
  const config = join(work, 'mcp.json');
  const original = `{\n  "mcpServers": {\n    "tiny": { "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(tinyServer)}] }\n  }\n}\n`;
  writeFileSync(config, original);
  run(bin, ['wrap', '--config', config, '--server', 'tiny'], { env });
  const entry = JSON.parse(readFileSync(config, 'utf8')).mcpServers.tiny;
  const installedCli = realpathSync(join(prefix, 'lib', 'node_modules', manifest.name, 'out', 'main', 'cli.js'));
  check(entry.args[0] === installedCli && entry.args[1] === 'proxy', `the wrapped entry does not start the installed proxy: ${JSON.stringify(entry)}`);
  const served = JSON.parse(run(bin, ['mcp', '--', entry.command, ...entry.args], { env }).stdout);
  check(served.tools.length > 0, 'the wrapped entry served no tools');
  run(bin, ['unwrap', '--config', config, '--server', 'tiny'], { env });
  check(readFileSync(config, 'utf8') === original, 'unwrap did not give the config back byte for byte');
  console.log(`  caveman-shrink wrap, then unwrap: the entry started the installed proxy (${served.tools.length} tools), the file came back byte for byte`);
}

/** Installs the tarball into a copy of test/package/consumer; TypeScript and Node's types are the consumer's own: the clone's. */
async function installConsumer(tarball) {
  const consumer = join(work, 'consumer');
  cpSync(join(repo, 'test/package/consumer'), consumer, { recursive: true });
  const installed = await npmInstall([tarball], consumer);
  mkdirSync(join(consumer, 'node_modules', '@types'), { recursive: true });
  symlinkSync(join(repo, 'node_modules', '@types', 'node'), join(consumer, 'node_modules', '@types', 'node'), 'dir');
  return { consumer, seconds: installed.seconds };
}

/** Runs the consumer (after `tsc --noEmit` passed on it) and checks it read back what the installed CLI stored. */
function runConsumer(consumer, handle) {
  // Node 20 runs no TypeScript by itself: tsx strips the types (they were just checked).
  const output = JSON.parse(run(process.execPath, ['--import', import.meta.resolve('tsx'), join(consumer, 'index.ts'), catalogPath, store]).stdout);
  check(output.sameBytes === true && output.handle === handle && output.tokensSaved > 0, `the consumer's result is wrong: ${JSON.stringify(output)}`);
  console.log(`  node consumer: ${JSON.stringify(output)}`);
}

/**
 * Files that make out/main (npm ci and npm install rewrite node_modules/.package-lock.json): a build older than any of them is
 * stale. electron-vite empties out/main before it writes, so its oldest file tells when the last build began.
 */
const BUILD_INPUTS = [
  'src',
  'node_modules/.package-lock.json',
  'electron.vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.node.json',
];

function newestMtime(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

function builtAfterInputs() {
  const outMain = join(repo, 'out', 'main');
  if (!existsSync(join(outMain, 'cli.js')) || !existsSync(join(outMain, 'lib.js'))) return false;
  const oldestOutput = Math.min(...readdirSync(outMain).map((entry) => statSync(join(outMain, entry)).mtimeMs));
  return BUILD_INPUTS.every((input) => newestMtime(join(repo, input)) < oldestOutput);
}

/**
 * What prepack does, without its build when out/main is newer than every file it is built from (npm test's build phase just
 * made it): then `npm pack --ignore-scripts`. The declarations are always made, without dts-bundle-generator's own check of
 * them: the consumer's tsc (skipLibCheck off) type-checks the installed lib.d.ts.
 */
function packProject() {
  const started = performance.now();
  const fresh = builtAfterInputs();
  if (!fresh) run('npm', ['run', '-s', 'build'], { cwd: repo, env: npmEnv });
  run('npm', ['run', '-s', 'build:types', '--', '--no-check'], { cwd: repo, env: npmEnv });
  run('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: repo, env: npmEnv });
  const how = fresh ? 'out/main newer than its sources, so not rebuilt' : 'built';
  return { how, seconds: ((performance.now() - started) / 1000).toFixed(1) };
}

try {
  const packed = packProject();
  const tarball = join(
    work,
    readdirSync(work).find((name) => name.endsWith('.tgz')),
  );
  const listing = checkTarball(tarball);
  console.log(`npm pack (${packed.how}; declarations made): ${megabytes(statSync(tarball).size)}, ${listing.length} files (${packed.seconds} s)`);

  writeLocalPrebuild();
  // The global install and the consumer's are independent: side by side.
  const [installed, consumer] = await Promise.all([npmInstall(['--global', '--prefix', prefix, tarball], work), installConsumer(tarball)]);
  const pulled = checkInstalled();
  console.log(
    `npm install -g --prefix <tmp>: ${pulled} packages, ${megabytes(folderBytes(prefix))} on disk, no app-only package, better-sqlite3 ` +
      `${sqliteBinaryOrigin(join(prefix, 'lib', 'node_modules', manifest.name, 'node_modules'))} (${installed.seconds} s)`,
  );
  console.log(`npm install <tarball> in a temporary project (${consumer.seconds} s, beside the global one)`);

  // The consumer's type check needs nothing the CLI's runs make: it runs while they do.
  const checked = runAsync(process.execPath, [tsc, '--noEmit', '-p', consumer.consumer]);
  checked.catch(() => undefined); // awaited below; a failure meanwhile is not an unhandled rejection
  const handle = runInstalledCli();
  console.log(`  tsc --noEmit (test/package/consumer, skipLibCheck off): no errors (${(await checked).seconds} s)`);
  runConsumer(consumer.consumer, handle);
} catch (error) {
  console.error(`test:package failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
