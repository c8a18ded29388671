// The catalogs the harness serves, with the tools the scripted model loads,
// calls and asks caveman_describe about, and the keyword queries its recall
// is measured by (recall-queries.json: query → the tool it is meant to find).
// github-mcp-server's capture and the generated catalog are served by a fake
// MCP server (test/fixtures/mcp/listed-tools-server.mjs: lists a file's tools
// byte for byte, answers every call with "server answered NAME");
// server-filesystem is the real package, so a call returns a real listing
// (its tools declare an output schema, which Gemini CLI checks answers against).

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { memberOf, sourceOf } from '../../src/main/engine/json/json-node';
import { parseJson } from '../../src/main/engine/json/parse-json';
import { FILESYSTEM_BIN } from '../../test/main/mcp/servers';
import { REPO } from './repo';
import { generatedTools } from './generated-catalog';
import queries from './recall-queries.json';

export type CatalogId = keyof typeof queries;

export interface HarnessCatalog {
  id: CatalogId;
  /** The server's name in each client's config: it prefixes every tool name the model sees. */
  server: string;
  /** The tool loaded by name, then called (its answer must come back through the client); its arguments given the run's work folder. */
  callTool: string;
  callArguments(workDir: string): Record<string, unknown>;
  /** The tool caveman_describe is asked about (one the deferring levels shorten). */
  describeTool: string;
  /** query → the tool it is meant to find. */
  queries: Record<string, string>;
}

export const CATALOGS: HarnessCatalog[] = [
  {
    id: 'github-mcp-server',
    server: 'gh',
    callTool: 'list_issues',
    callArguments: () => ({ owner: 'octo-org', repo: 'octo-repo' }),
    describeTool: 'actions_list',
    queries: queries['github-mcp-server'],
  },
  {
    id: 'server-filesystem',
    server: 'fs',
    callTool: 'list_directory',
    callArguments: (workDir) => ({ path: workDir }),
    describeTool: 'search_files',
    queries: queries['server-filesystem'],
  },
  {
    id: 'generated-300',
    server: 'gen',
    callTool: 'calendar_list_events',
    callArguments: () => ({ workspace: 'acme' }),
    describeTool: 'calendar_delete_events',
    queries: queries['generated-300'],
  },
];

export const LISTED_TOOLS_SERVER = join(REPO, 'test/fixtures/mcp/listed-tools-server.mjs');

/** The `tools` array of a captured catalog, as its file wrote it. */
function fixtureToolsText(name: CatalogId): string {
  const text = readFileSync(join(REPO, 'test/fixtures/shared/real', `${name}.json`), 'utf8');
  const doc = parseJson(text);
  return sourceOf(doc, memberOf(doc, doc.root, 'tools')!);
}

/** The server's command line; `workDir` is the folder the client runs in (server-filesystem's allowed folder, and its roots). */
export function serverCommand(catalog: HarnessCatalog, cacheDir: string, workDir: string): string[] {
  if (catalog.id === 'server-filesystem') return [process.execPath, FILESYSTEM_BIN, workDir];
  const dir = join(cacheDir, 'catalogs');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${catalog.id}.json`);
  writeFileSync(file, catalog.id === 'generated-300' ? JSON.stringify(generatedTools()) : fixtureToolsText(catalog.id));
  return [process.execPath, LISTED_TOOLS_SERVER, file];
}
