// Turns a discovered config entry into something to connect to, the way its
// client would: `${VAR}` and `${VAR:-default}` (Claude Code), `${env:VAR}`,
// `${userHome}` and `${workspaceFolder}` (Cursor) are expanded in command,
// args, env, cwd, url and headers from main's environment — at import time,
// so expanded values never reach the renderer. An unset variable stays as
// written (Claude Code does the same). Project servers run in their project
// folder. An entry wrapped to start through caveman-shrink proxy is imported
// from the server it proxies: through the proxy the import would list, and
// store as the original, tools that are already shrunk.

import { isAbsolute, resolve, sep } from 'node:path';
import { CavemanError } from '../../../shared/errors';
import type { DiscoveredServer } from './discover-servers';
import type { McpTarget } from '../connection/server-target';
import { proxiedArgv } from '../wrap/proxy-launch';

export interface ExpansionContext {
  env: Readonly<Record<string, string | undefined>>;
  home: string;
}

export function expandVariables(text: string, context: ExpansionContext, project?: string): string {
  return text.replace(/\$\{([^}]+)\}/g, (whole, inner: string) => {
    if (inner.startsWith('env:')) return context.env[inner.slice(4)] ?? whole;
    if (inner === 'userHome') return context.home;
    if (inner === 'workspaceFolder') return project ?? whole;
    if (inner === 'pathSeparator' || inner === '/') return sep;
    const at = inner.indexOf(':-');
    const name = at >= 0 ? inner.slice(0, at) : inner;
    const value = context.env[name];
    if (value !== undefined) return value;
    return at >= 0 ? inner.slice(at + 2) : whole;
  });
}

/** The server to connect to; throws cave_bad_request when the entry cannot be imported as written. */
/** `server`: a discovered one, or one of a file named by hand (no id or client of its own). */
export function targetOfDiscovered(server: Omit<DiscoveredServer, 'id' | 'client'> & Partial<DiscoveredServer>, context: ExpansionContext): McpTarget {
  if (server.problem !== undefined) throw new CavemanError('cave_bad_request', `${server.name} in ${server.configPath} cannot be imported: ${server.problem}`);
  const expand = (text: string) => expandVariables(text, context, server.project);
  const expandMap = (map: Record<string, string> | undefined) =>
    map ? Object.fromEntries(Object.entries(map).map(([key, value]) => [key, expand(value)])) : undefined;

  if (server.transport === 'stdio') {
    const cwd = server.cwd !== undefined ? expand(server.cwd) : undefined;
    const folder = cwd !== undefined && server.project !== undefined && !isAbsolute(cwd) ? resolve(server.project, cwd) : (cwd ?? server.project);
    const env = expandMap(server.env);
    const written = { command: expand(server.command ?? ''), args: (server.args ?? []).map(expand) };
    const argv = proxiedArgv(written)?.server ?? written;
    return {
      transport: 'stdio',
      command: argv.command,
      args: argv.args,
      ...(env ? { env } : {}),
      ...(folder !== undefined ? { cwd: folder } : {}),
    };
  }
  const headers = expandMap(server.headers);
  return { transport: server.transport, url: expand(server.url ?? ''), ...(headers ? { headers } : {}) };
}

/** A server to measure: one its client starts (not disabled) and that can be started as written. */
export function measurable(server: Pick<DiscoveredServer, 'problem' | 'disabled'>): boolean {
  return server.problem === undefined && server.disabled !== true;
}
