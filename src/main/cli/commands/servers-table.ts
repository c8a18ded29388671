// The tables `caveman-shrink servers` prints: the servers of the known
// client configs (client, name, wrapped or not, file, command with secrets
// redacted), and with --measure what each costs the model per request —
// as configured and through the proxy at each level — added up per client
// and across every config.

import type { ServerWrapState } from '../../../shared/contracts';
import { LEVELS } from '../../../shared/levels';
import { wrappedListing } from '../../../shared/profiles';
import { MCP_CLIENT_NAMES } from '../../../shared/mcp-clients';
import { redactedCommandLine, redactUrl } from '../../../shared/redact';
import { sumCostLines, type ServerCostLine } from '../../../shared/server-cost-table';
import type { DiscoveredServer } from '../../mcp/import/discover-servers';
import { formatInt as count } from '../../../shared/format-figures';
import { formatTable } from '../format-table';

export interface ListedServer {
  server: DiscoveredServer;
  wrap: ServerWrapState;
}

export interface MeasuredServer extends ListedServer {
  /** The measurement, or why there is none. */
  outcome: { ok: true; line: ServerCostLine; tools: number } | { ok: false; reason: string };
}

export function clientOf(server: DiscoveredServer): string {
  const client = MCP_CLIENT_NAMES[server.client];
  return server.scope === 'project' || server.scope === 'local' ? `${client} (${server.scope})` : client;
}

export function stateOf({ server, wrap }: ListedServer): string {
  if (wrap.state === 'wrapped') return `wrapped · ${wrappedListing(wrap, server.client).said}`;
  if (wrap.state === 'unwrappable') return server.transport === 'stdio' ? 'not wrappable' : `URL (${server.transport})`;
  return server.disabled ? 'direct, disabled' : 'direct';
}

/** What the entry starts or reaches, secrets redacted. */
export function commandOf(server: DiscoveredServer): string {
  if (server.transport !== 'stdio') return server.url !== undefined ? redactUrl(server.url) : '(no URL)';
  return server.command !== undefined ? redactedCommandLine([server.command, ...(server.args ?? [])]) : '(no command)';
}

export function listingTable(servers: readonly ListedServer[]): string {
  const rows = servers.map((each) => [clientOf(each.server), each.server.name, stateOf(each), each.server.configPath, commandOf(each.server)]);
  return formatTable(['CLIENT', 'NAME', 'STATE', 'FILE', 'COMMAND'], rows, [0, 1, 2, 3, 4]);
}

/** Each measured server's row, then each client's total and the total across every config. */
export function measureTable(measured: readonly MeasuredServer[]): string {
  const done = measured.flatMap((each) => (each.outcome.ok ? [{ ...each, line: each.outcome.line, tools: each.outcome.tools }] : []));
  const figures = (line: ServerCostLine, tools: string) => {
    const mark = line.estimate ? '≈' : '';
    return [tools, `${mark}${count(line.asConfigured)}`, ...LEVELS.map((level) => `${mark}${count(line.levels[level])}`)];
  };
  const rows: string[][] = [];
  // Each client's servers, then (for more than one) what that client sends on every request with all of them.
  for (const client of new Set(done.map((each) => clientOf(each.server)))) {
    const mine = done.filter((each) => clientOf(each.server) === client);
    rows.push(...mine.map((each) => [client, each.server.name, ...figures(each.line, String(each.tools))]));
    if (mine.length > 1) rows.push([client, `total (${mine.length})`, ...figures(sumCostLines(mine.map((each) => each.line)), total(mine))]);
  }
  rows.push(['all configs', `total (${done.length})`, ...figures(sumCostLines(done.map((each) => each.line)), total(done))]);
  const header = ['CLIENT', 'SERVER', 'TOOLS', 'AS CONFIGURED', ...LEVELS.map((level) => level.toUpperCase())];
  return formatTable(header, rows, [0, 1]);
}

function total(servers: readonly { tools: number }[]): string {
  return String(servers.reduce((sum, each) => sum + each.tools, 0));
}
