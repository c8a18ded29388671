// The words of a server that never answered: what it was asked, how long we waited, and a first-run note only
// where it can be the reason.

import { describe, expect, it } from 'vitest';
import { ServerDiagnostics } from '../../../../src/main/mcp/connection/server-diagnostics';
import type { McpTarget } from '../../../../src/main/mcp/connection/server-target';

const timedOut = (target: McpTarget) => new ServerDiagnostics(target).explain(new Error('aborted'), { timedOut: true, cancelled: false, timeoutMs: 60_000 });

describe('server diagnostics', () => {
  it('a server that never answers initialize: the command as typed (quoted), the wait, and no npx note for a server not started by one', () => {
    const error = timedOut({ transport: 'stdio', command: 'node', args: ['-e', 'setInterval(()=>{},1000)'] });
    expect(error.code).toBe('cave_mcp_timeout');
    expect(error.message).toBe('the server (node -e "setInterval(()=>{},1000)") did not answer initialize within 60 s');
  });

  it('a server started by a package runner may still be downloading: the message says so, naming the runner', () => {
    expect(timedOut({ transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] }).message).toBe(
      'the server (npx -y @modelcontextprotocol/server-everything) did not answer initialize within 60 s; a server ' +
        'started with npx may still be downloading on its first run: try again once it is installed',
    );
    expect(timedOut({ transport: 'stdio', command: 'uvx', args: ['mcp-server-fetch'] }).message).toMatch(
      /; a server started with uvx may still be downloading/,
    );
    expect(timedOut({ transport: 'http', url: 'https://h/mcp' }).message).toBe('the server at https://h/mcp did not answer initialize within 60 s');
  });
});
