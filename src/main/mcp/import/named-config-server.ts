// One server of a config file named by hand (`mcp --config FILE --server
// NAME`): read as the import reads every config (the file's name may say its
// format), found by its name, and turned into what to start or reach as its
// client would (discovered-target.ts: variables expanded, a wrapped entry's
// own server). Throws NamedServerError saying why when there is none.

import { targetOfDiscovered } from './discovered-target';
import { kindOfConfigPath } from './config-locations';
import { ConfigFormatError, parseConfigText } from './config-parse';
import { readConfigFile } from './discover-servers';
import type { McpTarget } from '../connection/server-target';

export class NamedServerError extends Error {}

export async function namedConfigServer(path: string, name: string, project: string | undefined, env: NodeJS.ProcessEnv, home: string): Promise<McpTarget> {
  let text: string;
  try {
    text = await readConfigFile(path);
  } catch (error) {
    throw new NamedServerError(`cannot read ${path}: ${(error as Error).message}`);
  }
  let servers;
  try {
    servers = parseConfigText(text, kindOfConfigPath(path) ?? 'any');
  } catch (error) {
    if (error instanceof ConfigFormatError) throw new NamedServerError(`${path} is not an MCP client config: ${error.message}`);
    throw error;
  }
  const named = servers.filter((server) => server.name === name && (project === undefined || server.project === project));
  if (named.length === 0) {
    const listed = servers.map((server) => (server.project !== undefined ? `${server.name} (project ${server.project})` : server.name));
    throw new NamedServerError(`no server "${name}" in ${path}; ${listed.length === 0 ? 'it lists no servers' : `it lists: ${listed.join(', ')}`}`);
  }
  if (named.length > 1) {
    const projects = named.map((server) => server.project ?? '(user)').join(', ');
    throw new NamedServerError(`"${name}" is listed ${named.length} times in ${path} (${projects}): name its project with --project`);
  }
  return targetOfDiscovered({ ...named[0]!, configPath: path }, { env, home });
}
