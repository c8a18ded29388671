// Listing a server's tools: every page, in order, exactly as the server sent
// them — checked against the SDK's own Client on a tiny server we control
// that pages its tools — and a clear, typed message for every way a server
// can fail: it cannot start, exits, hangs, speaks garbage, lists nothing.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { catalogBytes, listServerTools } from '../../../../src/main/mcp/import/list-server-tools';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { ServerDiagnostics } from '../../../../src/main/mcp/connection/server-diagnostics';
import { deadlinePassedAfter } from '../../../helpers/deadline';
import { TINY_SERVER, node, sdkListAll } from '../servers';
import { rejectedCavemanError } from '../../../helpers/caught-error';

const tiny = (...args: string[]) => node(TINY_SERVER, ...args);

describe('listServerTools', () => {
  it('follows every cursor: 11 tools in 6 pages equal what the SDK client lists, in the order and key order the server sent', async () => {
    const target = tiny('--tools', '9', '--page-size', '2');
    const progress: string[] = [];
    const listed = await listServerTools(target, { onProgress: ({ stage, pages, tools }) => progress.push(`${stage}:${pages}:${tools}`) });
    const reference = await sdkListAll(target);
    expect(listed.pages).toBe(6);
    expect(reference.pages).toBe(6);
    expect(listed.tools).toHaveLength(11);
    expect(listed.tools).toEqual(reference.tools);
    expect(listed.server).toEqual({ name: 'tiny-test-server', version: '1.0.0' });
    expect(progress).toEqual(['connecting:0:0', 'listing:0:0', 'listing:1:2', 'listing:2:4', 'listing:3:6', 'listing:4:8', 'listing:5:10', 'listing:6:11']);

    // Not re-parsed through the SDK's schemas: "$schema" stays first in inputSchema, where the server put it
    // (the SDK client's own objects move it after "type", "properties" and "required").
    const text = new TextDecoder().decode(catalogBytes(listed.tools));
    expect(text.startsWith('{"tools":[{"name":"echo","description":"Echoes the message back.')).toBe(true);
    expect(text).toContain('"inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"');
    // Deterministic: the same server gives the same bytes.
    expect(new TextDecoder().decode(catalogBytes((await listServerTools(target)).tools))).toBe(text);
  });

  it('a server with no tools is an empty list, not an error (the caller decides)', async () => {
    const listed = await listServerTools(tiny('--mode', 'empty'));
    expect(listed).toMatchObject({ tools: [], pages: 1 });
    expect(new TextDecoder().decode(catalogBytes(listed.tools))).toBe('{"tools":[]}');
  });

  it('a command that does not exist', async () => {
    const error = await rejectedCavemanError(listServerTools({ transport: 'stdio', command: 'caveman-no-such-command', args: [] }));
    expect(error.code).toBe('cave_mcp_unreachable');
    expect(error.message).toBe('could not start "caveman-no-such-command": no such command or file (is it installed and on the PATH?)');
  });

  it('a server that exits before it answers, named by its whole command wherever the clone is, quoting its stderr', async () => {
    const error = await rejectedCavemanError(listServerTools(tiny('--mode', 'exit')));
    expect(error.code).toBe('cave_mcp_unreachable');
    expect(error.message).toBe(
      `the server (${process.execPath} ${TINY_SERVER} --mode exit) exited before it answered initialize; ` +
        'its stderr ends with: tiny-server: cannot open its configuration file, giving up',
    );
  });

  it('a failure quotes no secret: not from the command, not from what the server wrote on stderr', () => {
    const secret = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    const diagnostics = new ServerDiagnostics({ transport: 'stdio', command: 'node', args: ['s.js', '--api-key', 'k-42', `--token=${secret}`] });
    diagnostics.recordStderr(`login failed for Authorization: Bearer abcdefgh-1234 (token ${secret})\n`);
    diagnostics.recordClosed();
    const error = diagnostics.explain(new McpError(ErrorCode.ConnectionClosed, 'Connection closed'), { timedOut: false, cancelled: false, timeoutMs: 0 });
    expect(error.message).toBe(
      'the server (node s.js --api-key *** --token=***) exited before it answered initialize; ' +
        'its stderr ends with: login failed for Authorization: Bearer *** (token ***)',
    );
  });

  it('a server that crashes while listing', async () => {
    const error = await rejectedCavemanError(listServerTools(tiny('--mode', 'crash')));
    expect(error.code).toBe('cave_mcp_unreachable');
    expect(error.message).toMatch(/exited before it answered tools\/list; its stderr ends with: tiny-server: fatal: kaboom while listing tools$/);
  });

  it('a server that hangs: a timeout that names what it waited for, and the server is stopped', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'caveman-tiny-')), 'pid');
    // The deadline falls once initialize was answered and tools/list went out (deadline.ts), so it always waited for tools/list.
    let listing!: () => void;
    const listed = new Promise<void>((resolve) => (listing = resolve));
    const onProgress = ({ stage }: { stage: string }) => void (stage === 'listing' && listing());
    const error = await rejectedCavemanError(
      deadlinePassedAfter(listed, 5000, () => listServerTools(tiny('--mode', 'hang', '--pid-file', pidFile), { timeoutMs: 5000, onProgress })),
    );
    expect(error.code).toBe('cave_mcp_timeout');
    expect(error.message).toMatch(/did not answer tools\/list within 5 s$/);
    // Stopped before the failure was handed out: its process is gone (signal 0 only asks whether it exists; it wrote its id first thing).
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
    rmSync(dirname(pidFile), { recursive: true, force: true });
  });

  it('a program that does not speak MCP', async () => {
    // It never answers, so the timeout ends the call: the deadline falls once its banner was read (deadline.ts).
    const record = ServerDiagnostics.prototype.recordUnreadable;
    let read!: () => void;
    const bannerRead = new Promise<void>((resolve) => (read = resolve));
    const unreadable = vi.spyOn(ServerDiagnostics.prototype, 'recordUnreadable').mockImplementation(function (this: ServerDiagnostics, problem) {
      record.call(this, problem);
      read();
    });
    const error = await rejectedCavemanError(deadlinePassedAfter(bannerRead, 10_000, () => listServerTools(tiny('--mode', 'garbage'), { timeoutMs: 10_000 })));
    unreadable.mockRestore();
    expect(error.code).toBe('cave_mcp_protocol');
    expect(error.message).toMatch(/does not speak MCP: it wrote text that is not JSON \("Hello! I a…"\) on stdout and never answered initialize$/);
    // A program that prints something and exits says so at once, without waiting for the timeout.
    const echo = await rejectedCavemanError(
      listServerTools({ transport: 'stdio', command: process.execPath, args: ['-e', 'console.log("usage: whatever")'] }, { timeoutMs: 20_000 }),
    );
    expect(echo.code).toBe('cave_mcp_protocol');
    expect(echo.message).toMatch(/closed the connection before it answered initialize/);
  });

  it('cancelled by the caller', async () => {
    const controller = new AbortController();
    // Cancelled while it waits for tools/list (the hanging server never answers it): the turn after the request goes out.
    const pending = listServerTools(tiny('--mode', 'hang'), {
      signal: controller.signal,
      onProgress: ({ stage }) => stage === 'listing' && setImmediate(() => controller.abort()),
    });
    expect((await rejectedCavemanError(pending)).code).toBe('cave_cancelled');
  });

  it('cancelled the moment the listing starts: the request already sent is settled, never an unhandled rejection', async () => {
    const controller = new AbortController();
    const pending = listServerTools(tiny('--mode', 'hang'), {
      signal: controller.signal,
      onProgress: ({ stage }) => stage === 'listing' && controller.abort(),
    });
    expect((await rejectedCavemanError(pending)).code).toBe('cave_cancelled');
  });

  it('a URL nobody answers on', async () => {
    const error = await rejectedCavemanError(listServerTools({ transport: 'http', url: 'http://127.0.0.1:1/mcp' }, { timeoutMs: 5000 }));
    expect(error.code).toBe('cave_mcp_unreachable');
    expect(error.message).toMatch(/^could not (reach|talk to) http:\/\/127\.0\.0\.1:1\/mcp/);
  });
});

/** A stdio server in a few lines: its one tool's description is the two variables it was started with. */
const ENV_SERVER =
  `
const seen = JSON.stringify({ electron: process.env.ELECTRON_RUN_AS_NODE ?? null, kept: process.env.CAVEMAN_TEST_KEPT ?? null });
const reply = (id, result) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result }) + '\\n');
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.method === 'initialize') reply(message.id, { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, ` +
  `serverInfo: { name: 'env', version: '1' } });
  else if (message.method === 'tools/list') reply(message.id, { tools: [{ name: 'env', description: seen, inputSchema: { type: 'object' } }] });
  else if (message.id !== undefined) reply(message.id, {});
});`;

describe('the environment a stdio server is started with', () => {
  it("is ours without ELECTRON_RUN_AS_NODE (set only to run our own binary as Node), as the proxy's child gets it; the \
target's env still sets it", async () => {
    const baseEnv = { ...process.env, ELECTRON_RUN_AS_NODE: '1', CAVEMAN_TEST_KEPT: 'kept' };
    const seen = async (env?: Record<string, string>) => {
      const listed = await listServerTools(
        { transport: 'stdio', command: process.execPath, args: ['-e', ENV_SERVER], ...(env ? { env } : {}) },
        { baseEnv, timeoutMs: 30_000 },
      );
      return JSON.parse((listed.tools[0] as { description: string }).description) as unknown;
    };
    expect(await seen()).toEqual({ electron: null, kept: 'kept' });
    expect(await seen({ ELECTRON_RUN_AS_NODE: '1' })).toEqual({ electron: '1', kept: 'kept' });
  });
});
