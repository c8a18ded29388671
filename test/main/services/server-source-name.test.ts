import { describe, expect, it } from 'vitest';
import { typedServerName } from '../../../src/main/services/server-source-name';

const stdio = (command: string, ...args: string[]) => typedServerName({ transport: 'stdio', command, args });

describe('the history name of a server started from a typed command', () => {
  it('names the script an interpreter runs, so node servers are told apart (all three were mcp:node)', () => {
    expect(stdio('/usr/bin/node', '/srv/tiny-server.mjs', '--tools', '3')).toBe('mcp:tiny-server.mjs');
    expect(stdio('node', 'listed-tools-server.mjs')).toBe('mcp:listed-tools-server.mjs');
    expect(stdio('C:\\Program Files\\nodejs\\node.exe', '--enable-source-maps', 'C:\\srv\\weather.js')).toBe('mcp:weather.js');
    expect(stdio('python3', '-u', 'servers/fetch_server.py')).toBe('mcp:fetch_server.py');
  });

  it('keeps the folder of a script whose name says nothing by itself, past build folders', () => {
    expect(stdio('node', '/x/node_modules/@modelcontextprotocol/server-everything/dist/index.js')).toBe('mcp:server-everything/index.js');
    expect(stdio('python', '/home/me/weather/server.py')).toBe('mcp:weather/server.py');
    expect(stdio('node', './index.js')).toBe('mcp:index.js');
  });

  it('names any other command as before: the package a runner starts, the command, the URL host', () => {
    expect(stdio('npx', '-y', '@modelcontextprotocol/server-github')).toBe('mcp:@modelcontextprotocol/server-github');
    expect(stdio('/usr/local/bin/my-server', '--port', '3000')).toBe('mcp:my-server');
    expect(stdio('node', '--token', 'abc123')).toBe('mcp:node');
    expect(typedServerName({ transport: 'http', url: 'https://mcp.example.com/mcp' })).toBe('mcp:mcp.example.com');
  });
});
