// A server launched before the proxy reads it: what it writes meanwhile
// waits in the pipe and reaches the proxy once it starts reading.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChildPeer } from '../../../../src/main/mcp/connection/line-peers';
import type { RpcFrame } from '../../../../src/main/mcp/connection/rpc-frame';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A server that says one thing at once, then leaves a file saying it has, and waits for its stdin to close. */
function eagerServer(marker: string): ChildPeer {
  const script = [
    `process.stdout.write('{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"early"}}\\n', () => {`,
    `  require('node:fs').writeFileSync(${JSON.stringify(marker)}, '');`,
    `  process.stdin.resume();`,
    `});`,
  ].join('\n');
  return new ChildPeer({ command: process.execPath, args: ['-e', script], env: { ...process.env } as Record<string, string> }, 1 << 20);
}

describe('ChildPeer.launch', () => {
  it('keeps what the server wrote before start() for the reader start() attaches', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'child-peer-'));
    dirs.push(dir);
    const marker = join(dir, 'written');
    const peer = eagerServer(marker);
    await peer.launch();
    await vi.waitFor(() => expect(existsSync(marker)).toBe(true), { timeout: 10_000 });
    const frames: RpcFrame[] = [];
    peer.onframe = (frame) => frames.push(frame);
    await peer.start();
    await vi.waitFor(() => expect(frames).toHaveLength(1), { timeout: 10_000 });
    expect(frames[0]!.parsed()).toEqual({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'early' } });
    await expect(peer.start()).rejects.toThrow('started already');
    await peer.close();
  });

  it('reports a command that cannot start when started, however early it was launched', async () => {
    const peer = new ChildPeer({ command: join(tmpdir(), 'no-such-server-anywhere'), args: [], env: {} }, 1 << 20);
    await expect(peer.launch()).rejects.toThrow(/ENOENT/);
    await expect(peer.start()).rejects.toThrow(/ENOENT/);
  });
});
