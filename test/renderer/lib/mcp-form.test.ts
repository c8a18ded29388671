// The "another server" form of the MCP import dialog, as requests.

import { describe, expect, it } from 'vitest';
import { serverFromForm, splitCommandLine, type McpForm } from '../../../src/renderer/src/lib/mcp-form';

const form = (patch: Partial<McpForm>): McpForm => ({ transport: 'stdio', commandLine: '', envText: '', url: '', headersText: '', ...patch });

describe('MCP import form', () => {
  it('splits a command line like a shell: quotes group, escapes before spaces and quotes, Windows paths survive', () => {
    expect(splitCommandLine('npx -y @modelcontextprotocol/server-everything')).toEqual(['npx', '-y', '@modelcontextprotocol/server-everything']);
    expect(splitCommandLine(`node "/My Files/server.js" --name 'a b' x\\ y ""`)).toEqual(['node', '/My Files/server.js', '--name', 'a b', 'x y', '']);
    expect(splitCommandLine('"C:\\Program Files\\nodejs\\node.exe" C:\\srv\\index.js --q="say \\"hi\\""')).toEqual([
      'C:\\Program Files\\nodejs\\node.exe',
      'C:\\srv\\index.js',
      '--q=say "hi"',
    ]);
    expect(splitCommandLine('   ')).toEqual([]);
    expect(() => splitCommandLine('node "unclosed')).toThrow('a double quote is not closed');
  });

  it('a stdio request with its environment lines; a URL request with its headers', () => {
    expect(serverFromForm(form({ commandLine: 'uvx mcp-server-fetch', envText: '# comment\nAPI_KEY = s3cret\n\nDEBUG=1' }))).toEqual({
      ok: true,
      server: { transport: 'stdio', command: 'uvx', args: ['mcp-server-fetch'], env: { API_KEY: 's3cret', DEBUG: '1' } },
    });
    expect(serverFromForm(form({ transport: 'http', url: ' https://mcp.example.com/mcp ', headersText: 'Authorization: Bearer t:k' }))).toEqual({
      ok: true,
      server: { transport: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer t:k' } },
    });
    expect(serverFromForm(form({ transport: 'sse', url: 'http://127.0.0.1:8000/sse' }))).toEqual({
      ok: true,
      server: { transport: 'sse', url: 'http://127.0.0.1:8000/sse' },
    });
  });

  it('says what to fix', () => {
    expect(serverFromForm(form({}))).toMatchObject({ ok: false, message: expect.stringContaining('Type the command') });
    expect(serverFromForm(form({ commandLine: 'node "x' }))).toEqual({ ok: false, message: 'A double quote is not closed.' });
    expect(serverFromForm(form({ commandLine: 'node', envText: 'not a pair' }))).toEqual({ ok: false, message: 'Environment line 1 is not KEY=value.' });
    expect(serverFromForm(form({ transport: 'http', url: '' }))).toMatchObject({ ok: false, message: expect.stringContaining('Type the server') });
    expect(serverFromForm(form({ transport: 'http', url: 'ftp://x' }))).toEqual({ ok: false, message: 'The URL must start with http:// or https://.' });
    expect(serverFromForm(form({ transport: 'http', url: 'http://x', headersText: 'no colon' }))).toEqual({
      ok: false,
      message: 'Headers line 1 is not Name: value.',
    });
  });
});
