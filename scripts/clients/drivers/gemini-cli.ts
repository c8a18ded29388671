// Gemini CLI: the Gemini API against GOOGLE_GEMINI_BASE_URL, MCP servers in
// ~/.gemini/settings.json ("mcpServers", which wrap edits as it does any
// such file). It lists every MCP tool in full, as `mcp_SERVER_TOOL` in
// `functionDeclarations`, each with a `wait_for_previous` parameter of its
// own; it has no tool search.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { geminiGenerate, type GeminiTurn } from '../fake-model/gemini-generate';
import { DESCRIBE_TOOL, type Step } from '../steps';
import { listedServerTools, type ClientDriver } from '../client-driver';

/** A fixed model: "auto" would first ask a routing model to score the prompt. */
const MODEL = 'gemini-2.5-pro';

const functionName = (server: string, tool: string) => `mcp_${server}_${tool}`;

function turn(step: Step, server: string): GeminiTurn {
  switch (step.kind) {
    case 'call':
    case 'wait':
      return { functionCall: { name: functionName(server, step.tool), args: step.arguments } };
    case 'describe':
      return { functionCall: { name: functionName(server, DESCRIBE_TOOL), args: { names: [step.tool] } } };
    default:
      throw new Error(`Gemini CLI has no ${step.kind} step`);
  }
}

export const GEMINI_CLI: ClientDriver<GeminiTurn> = {
  id: 'gemini-cli',
  label: 'Gemini CLI',
  pkg: 'gemini-cli',
  dialect: geminiGenerate,
  steps: new Set(['call', 'describe']),
  configFile: (home) => join(home, '.gemini/settings.json'),
  writeConfig(home, _apiOrigin, server) {
    mkdirSync(join(home, '.gemini'), { recursive: true });
    const mcpServers = server ? { [server.name]: { command: server.argv[0], args: server.argv.slice(1) } } : {};
    writeFileSync(join(home, '.gemini/settings.json'), `${JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } }, mcpServers }, null, 2)}\n`);
  },
  command: (bin) => [bin, '--model', MODEL, '--approval-mode', 'yolo', '--prompt', 'Use the tools.'],
  env: (_home, apiOrigin) => ({ GEMINI_API_KEY: 'dummy', GOOGLE_GEMINI_BASE_URL: apiOrigin, GEMINI_CLI_TRUST_WORKSPACE: 'true' }),
  turn,
  serverParts: (body, server) => listedServerTools(geminiGenerate, body, functionName(server, '')),
  searchResults: () => [],
};
