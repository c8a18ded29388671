// What the proxy says never carries a secret of the command or URL it was
// given: not its startup line on stderr, and not the JSON-RPC error a
// client (and through it the model) reads when the server cannot be reached.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempStore } from '../../../helpers/cli';
import { INITIALIZE, rawProxy, type RawProxy } from './raw-proxy';
import { TINY_SERVER, freePort } from '../servers';

const SECRET = 's3cret-value-42';

let store: ReturnType<typeof tempStore>;
let proxy: RawProxy | undefined;
beforeEach(() => {
  store = tempStore();
});
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  store.cleanup();
});

describe('caveman-shrink proxy keeps secrets out of what it says', () => {
  it("the startup line names the server's command with its --api-key value redacted", async () => {
    proxy = rawProxy(['--store', store.db], [process.execPath, TINY_SERVER, '--api-key', SECRET, `--token=${SECRET}`]);
    proxy.send({ jsonrpc: '2.0', id: 1, ...INITIALIZE });
    await proxy.next();
    expect(proxy.stderr()).toContain(`tiny-server.mjs --api-key *** --token=*** over stdio`);
    expect(proxy.stderr()).not.toContain(SECRET);
  });

  it('the error a client gets for a URL nobody answers on quotes the URL with its query token redacted', async () => {
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    proxy = rawProxy(['--store', store.db, '--url', `${url}?token=${SECRET}`], []);
    proxy.send({ jsonrpc: '2.0', id: 1, ...INITIALIZE });
    const answer = await proxy.next();
    expect((answer.error as { message: string }).message).toContain(`could not reach ${url}?token=***: connection refused`);
    expect(JSON.stringify(answer)).not.toContain(SECRET);
    await proxy.close();
    expect(proxy.stderr()).not.toContain(SECRET);
  });
});
