// Which arguments of a launch name files to open: the Electron app's own
// argv, a second launch's argv, and the browser host's positionals all go
// through here, so `caveman-shrink-desktop a.json b.json` means the same
// everywhere.

import { isAbsolute, resolve } from 'node:path';

export interface LaunchArgs {
  argv: readonly string[];
  /** Leading entries that are not arguments: the executable, and the app folder when run as `electron .`. */
  skip: number;
  /** Relative paths are taken from here (the folder the launch was typed in). */
  cwd: string;
}

/**
 * The file paths among a launch's arguments, absolute, in order. Switches
 * (`-x`, `--flag`, `--key=value`, including the ones Chromium and Electron
 * add) are not files; after `--` every argument is.
 */
export function launchPaths({ argv, skip, cwd }: LaunchArgs): string[] {
  const paths: string[] = [];
  let switchesEnded = false;
  for (const arg of argv.slice(skip)) {
    if (!switchesEnded && arg === '--') {
      switchesEnded = true;
      continue;
    }
    if (arg === '' || (!switchesEnded && arg.startsWith('-'))) continue;
    paths.push(isAbsolute(arg) ? arg : resolve(cwd, arg));
  }
  return paths;
}
