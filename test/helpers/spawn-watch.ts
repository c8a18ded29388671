// Records every child process this thread starts (the child_process
// functions, as cross-spawn and the MCP SDK call them, and as ES modules
// import them), so a test can check that something started nothing —
// at once, instead of waiting to see whether a marker file appears.

import { createRequire, syncBuiltinESMExports } from 'node:module';

const childProcess = createRequire(import.meta.url)('node:child_process') as Record<string, unknown>;
const STARTERS = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;

export interface SpawnWatch {
  /** The command of each start so far, in order. */
  readonly started: string[];
  restore(): void;
}

export function watchSpawns(): SpawnWatch {
  const started: string[] = [];
  const originals = STARTERS.map((name) => [name, childProcess[name]] as const);
  for (const [name, original] of originals) {
    childProcess[name] = function (this: unknown, ...args: unknown[]) {
      started.push(`${name} ${String(args[0])}`);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  syncBuiltinESMExports();
  return {
    started,
    restore() {
      for (const [name, original] of originals) childProcess[name] = original;
      syncBuiltinESMExports();
    },
  };
}
