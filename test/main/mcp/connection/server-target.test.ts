// How a server is named in history and described in messages.

import { describe, expect, it } from 'vitest';
import { checkTarget, defaultSourceName, describeTarget, packageRunner } from '../../../../src/main/mcp/connection/server-target';

describe('server targets', () => {
  it('source names: the command, the package a runner runs, or the URL host', () => {
    const stdio = (command: string, ...args: string[]) => defaultSourceName({ transport: 'stdio', command, args });
    expect(stdio('/usr/bin/node', 'dist/index.js')).toBe('mcp:node');
    expect(stdio('C:\\Program Files\\nodejs\\node.exe', 'x.js')).toBe('mcp:node');
    expect(stdio('npx', '-y', '@modelcontextprotocol/server-everything')).toBe('mcp:@modelcontextprotocol/server-everything');
    expect(stdio('npx.cmd', '--yes', 'server-x@1.2.0', '--port', '3')).toBe('mcp:server-x@1.2.0');
    expect(stdio('uvx', 'mcp-server-fetch')).toBe('mcp:mcp-server-fetch');
    expect(stdio('npx')).toBe('mcp:npx');
    expect(defaultSourceName({ transport: 'http', url: 'https://mcp.example.com:8443/mcp?key=x' })).toBe('mcp:mcp.example.com:8443');
  });

  it('descriptions quote what needs it and never include env or headers', () => {
    expect(describeTarget({ transport: 'stdio', command: 'node', args: ['/My Files/s.js', ''], env: { TOKEN: 'secret' } })).toBe('node "/My Files/s.js" ""');
    expect(describeTarget({ transport: 'http', url: 'https://h/mcp', headers: { Authorization: 'Bearer secret' } })).toBe('https://h/mcp');
    // Cut only at an argument boundary, saying how many were left out; the command itself always shows.
    expect(describeTarget({ transport: 'stdio', command: 'node', args: ['s.js', '--mode', 'y'.repeat(200)] }, 20)).toBe('node s.js --mode … (1 more argument)');
    expect(describeTarget({ transport: 'stdio', command: 'x', args: ['y'.repeat(200), 'z'] }, 20)).toBe('x … (2 more arguments)');
    // a word a shell would read differently keeps its quoting (it was shown bare: node -e setInterval(()=>{},1e3)).
    expect(describeTarget({ transport: 'stdio', command: 'node', args: ['-e', 'setInterval(()=>{},1e3)'] })).toBe('node -e "setInterval(()=>{},1e3)"');
    expect(describeTarget({ transport: 'stdio', command: 'sh', args: ['-c', 'echo "$HOME" it\'s'] })).toBe(`sh -c 'echo "$HOME" it'\\''s'`);
  });

  it('says the whole command however long its paths, secrets redacted', () => {
    const deep = `/${'a-long-folder-name/'.repeat(12)}tiny-server.mjs`;
    expect(describeTarget({ transport: 'stdio', command: process.execPath, args: [deep, '--mode', 'exit'] })).toBe(`${process.execPath} ${deep} --mode exit`);
    expect(describeTarget({ transport: 'stdio', command: 'node', args: ['s.js', '--api-key', 'k-123', '--token=t-456', 'GITHUB_TOKEN=ghp_x'] })).toBe(
      'node s.js --api-key *** --token=*** GITHUB_TOKEN=***',
    );
    expect(describeTarget({ transport: 'http', url: 'https://me:pw@h/mcp?token=abc' })).toBe('https://***@h/mcp?token=***');
  });

  it('a History label never takes a secret for the package a runner runs', () => {
    expect(defaultSourceName({ transport: 'stdio', command: 'npx', args: ['--api-key', 'sk-live-1', '-y', '@acme/server'] })).toBe('mcp:@acme/server');
    expect(defaultSourceName({ transport: 'http', url: 'https://me:pw@h.example/mcp?key=1' })).toBe('mcp:h.example');
  });

  it('names the package runner a server starts with, the one that may be downloading it', () => {
    expect(packageRunner({ transport: 'stdio', command: 'npx', args: ['-y', 'x'] })).toBe('npx');
    expect(packageRunner({ transport: 'stdio', command: 'C:\\nodejs\\npx.cmd', args: ['x'] })).toBe('npx');
    expect(packageRunner({ transport: 'stdio', command: 'uvx', args: ['mcp-server-fetch'] })).toBe('uvx');
    expect(packageRunner({ transport: 'stdio', command: 'node', args: ['s.js'] })).toBeNull();
    expect(packageRunner({ transport: 'http', url: 'https://h/mcp' })).toBeNull();
  });

  it('checks what the renderer or a config sent', () => {
    expect(() => checkTarget({ transport: 'stdio', command: '  ', args: [] })).toThrow('the command is empty');
    expect(() => checkTarget({ transport: 'http', url: 'file:///etc/passwd' })).toThrow('is not an http(s) URL');
    expect(() => checkTarget({ transport: 'sse', url: 'not a url' })).toThrow('is not a URL');
    expect(checkTarget({ transport: 'http', url: 'http://127.0.0.1:3001/mcp' })).toMatchObject({ url: 'http://127.0.0.1:3001/mcp' });
  });
});
