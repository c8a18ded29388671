// No false refusal on the reference servers: valid calls of
// server-everything and server-filesystem, as their READMEs and tests make
// them, go through `caveman-shrink proxy --check-calls all` to the real
// server; the proxy refuses none of them and says no refusal on stderr.
// One wrong call of each shows the check is on.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempStore } from '../../../helpers/cli';
import { EVERYTHING_BIN, FILESYSTEM_BIN } from '../servers';
import { INITIALIZE, rawProxy } from './raw-proxy';

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

const NOT_CALLED = 'was not called: the server never saw these arguments';

/** Each call through a proxy checking every call: the answers' texts, in order. */
async function throughCheckingProxy(server: string[], calls: [string, unknown][]): Promise<{ texts: string[]; refused: boolean[]; stderr: string }> {
  const proxy = rawProxy(['--store', store.db, '--check-calls', 'all'], server);
  try {
    proxy.send({ jsonrpc: '2.0', id: 0, ...INITIALIZE });
    await proxy.next();
    proxy.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    proxy.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    await proxy.next();
    const texts: string[] = [];
    const refused: boolean[] = [];
    for (const [n, [name, args]] of calls.entries()) {
      proxy.send({ jsonrpc: '2.0', id: 10 + n, method: 'tools/call', params: { name, arguments: args } });
      let answer = await proxy.next();
      while (answer.id !== 10 + n) answer = await proxy.next(); // notifications the server sends meanwhile
      const result = answer.result as { content?: { text?: string }[] } | undefined;
      const text = result?.content?.[0]?.text ?? JSON.stringify(answer);
      texts.push(text);
      refused.push(text.includes(NOT_CALLED));
    }
    return { texts, refused, stderr: proxy.stderr() };
  } finally {
    await proxy.close();
  }
}

describe('checked calls on the reference servers', () => {
  it('server-everything: every valid call reaches the server', async () => {
    const calls: [string, unknown][] = [
      ['echo', { message: 'Hello, world!' }],
      ['get-sum', { a: 2, b: 3.5 }],
      ['get-env', {}],
      ['get-tiny-image', {}],
      ['get-annotated-message', { messageType: 'error' }],
      ['get-annotated-message', { messageType: 'success', includeImage: true }],
      ['get-resource-reference', { resourceId: 5 }],
      ['get-resource-reference', { resourceType: 'Blob', resourceId: 2 }],
      ['get-resource-links', { count: 10 }],
      ['get-resource-links', {}],
      ['get-structured-content', { location: 'New York' }],
      ['trigger-long-running-operation', { duration: 0.2, steps: 2 }],
      ['toggle-simulated-logging', {}],
      ['toggle-simulated-logging', {}],
      ['get-sum', { a: 1, b: 2, note: 'extra members are allowed here' }],
    ];
    const wrong: [string, unknown][] = [['get-sum', { a: '2', b: 3 }]];
    const { refused, texts, stderr } = await throughCheckingProxy([process.execPath, EVERYTHING_BIN], [...calls, ...wrong]);
    expect(refused).toEqual([...calls.map(() => false), true]);
    expect(texts[0]).toContain('Hello, world!');
    expect(texts.at(-1)!.split('\n')[0]).toBe('/a must be a number');
    expect(stderr.match(/refused, not relayed/g)).toHaveLength(1);
    expect(stderr).not.toContain('unchecked');
  });

  it('server-filesystem: every valid call reaches the server', async () => {
    const root = mkdtempSync(join(tmpdir(), 'caveman-fs-calls-'));
    try {
      mkdirSync(join(root, 'docs'));
      writeFileSync(join(root, 'docs/a.txt'), 'one\ntwo\nthree\n');
      writeFileSync(join(root, 'docs/b.md'), '# b\n');
      const at = (path: string) => join(root, path);
      const calls: [string, unknown][] = [
        ['list_allowed_directories', {}],
        ['read_text_file', { path: at('docs/a.txt') }],
        ['read_text_file', { path: at('docs/a.txt'), head: 2 }],
        ['read_file', { path: at('docs/a.txt'), tail: 1 }],
        ['read_multiple_files', { paths: [at('docs/a.txt'), at('docs/b.md')] }],
        ['write_file', { path: at('docs/c.txt'), content: 'hello' }],
        ['edit_file', { path: at('docs/c.txt'), edits: [{ oldText: 'hello', newText: 'hi' }], dryRun: true }],
        ['edit_file', { path: at('docs/c.txt'), edits: [{ oldText: 'hello', newText: 'hi' }] }],
        ['create_directory', { path: at('docs/new/deeper') }],
        ['list_directory', { path: at('docs') }],
        ['list_directory_with_sizes', { path: at('docs'), sortBy: 'size' }],
        ['directory_tree', { path: root }],
        ['directory_tree', { path: root, excludePatterns: ['**/new'] }],
        ['move_file', { source: at('docs/c.txt'), destination: at('docs/new/c.txt') }],
        ['search_files', { path: root, pattern: '*.txt' }],
        ['search_files', { path: root, pattern: '**/*.md', excludePatterns: ['new/**'] }],
        ['get_file_info', { path: at('docs/a.txt') }],
      ];
      const wrong: [string, unknown][] = [['read_multiple_files', { paths: [] }]];
      const { refused, texts, stderr } = await throughCheckingProxy([process.execPath, FILESYSTEM_BIN, root], [...calls, ...wrong]);
      expect(refused).toEqual([...calls.map(() => false), true]);
      expect(texts[1]).toBe('one\ntwo\nthree\n');
      expect(texts.at(-1)!.split('\n')[0]).toBe('/paths must have at least 1 item');
      expect(stderr.match(/refused, not relayed/g)).toHaveLength(1);
      expect(stderr).not.toContain('unchecked');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
