// better-sqlite3 is a native addon built for one ABI. Node (CLI, tests,
// browser host) uses the build in node_modules; the Electron app uses a
// second build kept in native/electron/ (made by `npm run rebuild:electron`),
// so both can live side by side.
//
// Under Node the addon's path is given too, found the way better-sqlite3's
// `bindings` helper would find it (its first three places, in its order):
// left to itself, `bindings` reads a stack trace and tries up to a dozen
// paths by requiring each, which slows every CLI cold start.

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ADDON = 'better_sqlite3.node';

let nodeOption: { nativeBinding?: string } | undefined;

/** The addon in node_modules/better-sqlite3, where `bindings` looks first; {} (let it search) when it is elsewhere. */
function nodeBindingOption(): { nativeBinding?: string } {
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
  } catch {
    return {};
  }
  for (const place of [['build'], ['build', 'Debug'], ['build', 'Release']]) {
    const candidate = join(packageDir, ...place, ADDON);
    if (existsSync(candidate)) return { nativeBinding: candidate };
  }
  return {};
}

/** Options to pass to `new Database()` so the right native build is loaded. */
export function nativeBindingOption(): { nativeBinding?: string } {
  if (!process.versions.electron) {
    nodeOption ??= nodeBindingOption();
    return nodeOption;
  }
  for (let dir = new URL('.', import.meta.url); ; dir = new URL('..', dir)) {
    const candidate = new URL(`native/electron/${ADDON}`, dir);
    if (existsSync(fileURLToPath(candidate))) return { nativeBinding: fileURLToPath(candidate) };
    if (new URL('..', dir).href === dir.href) return {};
  }
}
