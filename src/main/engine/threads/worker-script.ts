// Finds a worker entry next to the module that starts it. The build puts
// every Node entry flat into out/main, so `./name.js` sits beside the
// caller. Under Vitest we run from TypeScript sources, where only
// `./name.ts` exists: Node 20 ignores ESM loaders given in a Worker's
// execArgv (nodejs/node#47747, so `--import tsx` fails with "Unknown file
// extension .ts"), hence a tiny module that registers tsx inside the worker
// and then imports the source. Transpiling a worker's whole module graph in
// each thread is slow, so a test run that has just built (npm's
// test:unit) names the build's folder in CAVEMAN_BUILT_WORKERS and the
// threads run the built entries instead, as the CLI's process tests run
// CAVEMAN_CLI.

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CavemanError } from '../../../shared/errors';
import { errorMessage } from '../../../shared/error-message';

function notFound(name: string, fromUrl: string | URL, why: string): CavemanError {
  return new CavemanError('cave_internal', `internal error: cannot start worker "${name}" from ${String(fromUrl)}: ${why}`);
}

/**
 * The URL to pass to `new Worker(url)`: `./<name>.js` relative to `fromUrl`
 * (normally the caller's import.meta.url) when it exists, else `<name>.js` in
 * the folder CAVEMAN_BUILT_WORKERS names when it holds one, else a bootstrap
 * that runs `./<name>.ts` through tsx. Throws cave_internal when neither
 * works, so a broken build fails loudly instead of hanging.
 */
export function resolveWorkerScript(name: string, fromUrl: string | URL): URL {
  const built = new URL(`./${name}.js`, fromUrl);
  if (existsSync(fileURLToPath(built))) return built;
  // Read only here, and only when running from sources (a build has its entries beside the caller).
  const builtFolder = process.env.CAVEMAN_BUILT_WORKERS;
  if (builtFolder) {
    const entry = join(resolve(builtFolder), `${name}.js`);
    if (existsSync(entry)) return pathToFileURL(entry);
  }
  const source = new URL(`./${name}.ts`, fromUrl);
  if (!existsSync(fileURLToPath(source))) throw notFound(name, fromUrl, `neither ${name}.js nor ${name}.ts exists there`);
  let tsxApi: string;
  try {
    tsxApi = import.meta.resolve('tsx/esm/api');
  } catch (error) {
    throw notFound(name, fromUrl, `only the TypeScript source exists and tsx is not installed (${errorMessage(error)})`);
  }
  const bootstrap = `import { register } from ${JSON.stringify(tsxApi)};\nregister();\nawait import(${JSON.stringify(source.href)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`);
}
