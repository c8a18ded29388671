// How a found MCP server and a looked-in config file read in a line of text, secrets redacted.

import type { McpConfigFile, McpServerInfo } from '../../../shared/contracts';
import { MCP_CLIENT_NAMES } from '../../../shared/mcp-clients';
import { redactUrl, redactedCommandLine } from '../../../shared/redact';

/** The last folder of a path, for "project app". */
function folderName(path: string): string {
  return (
    path
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() || path
  );
}

export function whereFrom(server: McpServerInfo): string {
  const client = MCP_CLIENT_NAMES[server.client];
  if (server.scope === 'project' && server.project) return `${client} · project ${folderName(server.project)}`;
  if (server.scope === 'local' && server.project) return `${client} · local to ${folderName(server.project)}`;
  return client;
}

export function commandText(server: McpServerInfo): string {
  if (server.transport !== 'stdio') return server.url === undefined ? '(no URL)' : redactUrl(server.url);
  const words = [...(server.command !== undefined ? [server.command] : []), ...(server.args ?? [])];
  const text = redactedCommandLine(words);
  return server.command === undefined ? `(no command) ${text}`.trim() : text;
}

export function fileStatus(file: McpConfigFile): string {
  if (file.status === 'found') return file.servers === 0 ? 'no servers' : `${file.servers} server${file.servers === 1 ? '' : 's'}`;
  if (file.status === 'missing') return 'not found';
  return file.message ?? file.status;
}
