// `caveman-shrink mcp` (in this process, and once as a separate process the
// way users run it): the catalog on stdout, one JSON report line on stderr, the original in the
// store under the reported handle — and the exit codes of docs/cli.md plus 1
// for a server that could not be reached or listed.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { validatorFor, describeErrors } from '../../../../src/main/contracts/contract-validator';
import { catalogBytes, listServerTools } from '../../../../src/main/mcp/import/list-server-tools';
import { sameSelectionProfile, selectionProfile, shrink } from '../../../../src/main/lib';
import { CONTRACT_IDS } from '../../../../src/shared/contracts';
import { reportLine, runCli, runCommand, tempStore } from '../../../helpers/cli';
import { deadlinePassedAfter } from '../../../helpers/deadline';
import { EVERYTHING_BIN, TINY_SERVER, node, startHttpEverything } from '../servers';

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

let http: Awaited<ReturnType<typeof startHttpEverything>>;
beforeAll(async () => {
  http = await startHttpEverything();
});
afterAll(() => http?.stop());

const validLine = (line: unknown) => {
  const validate = validatorFor(CONTRACT_IDS.cliShrinkLine);
  expect(validate(line), describeErrors(validate.errors)).toBe(true);
};

describe('caveman-shrink mcp', () => {
  it('lists server-everything over stdio, shrinks it, and stores exactly the catalog the server listed (as a process)', async () => {
    const run = await runCli(['mcp', '--store', store.db, '--', process.execPath, EVERYTHING_BIN]);
    expect(run.status, run.stderr).toBe(0);
    const line = reportLine(run);
    validLine(line);
    expect(line).toMatchObject({ basis: 'inferred', tokenizer: 'o200k_base', recovery_handle: expect.stringMatching(/^ccr_[0-9a-f]{32}$/) });
    expect(line.tokens_after as number).toBeLessThan(line.tokens_before as number);

    const listed = catalogBytes((await listServerTools(node(EVERYTHING_BIN))).tools);
    const recovered = await runCli(['recover', String(line.recovery_handle), '--store', store.db]);
    expect(recovered.status).toBe(0);
    expect(recovered.stdout.equals(Buffer.from(listed))).toBe(true);
    expect(sameSelectionProfile(selectionProfile(run.stdout), selectionProfile(listed))).toBe(true);

    const history = JSON.parse((await runCommand(['history', '--json', '--store', store.db])).stdout.toString('utf8'));
    expect(history.entries[0]).toMatchObject({ handle: line.recovery_handle, source_name: 'mcp:server-everything/index.js', tool_count: 13 });
  });

  it('follows every page of a paging server; --name labels it in history', async () => {
    const run = await runCommand(['mcp', '--store', store.db, '--name', 'mcp:tiny', '--', process.execPath, TINY_SERVER, '--tools', '9', '--page-size', '2']);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.toString('utf8')).tools).toHaveLength(11);
    const history = JSON.parse((await runCommand(['history', '--json', '--store', store.db])).stdout.toString('utf8'));
    expect(history.entries[0]).toMatchObject({ source_name: 'mcp:tiny', tool_count: 11 });
  });

  it('takes --level and --share-schemas: the catalog is what the library shrinks with them', async () => {
    const listed = catalogBytes((await listServerTools(node(EVERYTHING_BIN))).tools);
    for (const options of [
      ['--level', 'signatures'],
      ['--level', 'full', '--share-schemas'],
    ]) {
      const run = await runCommand(['mcp', '--store', store.db, ...options, '--', process.execPath, EVERYTHING_BIN]);
      expect(run.status, run.stderr).toBe(0);
      const expected = await shrink(listed, {
        store: ':memory:',
        level: options[1] as 'signatures' | 'full',
        shareSchemas: options.includes('--share-schemas'),
      });
      expect(run.stdout.equals(Buffer.from(expected.result.output)), options.join(' ')).toBe(true);
    }
    const facts = await shrink(listed, { store: ':memory:' });
    const signatures = await runCommand(['mcp', '--store', store.db, '--level', 'signatures', '--', process.execPath, EVERYTHING_BIN]);
    expect(signatures.stdout.length).toBeLessThan(facts.result.output.length);
    expect((await runCommand(['mcp', '--level', 'most', '--', process.execPath, EVERYTHING_BIN])).status).toBe(2);
  });

  it('connects to a streamable HTTP server with --url', async () => {
    const run = await runCommand(['mcp', '--store', store.db, '--url', http.url]);
    expect(run.status, run.stderr).toBe(0);
    expect(reportLine(run)).toMatchObject({ recovery_handle: expect.stringMatching(/^ccr_/) });
    const history = JSON.parse((await runCommand(['history', '--json', '--store', store.db])).stdout.toString('utf8'));
    expect(history.entries[0].source_name).toMatch(/^mcp:127\.0\.0\.1:\d+$/);
  });

  it('a server with no tools: an empty catalog on stdout, exit 0, and a note saying so', async () => {
    const run = await runCommand(['mcp', '--store', store.db, '--', process.execPath, TINY_SERVER, '--mode', 'empty']);
    expect(run.status).toBe(0);
    expect(run.stdout.toString('utf8')).toBe('{"tools":[]}');
    const line = reportLine(run);
    validLine(line);
    expect(line).toMatchObject({ note: 'the server listed no tools: nothing to shrink, nothing was stored' });
    expect(line.recovery_handle).toBeUndefined();
    // --strict: that pass-through exits 3 (for CI), with the same output; a shrunk listing still exits 0.
    const strict = await runCommand(['mcp', '--strict', '--store', store.db, '--', process.execPath, TINY_SERVER, '--mode', 'empty']);
    expect(strict.status).toBe(3);
    expect(strict.stdout.toString('utf8')).toBe('{"tools":[]}');
    const shrunk = await runCommand(['mcp', '--strict', '--store', store.db, '--', process.execPath, TINY_SERVER, '--tools', '3']);
    expect(shrunk.status, shrunk.stderr).toBe(0);
  });

  it('a server that crashes, hangs or cannot start: one sentence on stderr, nothing on stdout, exit 1', async () => {
    const crash = await runCommand(['mcp', '--store', store.db, '--', process.execPath, TINY_SERVER, '--mode', 'crash']);
    expect(crash.status).toBe(1);
    expect(crash.stdout.length).toBe(0);
    expect(crash.stderr).toMatch(
      /^caveman-shrink mcp: the server \(.*\) exited before it answered tools\/list; its stderr ends with: tiny-server: fatal: kaboom while listing tools — nothing was written to stdout or stored\n$/,
    );

    // It names what it waited for: the 8 s deadline falls once tools/list went out (deadline.ts).
    const request = Client.prototype.request;
    let listing!: () => void;
    const listed = new Promise<void>((resolve) => (listing = resolve));
    const requests = vi.spyOn(Client.prototype, 'request').mockImplementation(function (this: Client, ...args: Parameters<Client['request']>) {
      if (args[0].method === 'tools/list') listing();
      return request.apply(this, args);
    });
    const hang = await deadlinePassedAfter(listed, 8000, () =>
      runCommand(['mcp', '--timeout', '8', '--store', store.db, '--', process.execPath, TINY_SERVER, '--mode', 'hang']),
    );
    requests.mockRestore();
    expect(hang.status).toBe(1);
    expect(hang.stderr).toMatch(/did not answer tools\/list within 8 s — nothing was written to stdout or stored\n$/);

    const missing = await runCommand(['mcp', '--store', store.db, '--', 'caveman-no-such-command']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('could not start "caveman-no-such-command": no such command or file');
  });

  it('usage mistakes exit 2', async () => {
    for (const args of [
      ['mcp'],
      ['mcp', '--url', 'http://x/mcp', '--', 'node'],
      ['mcp', '--url', 'ftp://x'],
      ['mcp', '--header', 'A: b', '--', 'node'],
      ['mcp', '--env', 'NOEQUALS', '--', 'node'],
    ]) {
      const run = await runCommand(args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('error:');
      expect(run.stdout.length).toBe(0);
    }
  });

  it('everything after the command is the server’s, options included', async () => {
    // --tools and --page-size belong to the tiny server, not to caveman-shrink (no -- needed).
    const run = await runCommand(['mcp', '--store', store.db, process.execPath, TINY_SERVER, '--tools', '1', '--page-size', '1']);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.toString('utf8')).tools.map((tool: { name: string }) => tool.name)).toEqual(['echo', 'tool_01', 'grow']);
  });
});
