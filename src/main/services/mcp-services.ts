// The app's "Import from MCP server…": discovery (read the known config
// files — on the mcp worker, never starting anything), a picked config file
// (its content), and import (list a server's tools on the mcp worker, then
// shrink them as an ordinary analysis job with the same id). Discovered
// servers are remembered here by id with their full entries, so the
// renderer imports by id and env or header values never cross to it. Only
// servers from config files main read itself start without the host's
// policy being asked (start-approval.ts).

import { homedir } from 'node:os';
import type { McpDiscovery, McpImportRequest, McpServerRef } from '../../shared/contracts';
import { CavemanError } from '../../shared/errors';
import { choiceFields } from '../../shared/ipc/caveman-api';
import type { WorkerClient } from '../workers/worker-client';
import { LOCATION_VARIABLES, type LocationEnv } from '../mcp/import/config-locations';
import { serverInfo, type DiscoveredServer, type Discovery } from '../mcp/import/discover-servers';
import { targetOfDiscovered } from '../mcp/import/discovered-target';
import { DEFAULT_LIST_TIMEOUT_MS } from '../mcp/import/list-timeout';
import { checkTarget, type McpTarget } from '../mcp/connection/server-target';
import { typedServerName } from './server-source-name';
import { approveStart, startRequestOf, type StartPolicy, type StartRequest } from '../mcp/import/start-approval';
import type { CallContext, Handlers } from './dispatch';
import type { JobRunner } from '../jobs/job-runner';

export interface McpServicesDeps {
  /** The worker that reads config files and talks to servers. */
  worker: Pick<WorkerClient, 'call'>;
  runner: Pick<JobRunner, 'startFetched'>;
  /** Where discovery looks (default: this process's platform, home, environment and folder). */
  where?: () => LocationEnv;
  /**
   * What happens to a server that did not come from discovery (typed into
   * the page, or from a config file the page sent): see start-approval.ts.
   * Default: refused — a page that is not the person must not be able to
   * name a program for main to run or a URL for it to call.
   */
  startPolicy?: StartPolicy | undefined;
}

export interface McpServices {
  handlers: Pick<Handlers, 'discoverMcpServers' | 'readMcpConfig' | 'importMcpServer'>;
  /** The servers in a config file the person picked (Electron's dialog reads it, then calls this). */
  readConfig(displayName: string, bytes: Uint8Array): Promise<McpDiscovery>;
}

/** Picked files add servers; past this many remembered servers the oldest picked ones are forgotten. */
const MAX_REMEMBERED = 2000;

export function createMcpServices(deps: McpServicesDeps): McpServices {
  const where = deps.where ?? (() => ({ platform: process.platform, home: homedir(), env: process.env, cwd: process.cwd() }));
  const known = new Map<string, DiscoveredServer>();

  const remember = (discovery: Discovery, replaceDiscovered: boolean): McpDiscovery => {
    if (replaceDiscovered) for (const [id, server] of known) if (server.client !== 'picked') known.delete(id);
    for (const server of discovery.servers) {
      known.delete(server.id); // re-inserted last: the newest stay when the map is trimmed
      known.set(server.id, server);
    }
    for (const id of known.keys()) {
      if (known.size <= MAX_REMEMBERED) break;
      known.delete(id);
    }
    return { servers: discovery.servers.map(serverInfo), files: discovery.files };
  };

  const readConfig = async (displayName: string, bytes: Uint8Array) => remember(await deps.worker.call('readMcpConfig', { displayName, bytes }), false);

  const resolve = (ref: McpServerRef): { start: StartRequest; name: string } => {
    if ('discoveredId' in ref) {
      const server = known.get(ref.discoveredId);
      if (!server) throw new CavemanError('cave_not_found', 'that server is no longer in the list — look for servers again');
      const env = where();
      const target = targetOfDiscovered(server, { env: env.env, home: env.home });
      return { start: startRequestOf(server, target), name: `mcp:${server.name}` };
    }
    const target: McpTarget =
      ref.transport === 'stdio'
        ? { transport: 'stdio', command: ref.command, args: ref.args ?? [], ...(ref.env ? { env: definedOnly(ref.env) } : {}) }
        : { transport: ref.transport, url: ref.url, ...(ref.headers ? { headers: definedOnly(ref.headers) } : {}) };
    try {
      checkTarget(target);
    } catch (error) {
      throw new CavemanError('cave_bad_request', `cannot import that server: ${(error as Error).message}`);
    }
    return { start: { origin: 'typed', target }, name: typedServerName(target) };
  };

  const policy = deps.startPolicy ?? { kind: 'refuse' };

  const importServer = async ({ server, tokenizer, name, timeoutSeconds, shareSchemas, level, budget }: McpImportRequest, context: CallContext) => {
    const { start, name: defaultName } = resolve(server);
    await approveStart(start, policy);
    const label = clip(name ?? defaultName);
    const timeoutMs = timeoutSeconds !== undefined ? timeoutSeconds * 1000 : DEFAULT_LIST_TIMEOUT_MS;
    return deps.runner.startFetched({ name: label, tokenizer, ...choiceFields({ shareSchemas, level, budget }) }, context, async (signal, onProgress) => {
      const listed = await deps.worker.call(
        'listMcpTools',
        { target: start.target, timeoutMs, name: label },
        { signal, onProgress: (stage, fraction) => onProgress(stage === 'connecting' ? 'connecting' : 'listing', fraction) },
      );
      return listed.bytes;
    });
  };

  return {
    handlers: {
      discoverMcpServers: async () => remember(await deps.worker.call('discoverMcpServers', { where: discoveryWhere(where()) }), true),
      readMcpConfig: ({ fileName, bytes }) => readConfig(fileName, bytes),
      importMcpServer: importServer,
    },
    readConfig,
  };
}

/** What crosses to the worker: only the variables the locations depend on. */
export function discoveryWhere(where: LocationEnv): LocationEnv {
  const env: Record<string, string | undefined> = {};
  for (const key of LOCATION_VARIABLES) if (where.env[key] !== undefined) env[key] = where.env[key];
  return { platform: where.platform, home: where.home, env, cwd: where.cwd };
}

function definedOnly(map: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function clip(name: string): string {
  return name.length > 255 ? `${name.slice(0, 254)}…` : name;
}
