// An entry's wrap state as the Servers view shows it, read from the entry
// alone: direct, wrapped (with the proxy's options in each spelling its
// command line takes), or not wrappable and why.

import { describe, expect, it } from 'vitest';
import { WRAP_PROXY_FLAGS, proxyArgv, proxyFlags } from '../../../../src/main/mcp/wrap/proxy-launch';
import { proxyOptionsOf, wrapStateOf } from '../../../../src/main/mcp/wrap/wrap-state';
import { runCommand } from '../../../helpers/cli';

const electron = {
  runtime: '/opt/Caveman Shrink/caveman-shrink',
  cli: '/opt/Caveman Shrink/resources/app.asar.unpacked/out/main/cli.js',
  env: { ELECTRON_RUN_AS_NODE: '1' },
};

describe('wrapStateOf', () => {
  it('a server that starts itself is direct', () => {
    expect(wrapStateOf({ transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] })).toEqual({ state: 'direct' });
  });

  it('an entry a wrap wrote is wrapped, with its level, filters and the server it serves', () => {
    const argv = proxyArgv(electron, { level: 'signatures', excludeTools: ['write_file,move_file'] }, { command: 'npx', args: ['-y', 'server x'] });
    expect(wrapStateOf({ transport: 'stdio', ...argv }, electron)).toEqual({
      state: 'wrapped',
      level: 'signatures',
      excludeTools: ['write_file,move_file'],
      serves: 'npx -y "server x"',
    });
    // Another install's entry is recognised by its shape.
    expect(wrapStateOf({ transport: 'stdio', ...argv })).toMatchObject({ state: 'wrapped', level: 'signatures' });
  });

  it('a hand-written proxy entry: --level=…, repeated filters, --share-schemas; an unknown level is left out', () => {
    const args = [
      'caveman-shrink',
      'proxy',
      '--level=leads',
      '--include-tools',
      'get_*',
      '--include-tools=list_*',
      '--share-schemas',
      '--exclude-tools',
      'delete_*',
      '--',
      'node',
      'server.js',
    ];
    expect(wrapStateOf({ transport: 'stdio', command: 'npx', args })).toEqual({
      state: 'wrapped',
      level: 'leads',
      includeTools: ['get_*', 'list_*'],
      excludeTools: ['delete_*'],
      shareSchemas: true,
      serves: 'node server.js',
    });
    expect(wrapStateOf({ transport: 'stdio', command: 'caveman-shrink', args: ['proxy', '--level', 'huge', '--', 'node', 's.js'] })).toEqual({
      state: 'wrapped',
      serves: 'node s.js',
    });
  });

  it('a URL server, or an entry the import cannot start, cannot be wrapped, and says why', () => {
    for (const transport of ['http', 'sse'] as const)
      expect(wrapStateOf({ transport })).toEqual({
        state: 'unwrappable',
        reason:
          `it is reached by URL (${transport}) — wrap rewrites only entries that start a command, since a client's own sign-in to a URL ` +
          'server (OAuth) would not pass through the proxy; "caveman-shrink proxy --url" serves one whose headers are enough',
      });
    expect(wrapStateOf({ transport: 'stdio', problem: 'it has neither a "command" nor a "url"' })).toEqual({
      state: 'unwrappable',
      reason: 'it has neither a "command" nor a "url"',
    });
  });
});

describe('the table of proxy flags wrap writes', () => {
  it('every row is written in order, read back from the entry, and is an option of the wrap command', async () => {
    const options = {
      profile: 'listing',
      level: 'signatures',
      budget: '4000',
      includeTools: ['a*', 'b'],
      excludeTools: ['c'],
      checkCalls: 'all',
      noCheckTools: ['d,e*'],
      noUsage: true,
    };
    const flags = proxyFlags(options);
    expect(flags).toEqual([
      '--profile',
      'listing',
      '--level',
      'signatures',
      '--budget',
      '4000',
      '--include-tools',
      'a*',
      '--include-tools',
      'b',
      '--exclude-tools',
      'c',
      '--check-calls',
      'all',
      '--no-check-tools',
      'd,e*',
      '--no-usage',
    ]);
    // The entry's state reads the budget as the number it is.
    expect(proxyOptionsOf(flags)).toEqual({ ...options, budget: 4000 });
    const help = await runCommand(['wrap', '--help']);
    for (const spec of WRAP_PROXY_FLAGS) {
      expect(flags).toContain(spec.flag);
      expect(help.stdout.toString()).toContain(spec.flag);
    }
  });
});
