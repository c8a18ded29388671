// The proxy's server launched before the option parser loads: only for the
// plain form (nothing before -- that changes the start), taken by the
// command only for the same command line and no --env, stopped otherwise.

import { describe, expect, it } from 'vitest';
import { launchEarly, stopUntaken, takeEarly } from '../../../src/main/cli/early-server';

const server = [process.execPath, '-e', 'process.stdin.resume()'];

describe('the early server', () => {
  it('is launched for the plain form and handed over once, for the same command line', async () => {
    launchEarly(['--store', 'x.db', '--level', 'leads', '--', ...server]);
    expect(takeEarly([...server, 'other'], undefined)).toBeUndefined();
    const peer = takeEarly(server, undefined);
    expect(peer).toBeDefined();
    expect(takeEarly(server, undefined)).toBeUndefined();
    await peer!.launch();
    await peer!.close();
  });

  it('is not launched when an option changes the start, and not taken with --env', async () => {
    for (const flags of [['--env', 'A=1'], ['-eA=1'], ['--url', 'http://x'], ['-H', 'A: b'], ['--sse']]) {
      launchEarly([...flags, '--', ...server]);
      expect(takeEarly(server, undefined), flags.join(' ')).toBeUndefined();
    }
    launchEarly(['--', ...server]);
    expect(takeEarly(server, { A: '1' })).toBeUndefined();
    // Not taken: stopped, and nothing is left to take.
    await stopUntaken();
    expect(takeEarly(server, undefined)).toBeUndefined();
  });

  it('without -- or a command after it, nothing is launched', () => {
    launchEarly(['--level', 'leads']);
    launchEarly(['--']);
    expect(takeEarly([], undefined)).toBeUndefined();
  });
});
