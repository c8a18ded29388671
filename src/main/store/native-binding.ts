// better-sqlite3 is a native addon built for one ABI. Node (CLI, tests,
// browser host) uses the build in node_modules; the Electron app uses a
// second build kept in native/electron/ (made by `npm run rebuild:electron`),
// so both can live side by side.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Options to pass to `new Database()` so the right native build is loaded. */
export function nativeBindingOption(): { nativeBinding?: string } {
  if (!process.versions.electron) return {};
  for (let dir = new URL('.', import.meta.url); ; dir = new URL('..', dir)) {
    const candidate = new URL('native/electron/better_sqlite3.node', dir);
    if (existsSync(fileURLToPath(candidate))) return { nativeBinding: fileURLToPath(candidate) };
    if (new URL('..', dir).href === dir.href) return {};
  }
}
