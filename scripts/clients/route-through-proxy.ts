// Routes a client's server entry through the proxy the way a user would:
// `caveman-shrink wrap` on the client's own config file. Where this build's
// wrap cannot edit that client's config yet (Codex's config.toml), the
// harness writes the entry wrap would write — this Node, the CLI, `proxy`,
// the variant's flags, `--`, then the server's own command line — and says so.

import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import type { ClientDriver, ServerEntry } from './client-driver';
import { CLI } from './repo';
import { variantFlags, type Variant } from './variants';

export type EntryWriter = 'wrap' | 'harness';

export interface Routed {
  by: EntryWriter;
  /** wrap's own words when it refused the file and the harness wrote the entry. */
  wrapRefusal?: string;
}

type Proxied = Exclude<Variant, 'direct'>;

export function proxiedArgv(server: ServerEntry, variant: Proxied): string[] {
  return [realpathSync(process.execPath), CLI, 'proxy', ...variantFlags(variant), '--', ...server.argv];
}

export function routeThroughProxy(driver: ClientDriver, home: string, server: ServerEntry, variant: Proxied): Routed {
  const wrap = spawnSync(process.execPath, [CLI, 'wrap', '--config', driver.configFile(home), '--server', server.name, ...variantFlags(variant)], {
    encoding: 'utf8',
    env: { ...process.env, HOME: home },
  });
  if (wrap.status === 0) return { by: 'wrap' };
  const refusal = `${wrap.stderr}${wrap.stdout}`.trim();
  if (!driver.writeEntryByHand) throw new Error(`caveman-shrink wrap refused ${driver.label}'s config (exit ${wrap.status}): ${refusal}`);
  driver.writeEntryByHand(home, { name: server.name, argv: proxiedArgv(server, variant) });
  return { by: 'harness', wrapRefusal: refusal };
}
