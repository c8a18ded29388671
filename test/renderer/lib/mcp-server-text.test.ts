// How a found MCP server and a looked-in config file read in the import dialog and the Servers view.

import { describe, expect, it } from 'vitest';
import type { McpServerInfo } from '../../../src/shared/contracts';
import { commandText, fileStatus, whereFrom } from '../../../src/renderer/src/lib/mcp-server-text';

const server = (patch: Partial<McpServerInfo>): McpServerInfo => ({
  id: 'a',
  name: 'a',
  transport: 'stdio',
  client: 'cursor',
  configPath: '/home/me/.cursor/mcp.json',
  ...patch,
});

describe('MCP server text', () => {
  it('says which client a server is from, and the folder of a project or local one', () => {
    expect(whereFrom(server({}))).toBe('Cursor');
    expect(whereFrom(server({ client: 'claude-code', scope: 'project', project: '/home/me/app/' }))).toBe('Claude Code · project app');
    expect(whereFrom(server({ client: 'claude-code', scope: 'local', project: 'C:\\work\\site' }))).toBe('Claude Code · local to site');
    expect(whereFrom(server({ scope: 'user', project: '/home/me/app' }))).toBe('Cursor');
  });

  it('shows the command line or URL with its secrets hidden, and what is missing', () => {
    expect(commandText(server({ command: 'npx', args: ['-y', 'srv', '--api-key', 'abc123'] }))).toBe('npx -y srv --api-key ***');
    expect(commandText(server({ args: ['--flag'] }))).toBe('(no command) --flag');
    expect(commandText(server({ transport: 'http', url: 'https://mcp.example.com/mcp?token=abc' }))).toBe('https://mcp.example.com/mcp?token=***');
    expect(commandText(server({ transport: 'sse' }))).toBe('(no URL)');
  });

  it('counts the servers of a found file and says why another was not read', () => {
    expect(fileStatus({ path: 'p', client: 'cursor', status: 'found', servers: 1 })).toBe('1 server');
    expect(fileStatus({ path: 'p', client: 'cursor', status: 'found', servers: 3 })).toBe('3 servers');
    expect(fileStatus({ path: 'p', client: 'cursor', status: 'found', servers: 0 })).toBe('no servers');
    expect(fileStatus({ path: 'p', client: 'cursor', status: 'missing', servers: 0 })).toBe('not found');
    expect(fileStatus({ path: 'p', client: 'cursor', status: 'invalid', servers: 0, message: 'line 3: a comma is missing' })).toBe(
      'line 3: a comma is missing',
    );
    expect(fileStatus({ path: 'p', client: 'cursor', status: 'unreadable', servers: 0 })).toBe('unreadable');
  });
});
