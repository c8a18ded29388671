// Discovery: read the MCP server lists people already keep (see
// config-locations.ts) and describe each server so it can be offered for
// import. Reads files only — nothing is ever started here. A server gets a
// stable id (its file, project and name), so the renderer imports by id and
// never sends a command, an environment or a path back.

import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { McpClient, McpConfigFile, McpServerInfo } from '../../../shared/contracts';
import { MAX_INPUT_BYTES, configTooLargeError } from '../../../shared/errors';
import { redactArgs, redactUrl } from '../../../shared/redact';
import { kindOfConfigPath, projectConfigLocations, userConfigLocations, type ConfigLocation, type LocationEnv } from './config-locations';
import { ConfigFormatError, claudeCodeProjects, parseConfigText, type ParsedServer } from './config-parse';

export interface DiscoveredServer extends ParsedServer {
  id: string;
  client: McpClient;
  /** The file it came from (a picked file in the browser host: its name). */
  configPath: string;
}

export interface Discovery {
  servers: DiscoveredServer[];
  files: McpConfigFile[];
}

export type ReadText = (path: string) => Promise<string>;

/** Reads a config file as UTF-8, refusing anything above 32 MiB; ENOENT comes through as it is. */
export const readConfigFile: ReadText = async (path) => {
  const info = await stat(path);
  if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOTFILE' });
  if (info.size > MAX_INPUT_BYTES) throw configTooLargeError(basename(path), info.size);
  return readFile(path, 'utf8');
};

/** Every server in the known config files: user-level files first, then the project files they (and the current folder) point to. */
export async function discoverServers(where: LocationEnv, read: ReadText = readConfigFile): Promise<Discovery> {
  const servers: DiscoveredServer[] = [];
  const files: McpConfigFile[] = [];
  let projects: string[] = [];

  const visit = async (location: ConfigLocation): Promise<McpConfigFile> => {
    let text: string;
    try {
      text = await read(location.path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return { path: location.path, client: location.client, status: 'missing', servers: 0 };
      return { path: location.path, client: location.client, status: 'unreadable', servers: 0, message: `could not read it: ${(error as Error).message}` };
    }
    if (location.kind === 'claude-code-user') projects = claudeCodeProjects(text);
    return parseInto(text, location, servers);
  };

  for (const location of userConfigLocations(where)) files.push(await visit(location));
  for (const location of projectConfigLocations(where, projects)) {
    // A project without these files is the rule, not news: list only the project files that exist.
    const file = await visit(location);
    if (file.status !== 'missing') files.push(file);
  }
  return { servers, files };
}

/** The servers in a file the person picked (by dialog or file input); its name may say its format (a .toml file is Codex's). */
export function serversInPickedFile(displayName: string, text: string): Discovery {
  const servers: DiscoveredServer[] = [];
  const kind = kindOfConfigPath(displayName) ?? 'any';
  const file = parseInto(text, { path: displayName, client: 'picked', kind, scope: 'user' }, servers);
  return { servers, files: [file] };
}

interface Source {
  path: string;
  client: McpClient;
  kind: ConfigLocation['kind'] | 'any';
  scope: 'user' | 'project';
  project?: string;
}

function parseInto(text: string, source: Source, into: DiscoveredServer[]): McpConfigFile {
  let parsed: ParsedServer[];
  try {
    parsed = parseConfigText(text, source.kind);
  } catch (error) {
    const message = error instanceof ConfigFormatError ? error.message : String(error);
    return { path: source.path, client: source.client, status: 'invalid', servers: 0, message };
  }
  for (const server of parsed) {
    const scope = server.scope ?? source.scope;
    const project = server.project ?? source.project;
    into.push({
      ...server,
      scope,
      ...(project !== undefined ? { project } : {}),
      client: source.client,
      configPath: source.path,
      id: serverId(source.client, source.path, project, server.name),
    });
  }
  return { path: source.path, client: source.client, status: 'found', servers: parsed.length };
}

/**
 * A stable id: the same client, file, project and name give the same id on
 * every discovery. The client is part of it so that a file the page sends
 * (client "picked", named as it likes) can never take the id of a server
 * found in a config file main read itself.
 */
export function serverId(client: McpClient, configPath: string, project: string | undefined, name: string): string {
  return `mcp-${createHash('sha256')
    .update(`${client}\0${configPath}\0${project ?? ''}\0${name}`)
    .digest('hex')
    .slice(0, 24)}`;
}

/** What the renderer may see of a server: no env or header values, secrets in its arguments and URL redacted (src/shared/redact.ts). */
export function serverInfo(server: DiscoveredServer): McpServerInfo {
  return {
    id: server.id,
    name: server.name.length > 255 ? `${server.name.slice(0, 254)}…` : server.name || '(unnamed)',
    transport: server.transport,
    ...(server.command !== undefined ? { command: server.command } : {}),
    ...(server.args !== undefined ? { args: redactArgs(server.args) } : {}),
    ...(server.url !== undefined ? { url: redactUrl(server.url) } : {}),
    ...(server.env && Object.keys(server.env).length > 0 ? { envNames: Object.keys(server.env) } : {}),
    ...(server.headers && Object.keys(server.headers).length > 0 ? { headerNames: Object.keys(server.headers) } : {}),
    client: server.client,
    ...(server.scope !== undefined ? { scope: server.scope } : {}),
    configPath: server.configPath,
    ...(server.project !== undefined ? { project: server.project } : {}),
    ...(server.disabled ? { disabled: true } : {}),
    ...(server.problem !== undefined ? { problem: server.problem } : {}),
  };
}
