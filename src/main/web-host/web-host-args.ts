// The command line of the browser host entry (main.ts), parsed without side
// effects so it can be tested: --port N, --store PATH, --renderer DIR, --help.

import { parseArgs } from 'node:util';
import { launchPaths } from '../services/launch-paths';

export interface WebHostArgs {
  port: number;
  /** Recovery store file; undefined means the docs/store.md default (resolved by the services). */
  storePath?: string;
  /** The built renderer folder; undefined means the one next to the built entry. */
  rendererDir?: string;
  /**
   * Let the page start MCP servers it names itself — typed commands and URLs, and config files it sends (off by default: anyone with the page's token
   * could run programs or make main call any URL).
   */
  allowCommands: boolean;
  /** Report event-loop stalls on SIGUSR2 (used by scripts/measure-responsiveness.mjs). */
  eventLoopReport: boolean;
  /** Catalog files to open in the page once it connects, absolute. */
  files: string[];
  help: boolean;
}

export const WEB_HOST_USAGE = `Usage: web-host [--port N] [--store PATH] [--renderer DIR] [FILE…]

Serves Caveman Shrink to a browser on 127.0.0.1 and prints the address to open.
Each FILE (a tool catalog) is analysed in the page once it is open.
  --port N         port to listen on (default 0: any free port)
  --store PATH     recovery store file (default: $CAVEMAN_CCR_DB, else $CAVEMAN_HOME/ccr.db, else ~/.caveman/ccr.db)
  --renderer DIR   built renderer folder (default: ../renderer next to this file)
  --allow-commands start MCP servers the page names (typed commands and URLs, config files
                   it sends); off by default: only servers in your own MCP config files start
  --event-loop-report  on SIGUSR2, write the largest event-loop stall since the last report to stderr
  --help           show this help
`;

/** Parses argv (without node and the script); throws an Error with a readable message on bad usage. */
/** `cwd`: where relative FILE paths are taken from. */
export function parseWebHostArgs(argv: readonly string[], cwd = process.cwd()): WebHostArgs {
  const { values, positionals } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      store: { type: 'string' },
      renderer: { type: 'string' },
      'allow-commands': { type: 'boolean', default: false },
      'event-loop-report': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  let port = 0;
  if (values.port !== undefined) {
    if (!/^[0-9]{1,5}$/.test(values.port) || Number(values.port) > 65535)
      throw new Error(`--port must be a whole number from 0 to 65535, not ${JSON.stringify(values.port)}`);
    port = Number(values.port);
  }
  for (const name of ['store', 'renderer'] as const) {
    if (values[name] !== undefined && values[name].trim() === '') throw new Error(`--${name} needs a path`);
  }
  return {
    port,
    storePath: values.store,
    rendererDir: values.renderer,
    allowCommands: values['allow-commands'] === true,
    eventLoopReport: values['event-loop-report'] === true,
    files: launchPaths({ argv: ['--', ...positionals], skip: 0, cwd }),
    help: values.help === true,
  };
}
