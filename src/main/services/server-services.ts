// The Servers view's channels: the servers in the MCP clients' config files
// at their documented locations with their wrap state (servers:list), a
// server's cost at every level and rendering (servers:measure, a job; all
// of them one after another: servers:measureAll; server-measuring.ts), and
// wrap / unwrap of a server in its config file, previewed first
// (servers:preview, the diff and the backup it names) and then made
// (servers:commit, only when it is still the previewed change).
//
// Only files main discovered itself are ever read or written here: the page
// names a server by the id of its own last listing, never a path, and a
// file the page picked (mcp:readConfig) has no id in this map.

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import type { JobStarted, ServerEditCommit, ServerEditDone, ServerEditPreview, ServerEditRequest, ServerRow, ServersOverview } from '../../shared/contracts';
import { CavemanError } from '../../shared/errors';
import type { TokenizerName } from '../../shared/tokenizers';
import type { WorkerClient } from '../workers/worker-client';
import type { LocationEnv } from '../mcp/import/config-locations';
import { serverInfo, type DiscoveredServer } from '../mcp/import/discover-servers';
import type { StartPolicy } from '../mcp/import/start-approval';
import { backupPathFor } from '../mcp/wrap/config-file';
import { entryRefOf } from '../mcp/wrap/config-document';
import type { Launcher } from '../mcp/wrap/proxy-launch';
import { commitUnwrap, commitWrap, prepareUnwrap, prepareWrap, type PreparedUnwrap, type PreparedWrap } from '../mcp/wrap/wrap-server';
import { words } from '../mcp/wrap/wrap-plan';
import { WrapRefusal } from '../mcp/wrap/wrap-refusal';
import { wrapStateOf } from '../mcp/wrap/wrap-state';
import type { CallContext, Handlers } from './dispatch';
import { discoveryWhere } from './mcp-services';
import { createServerMeasuring } from './server-measuring';

export interface ServerServicesDeps {
  /** The mcp worker: reads the config files, lists a server's tools, measures them. */
  worker: Pick<WorkerClient, 'call'>;
  where?: () => LocationEnv;
  /** Servers of the person's own config files start; a project file's are asked for first (start-approval.ts). */
  startPolicy?: StartPolicy | undefined;
  /** This install as a wrapped entry starts it (app-launcher.ts); throws when it cannot be (no built CLI entry). */
  launcher: () => Launcher;
}

export interface ServerServices {
  handlers: Pick<Handlers, 'listServers' | 'measureServer' | 'measureAllServers' | 'previewServerEdit' | 'commitServerEdit'>;
  /** True when `jobId` was a measuring still under way. */
  cancel(jobId: string): boolean;
  /** Resolves when no measuring is under way. */
  idle(): Promise<void>;
}

export function createServerServices(deps: ServerServicesDeps): ServerServices {
  const where = deps.where ?? (() => ({ platform: process.platform, home: homedir(), env: process.env, cwd: process.cwd() }));
  const policy = deps.startPolicy ?? { kind: 'refuse' };
  /** The servers of the last listing, by id: the only ones the page can name. */
  let known = new Map<string, DiscoveredServer>();
  const measuring = createServerMeasuring({ worker: deps.worker, where, policy });

  const launcherOrNone = (): Launcher | undefined => {
    try {
      return deps.launcher();
    } catch {
      return undefined;
    }
  };

  const rowOf = async (server: DiscoveredServer, launcher: Launcher | undefined): Promise<ServerRow> => {
    const wrap = wrapStateOf(server, launcher);
    if (wrap.state === 'wrapped') {
      const backup = await backupOf(server);
      if (backup !== undefined) wrap.backupPath = backup;
    }
    return { server: serverInfo(server), wrap };
  };

  const listServers = async (): Promise<ServersOverview> => {
    const discovery = await deps.worker.call('discoverMcpServers', { where: discoveryWhere(where()) });
    known = new Map(discovery.servers.map((server) => [server.id, server]));
    const launcher = launcherOrNone();
    return { servers: await Promise.all(discovery.servers.map((server) => rowOf(server, launcher))), files: discovery.files };
  };

  const launcherForWrap = (): Launcher => {
    try {
      return deps.launcher();
    } catch (error) {
      throw new CavemanError('cave_config_refused', `cannot wrap from here: ${(error as Error).message}`);
    }
  };

  const serverOf = (id: string): DiscoveredServer => {
    const server = known.get(id);
    if (!server) throw new CavemanError('cave_not_found', 'that server is not in the list any more — look for servers again');
    return server;
  };

  const measureServer = ({ serverId, tokenizer }: { serverId: string; tokenizer: TokenizerName }, context: CallContext): Promise<JobStarted> =>
    measuring.measure(serverOf(serverId), tokenizer, context);

  const measureAllServers = ({ tokenizer }: { tokenizer: TokenizerName }, context: CallContext) =>
    measuring.measureAll([...known.values()], tokenizer, context);

  const prepare = async (request: ServerEditRequest): Promise<{ server: DiscoveredServer; prepared: PreparedWrap | PreparedUnwrap }> => {
    const server = serverOf(request.serverId);
    const ref = entryRefOf(server);
    return refused(async () => {
      if (request.action === 'unwrap') return { server, prepared: await prepareUnwrap({ config: server.configPath, ref, launcher: launcherOrNone() }) };
      const excluded = request.excludeTools ?? [];
      excluded.forEach(assertFilterableName);
      const unchecked = request.noCheckTools ?? [];
      unchecked.forEach(assertToolPattern);
      const options = {
        level: request.level,
        excludeTools: excluded.length > 0 ? [excluded.join(',')] : undefined,
        checkCalls: request.checkCalls,
        noCheckTools: unchecked.length > 0 ? unchecked : undefined,
      };
      return { server, prepared: await prepareWrap({ config: server.configPath, ref, launcher: launcherForWrap(), options }) };
    });
  };

  const previewServerEdit = async (request: ServerEditRequest): Promise<ServerEditPreview> => {
    const { server, prepared } = await prepare(request);
    const common = {
      serverId: request.serverId,
      action: prepared.action,
      configPath: prepared.read.path,
      diff: prepared.diff,
      backupPath: prepared.backupPath,
      hash: editHash(prepared),
    };
    if (prepared.action === 'wrap') return { ...common, starts: words(prepared.launch), env: { ...prepared.env }, serves: words(prepared.server) };
    return { ...common, serves: wrapStateOf(server).serves ?? '', exact: prepared.exact };
  };

  const commitServerEdit = async ({ hash, ...request }: ServerEditCommit): Promise<ServerEditDone> => {
    const { prepared } = await prepare(request);
    if (editHash(prepared) !== hash) {
      throw new CavemanError('cave_config_refused', `${prepared.read.path} changed since the preview, so it is not the change you saw; nothing was written`);
    }
    await refused(() => (prepared.action === 'wrap' ? commitWrap(prepared) : commitUnwrap(prepared)));
    const overview = await listServers();
    const row = overview.servers.find((each) => each.server.id === request.serverId);
    if (!row) throw new CavemanError('cave_internal', `internal error: ${prepared.read.path} was written, but the server is no longer found in it`);
    return {
      serverId: request.serverId,
      action: prepared.action,
      configPath: prepared.read.path,
      backupPath: prepared.backupPath,
      ...(prepared.action === 'unwrap' ? { exact: prepared.exact } : {}),
      row,
    };
  };

  return {
    handlers: {
      listServers,
      measureServer,
      measureAllServers,
      previewServerEdit,
      commitServerEdit,
    },
    cancel: (jobId) => measuring.cancel(jobId),
    idle: () => measuring.idle(),
  };
}

/** The backup a wrap of this server left beside its file, when it is there. */
async function backupOf(server: DiscoveredServer): Promise<string | undefined> {
  try {
    const path = backupPathFor(await realpath(server.configPath), entryRefOf(server));
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** Same file, same bytes read, same result: the preview a person saw is the change that is made. */
function editHash(prepared: PreparedWrap | PreparedUnwrap): string {
  return createHash('sha256').update(prepared.read.path).update('\0').update(prepared.read.bytes).update('\0').update(prepared.after).digest('hex');
}

/**
 * A ticked-off tool is written as a name for --exclude-tools, which reads
 * globs and comma lists: a name with a glob's or a list's characters would
 * mean other tools too, so it is refused rather than escaped into something
 * a person could not read back (MCP names tools with letters, digits, _ - . /).
 */
function assertFilterableName(name: string): void {
  if (!/^[A-Za-z0-9_./-]+$/.test(name)) {
    throw new CavemanError(
      'cave_config_refused',
      `the tool name ${JSON.stringify(name.slice(0, 80))} holds characters the proxy's tool filter reads as a ` +
        `pattern; nothing was changed — leave it ticked, or wrap with the CLI and a pattern`,
    );
  }
}

/** A --no-check-tools value goes into the entry's args as one word: a line break or a leading dash would not read back as the value it was. */
function assertToolPattern(pattern: string): void {
  if (/[\u0000-\u001f\u007f]/.test(pattern) || pattern.trim().startsWith('-') || pattern.trim() === '') {
    throw new CavemanError(
      'cave_config_refused',
      `the tool pattern ${JSON.stringify(pattern.slice(0, 80))} cannot be written as a --no-check-tools value; nothing was changed`,
    );
  }
}

/** A refusal of the wrap's as the channel's typed failure. */
async function refused<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WrapRefusal) throw new CavemanError('cave_config_refused', error.message);
    throw error;
  }
}
