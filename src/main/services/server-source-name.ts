// The name history shows for a server started from a typed command: the
// script an interpreter runs (`node ./tiny-server.mjs` → `mcp:tiny-server.mjs`),
// so three node servers are no longer all `mcp:node`; a generic script name
// (index.js, server.py…) keeps the folder it is in (`mcp:server-everything/index.js`,
// build folders skipped). Any other command is named as server-target.ts names it.

import { defaultSourceName, type McpTarget } from '../mcp/connection/server-target';

/** Files an interpreter runs: the argument that names the server. */
const SCRIPT = /\.(?:[cm]?[jt]s|py|rb|php|pl|lua|sh|jar)$/i;
/** Script names that say nothing of the server by themselves. */
const GENERIC = /^(?:index|main|server|cli|app|run|start)\.[a-z]+$/i;
/** Folders a build or a package puts a script in, which say nothing of the server either. */
const BUILD_FOLDERS = new Set(['dist', 'build', 'out', 'lib', 'src', 'bin', 'cjs', 'esm', 'build-output']);

function scriptLabel(path: string): string {
  const parts = path
    .replace(/\\/g, '/')
    .split('/')
    .filter((part) => part !== '' && part !== '.');
  const file = parts.pop() ?? path;
  if (!GENERIC.test(file)) return file;
  const folder = [...parts].reverse().find((part) => part !== '..' && !BUILD_FOLDERS.has(part.toLowerCase()));
  return folder ? `${folder}/${file}` : file;
}

/** `mcp:<script>` for an interpreter running a script file, else the name server-target.ts gives. */
export function typedServerName(target: McpTarget): string {
  if (target.transport === 'stdio') {
    // The interpreter's own flags come first; the script is the first plain argument naming a script file.
    const script = target.args.find((arg) => !arg.startsWith('-') && SCRIPT.test(arg));
    if (script) return `mcp:${scriptLabel(script)}`;
  }
  return defaultSourceName(target);
}
