// What a measurement can be run under besides an idle machine and each
// client's own environment: busy loops that hold the cores (a client races
// its first request against its MCP servers' start, and a loaded machine
// decides that race), and variables added to every client's environment
// (a setting that changes how the client starts its servers).

import { spawn } from 'node:child_process';
import type { ClientDriver } from './client-driver';

/** Starts `count` processes that spin until the returned function stops them. */
export function startBusyLoops(count: number): () => void {
  const loops = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => loops.forEach((loop) => loop.kill());
}

/** `driver` with `extra` added to the environment it starts the client with. */
export function withClientEnv(driver: ClientDriver, extra: Readonly<Record<string, string>>): ClientDriver {
  return Object.keys(extra).length === 0 ? driver : { ...driver, env: (home, apiOrigin) => ({ ...driver.env(home, apiOrigin), ...extra }) };
}

/** `KEY=VALUE,KEY=VALUE` as an object; throws on an item without `=`. */
export function parseClientEnv(text: string | undefined): Record<string, string> {
  if (text === undefined || text === '') return {};
  return Object.fromEntries(
    text.split(',').map((item) => {
      const at = item.indexOf('=');
      if (at <= 0) throw new Error(`--client-env takes KEY=VALUE items, not "${item}"`);
      return [item.slice(0, at), item.slice(at + 1)];
    }),
  );
}
