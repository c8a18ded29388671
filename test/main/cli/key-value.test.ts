// KEY=VALUE options, read one way by every command: `mcp` and `proxy` give a
// server the same environment for the same --env (proxy kept the spaces and
// took " =x" as a key), and --header takes `Name: value` or `Name=value`.

import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parsePairs } from '../../../src/main/cli/key-value';
import { UsageError } from '../../../src/main/cli/usage-error';
import { targetFromOptions } from '../../../src/main/cli/commands/mcp-command';
import { runProxyCommand } from '../../../src/main/cli/commands/proxy-command';
import { DEFAULT_TOKENIZER } from '../../../src/shared/tokenizers';
import { runCommand } from '../../helpers/cli';

const env = { flag: '--env', shape: 'KEY=VALUE' };

describe('parsePairs', () => {
  it('splits at the first separator and trims key and value', () => {
    expect(parsePairs(['A=1', ' B = two words ', 'C=x=y', 'D='], env)).toEqual({ A: '1', B: 'two words', C: 'x=y', D: '' });
    expect(parsePairs(['Authorization: Bearer s3cret', 'X-Key=k'], { flag: '--header', shape: 'Name: value', separator: /[:=]/ })).toEqual({
      Authorization: 'Bearer s3cret',
      'X-Key': 'k',
    });
  });

  it('has nothing to say for no items, and refuses an item without a key', () => {
    expect(parsePairs([], env)).toBeUndefined();
    for (const item of ['NOEQUALS', '=x', ' =x'])
      expect(() => parsePairs([item], env)).toThrow(new UsageError(`--env ${JSON.stringify(item)} is not KEY=VALUE`));
  });

  it('is what mcp reads --env and --header with', () => {
    expect(targetFromOptions(['node', 's.js'], { env: [' A = 1 '] })).toEqual({ transport: 'stdio', command: 'node', args: ['s.js'], env: { A: '1' } });
    expect(targetFromOptions([], { url: 'http://h/mcp', header: ['K: v'] })).toEqual({ transport: 'http', url: 'http://h/mcp', headers: { K: 'v' } });
  });

  it('is what proxy reads --env with: an item without a key is a usage mistake, before any server starts', async () => {
    const io = { stdin: Readable.from([]), stdout: new PassThrough(), stderr: new PassThrough() };
    await expect(runProxyCommand(['caveman-no-such-command'], { tokenizer: DEFAULT_TOKENIZER, env: [' =x'] }, io)).rejects.toThrow(
      new UsageError('--env " =x" is not KEY=VALUE'),
    );
  });
});

describe('what no request could send is a usage mistake at the start, for mcp and proxy alike', () => {
  it.each(['mcp', 'proxy'])('%s: a line break in --header, a user:pass@ in --url: exit 2 with one line, the secret not shown', async (command) => {
    const url = 'http://127.0.0.1:9/mcp';
    const broken = await runCommand([command, '--url', url, '--header', 'X-Team: a\r\nX-Evil: 1']);
    expect(broken.status).toBe(2);
    expect(broken.stderr).toContain('error: --header "X-Team: a\\r\\nX-Evil: 1" holds a line break or NUL, which no HTTP header can carry');
    const secret = await runCommand([command, '--url', url, '--header', 'Authorization: Bearer s3cret\r\nX-Evil: 1']);
    expect(secret.status).toBe(2);
    expect(secret.stderr).not.toContain('s3cret');
    const credentials = await runCommand([command, '--url', 'http://me:pw-42@127.0.0.1:9/mcp']);
    expect(credentials.status).toBe(2);
    expect(credentials.stderr).toContain(
      'error: --url http://***@127.0.0.1:9/mcp carries a user name or password, which HTTP clients do not send from a URL: ' +
        'give them as a header instead (--header "Authorization: Basic …")',
    );
    expect(credentials.stderr).not.toContain('pw-42');
    expect((await runCommand([command, '--url', url, '--header', 'Bad Name: v'])).status).toBe(2);
  });
});
