// Codex: the Responses API through a custom model provider in
// ~/.codex/config.toml, MCP servers as [mcp_servers.NAME] tables there. It
// defers MCP tools: the model sees only "Deferred tool namespaces: -
// mcp__SERVER". Its default model runs in code mode: one `exec` tool that
// runs JavaScript, where `ALL_TOOLS` lists every tool's name, description and
// TypeScript declaration and `tools.mcp__SERVER__TOOL(…)` calls one. A model
// without code mode loads definitions with `tool_search` (BM25), whose
// answer adds them under the server's namespace.

import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openaiResponses, type ResponsesTurn } from '../fake-model/openai-responses';
import { DESCRIBE_TOOL, type Step } from '../steps';
import { textsIn, type ClientDriver, type ServerEntry } from '../client-driver';

/** A model of Codex's own catalog (`codex debug models`) that has tool_search but not code mode. */
const TOOL_SEARCH_MODEL = 'gpt-5.5';
/** tool_search's own default. */
const SEARCH_LIMIT = 8;
const PROVIDER = 'caveman-fake';

const namespace = (server: string) => `mcp__${server}`;
const tomlString = (text: string) => JSON.stringify(text);

/**
 * The server's table. Its tools are approved up front, as Claude Code's are with --allowedTools and Gemini CLI's with yolo:
 * under Codex's default ("auto") a tool without `readOnlyHint` asks first, and `codex exec` (approval never) refuses it.
 */
function entryToml(server: ServerEntry): string {
  const args = server.argv.slice(1).map(tomlString).join(', ');
  return `[mcp_servers.${server.name}]\ncommand = ${tomlString(server.argv[0]!)}\nargs = [${args}]\ndefault_tools_approval_mode = "approve"\n`;
}

function configToml(apiOrigin: string, model: string | undefined, server: ServerEntry | undefined): string {
  const lines = [
    ...(model ? [`model = ${tomlString(model)}`] : []),
    `model_provider = ${tomlString(PROVIDER)}`,
    '',
    `[model_providers.${PROVIDER}]`,
    'name = "fake model API"',
    `base_url = ${tomlString(`${apiOrigin}/v1`)}`,
    'wire_api = "responses"',
  ];
  return `${lines.join('\n')}\n${server ? `\n${entryToml(server)}` : ''}`;
}

/** The server's table is the file's last: replaced by the given entry. */
function replaceEntry(file: string, server: ServerEntry): void {
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(`[mcp_servers.${server.name}]`);
  if (at < 0) throw new Error(`${file} has no [mcp_servers.${server.name}] table`);
  writeFileSync(file, text.slice(0, at) + entryToml(server));
}

const exec = (index: number, code: string): ResponsesTurn => ({ type: 'custom_tool_call', call_id: `call_${index}`, name: 'exec', input: code });

/** Code mode: each step is a script for `exec`; results are printed one text item per content block. */
function codeModeTurn(step: Step, server: string, index: number): ResponsesTurn {
  const prefix = `${namespace(server)}__`;
  const printResult = (tool: string, args: object) =>
    `const result = await tools.${prefix}${tool}(${JSON.stringify(args)});\nfor (const item of result.content) text(item.text);`;
  switch (step.kind) {
    case 'listing':
      return exec(
        index,
        `for (const tool of ALL_TOOLS.filter((tool) => tool.name.startsWith(${JSON.stringify(prefix)}))) text(\`\${tool.name}: \${tool.description}\`);`,
      );
    case 'load-name':
      return exec(index, `text(ALL_TOOLS.find((tool) => tool.name === ${JSON.stringify(prefix + step.tool)}).description);`);
    case 'call':
    case 'wait':
      return exec(index, printResult(step.tool, step.arguments));
    case 'describe':
      return exec(index, printResult(DESCRIBE_TOOL, { names: [step.tool] }));
    default:
      throw new Error(`Codex's code mode has no ${step.kind} step`);
  }
}

function toolSearchTurn(step: Step, server: string, index: number): ResponsesTurn {
  const search = (query: string, limit: number): ResponsesTurn => ({
    type: 'tool_search_call',
    call_id: `call_${index}`,
    execution: 'client',
    arguments: { query, limit },
  });
  const call = (name: string, args: object): ResponsesTurn => ({
    type: 'function_call',
    call_id: `call_${index}`,
    namespace: namespace(server),
    name,
    arguments: JSON.stringify(args),
  });
  switch (step.kind) {
    case 'load-name':
      return search(step.tool, 1);
    case 'load-keywords':
    case 'recall':
      return search(step.query, SEARCH_LIMIT);
    case 'call':
    case 'wait':
      return call(step.tool, step.arguments);
    case 'describe':
      return call(DESCRIBE_TOOL, { names: [step.tool] });
    case 'listing':
      throw new Error('tool_search mode has no listing step');
  }
}

/** The server's tools an ALL_TOOLS listing shows (one `NAME: description` text each), up to where Codex cut its output. */
function listedNames(answer: readonly object[], server: string): string[] {
  const line = new RegExp(`^${namespace(server)}__(\\w+): `, 'gm');
  return textsIn(answer).flatMap((text) => [...text.matchAll(line)].map((match) => match[1]!));
}

function searchResults(answer: readonly object[], server: string): string[] {
  type Found = { type?: string; name?: string; tools?: Found[] };
  const found = answer.flatMap((item) => ((item as Found).type === 'tool_search_output' ? ((item as Found).tools ?? []) : []));
  return found.flatMap((entry) =>
    entry.type === 'namespace'
      ? (entry.tools ?? []).map((tool) => (entry.name === namespace(server) ? tool.name! : `${entry.name}.${tool.name}`))
      : [entry.name!],
  );
}

function codex(id: string, label: string, model: string | undefined): ClientDriver<ResponsesTurn> {
  const codeMode = model === undefined;
  const configFile = (home: string) => join(home, '.codex/config.toml');
  return {
    id,
    label,
    pkg: 'codex',
    dialect: openaiResponses,
    steps: new Set(codeMode ? ['listing', 'load-name', 'call', 'describe'] : ['load-name', 'load-keywords', 'call', 'describe', 'recall']),
    configFile,
    writeConfig(home, apiOrigin, server) {
      mkdirSync(join(home, '.codex'), { recursive: true });
      writeFileSync(configFile(home), configToml(apiOrigin, model, server));
    },
    writeEntryByHand: (home, server) => replaceEntry(configFile(home), server),
    command: (bin) => [bin, 'exec', '--skip-git-repo-check', 'Use the tools.'],
    env: () => ({}),
    turn: (step, server, index) => (codeMode ? codeModeTurn : toolSearchTurn)(step, server, index),
    serverParts: (body, server) => {
      const line = `- ${namespace(server)}`;
      return textsIn(body).some((text) => text.split('\n').includes(line)) ? [line] : [];
    },
    searchResults: codeMode ? listedNames : searchResults,
    wholeListingTokens: (texts) => {
      const said = texts.map((text) => /original token count: (\d+)/.exec(text)).find(Boolean);
      return said ? Number(said[1]) : undefined;
    },
  };
}

export const CODEX = codex('codex', 'Codex (its default model: code mode)', undefined);
export const CODEX_TOOL_SEARCH = codex('codex-tool-search', `Codex (${TOOL_SEARCH_MODEL}: tool_search)`, TOOL_SEARCH_MODEL);
