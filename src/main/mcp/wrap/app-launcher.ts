// The one decision of what a wrapped entry starts, for every host: the
// command a client runs must work from the client's own launcher, with
// neither our PATH nor our shell.
//
// - Node (the CLI, the browser host): this Node (process.execPath, links
//   resolved) and the built CLI entry beside the bundle (out/main/cli.js).
// - Electron: process.execPath is the app's own Electron binary, not a Node.
//   Run with ELECTRON_RUN_AS_NODE=1 it is one, with Electron's ABI — the one
//   the app's better-sqlite3 is built for (a system node could not load it,
//   and may not exist). The CLI entry is read from app.asar.unpacked: the CLI
//   starts worker threads from files beside it, which cannot live in an
//   asar. On Linux an AppImage's execPath lies in a mount that changes every
//   run, so $APPIMAGE (the file itself) is named instead.
// Pure apart from the two file-system probes it is handed, so every host's
// answer is tested from any one.

import { sep } from 'node:path';
import type { Launcher } from './proxy-launch';

export type LauncherHost =
  /** The CLI or the browser host, under Node. */
  | { kind: 'node'; execPath: string }
  /** The desktop app: its Electron binary; `appImage` is $APPIMAGE when it runs as an AppImage. */
  | { kind: 'electron'; execPath: string; appImage?: string | undefined };

export interface LauncherProbes {
  /** The path with links resolved (throws when it does not exist). */
  realpath(path: string): string;
  exists(path: string): boolean;
}

/** What an Electron binary needs to run the CLI as Node. */
export const ELECTRON_AS_NODE = { ELECTRON_RUN_AS_NODE: '1' } as const;

/**
 * The launcher a wrap writes. `cli` is the built CLI entry beside the
 * running bundle (new URL('./cli.js', import.meta.url)); throws when the
 * entry a client would start is not there, so no wrap names a file that
 * cannot run.
 */
export function appLauncher(host: LauncherHost, cli: string, probes: LauncherProbes): Launcher {
  if (host.kind === 'node') {
    if (!probes.exists(cli)) throw new Error(`the CLI entry ${cli} is missing: wrap runs from a built copy (npm run build)`);
    return { runtime: probes.realpath(host.execPath), cli: probes.realpath(cli) };
  }
  const unpacked = unpackedPath(cli);
  if (!probes.exists(unpacked)) {
    throw new Error(`the CLI entry ${unpacked} is missing: a wrapped server would not start (the app must be packaged with out/main unpacked from its asar)`);
  }
  const runtime = host.appImage !== undefined && host.appImage !== '' ? host.appImage : host.execPath;
  return { runtime: probes.realpath(runtime), cli: probes.realpath(unpacked), env: { ...ELECTRON_AS_NODE } };
}

/** The path of a file of app.asar in app.asar.unpacked (the same path outside an asar). */
export function unpackedPath(path: string): string {
  return path
    .split(sep)
    .map((part) => (part === 'app.asar' ? 'app.asar.unpacked' : part))
    .join(sep);
}
