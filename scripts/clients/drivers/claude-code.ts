// Claude Code: Anthropic Messages against ANTHROPIC_BASE_URL, MCP servers in
// ~/.claude.json (what wrap edits). By default it defers MCP tools: the model
// sees `mcp__SERVER__TOOL` names in a system message and loads definitions
// with its ToolSearch tool ("select:NAME" or keywords; the loaded tools come
// back as `tool_reference` blocks and join `tools`). With
// ENABLE_TOOL_SEARCH=false it lists every tool in full instead.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { anthropicMessages, type AnthropicTurn } from '../fake-model/anthropic-messages';
import { DESCRIBE_TOOL, type Step } from '../steps';
import { textsIn, listedServerTools, type ClientDriver, type ServerEntry } from '../client-driver';

/** A fixed session and device, so two runs send the same bytes where the catalog is the same. */
const SESSION_ID = '00000000-0000-4000-8000-000000000000';
const DEVICE_ID = '0'.repeat(64);
const MAX_RESULTS = 5;

const mcpName = (server: string, tool: string) => `mcp__${server}__${tool}`;

function turn(step: Step, server: string): AnthropicTurn {
  const search = (query: string): AnthropicTurn => ({ type: 'tool_use', name: 'ToolSearch', input: { query, max_results: MAX_RESULTS } });
  switch (step.kind) {
    case 'load-name':
      return search(`select:${mcpName(server, step.tool)}`);
    case 'load-keywords':
    case 'recall':
      return search(step.query);
    case 'call':
    case 'wait':
      return { type: 'tool_use', name: mcpName(server, step.tool), input: step.arguments };
    case 'describe':
      return { type: 'tool_use', name: mcpName(server, DESCRIBE_TOOL), input: { names: [step.tool] } };
    case 'listing':
      throw new Error('Claude Code has no listing step');
  }
}

function searchResults(answer: readonly object[], server: string): string[] {
  const prefix = mcpName(server, '');
  const names: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const block = value as { type?: string; tool_name?: string };
    if (block.type === 'tool_reference' && typeof block.tool_name === 'string') names.push(block.tool_name.replace(prefix, ''));
    else Object.values(value).forEach(visit);
  };
  visit(answer);
  return names;
}

/**
 * The names of the server's tools a request shows, as the JSON of one text of lines: the deferred ones (lines of a system text) and
 * any already loaded (its `tools`), which the client no longer lists as deferred.
 */
function serverToolNames(body: unknown, server: string): string[] {
  const request = body as { system?: unknown; messages?: unknown };
  const prefix = mcpName(server, '');
  const deferred = textsIn([request.system, request.messages])
    .flatMap((text) => text.split('\n'))
    .filter((line) => line.startsWith(prefix));
  if (deferred.length === 0) return [];
  const loaded = [...anthropicMessages.listedTools(body).keys()].filter((name) => name.startsWith(prefix));
  return [JSON.stringify([...new Set([...deferred, ...loaded])].sort().join('\n')).slice(1, -1)];
}

function claudeCode(id: string, label: string, toolSearch: boolean): ClientDriver<AnthropicTurn> {
  return {
    id,
    label,
    pkg: 'claude-code',
    dialect: anthropicMessages,
    steps: new Set(toolSearch ? ['load-name', 'load-keywords', 'call', 'describe', 'recall'] : ['call', 'describe']),
    configFile: (home) => join(home, '.claude.json'),
    writeConfig(home, _apiOrigin, server?: ServerEntry) {
      const mcpServers = server ? { [server.name]: { command: server.argv[0], args: server.argv.slice(1) } } : {};
      writeFileSync(join(home, '.claude.json'), `${JSON.stringify({ userID: DEVICE_ID, mcpServers }, null, 2)}\n`);
    },
    // -p: one prompt, no UI. Root may not skip permissions, so the server's tools are allowed by name (every tool of it).
    command: (bin, server) => [bin, '-p', 'Use the tools.', '--session-id', SESSION_ID, ...(server ? ['--allowedTools', `mcp__${server}`] : [])],
    env: (_home, apiOrigin) => ({
      ANTHROPIC_BASE_URL: apiOrigin,
      ANTHROPIC_API_KEY: 'sk-ant-dummy',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      ...(toolSearch ? {} : { ENABLE_TOOL_SEARCH: 'false' }),
    }),
    turn,
    serverParts: (body, server) => (toolSearch ? serverToolNames(body, server) : listedServerTools(anthropicMessages, body, mcpName(server, ''))),
    loadedToolPrefix: (server) => mcpName(server, ''),
    searchResults,
  };
}

export const CLAUDE_CODE = claudeCode('claude-code', 'Claude Code', true);
export const CLAUDE_CODE_LISTING = claudeCode('claude-code-listing', 'Claude Code, ENABLE_TOOL_SEARCH=false', false);
