// The proxy core in memory for tests: two fake peers, the listing made on
// this thread (identity, or shrunk as the proxy's worker makes it), and the
// server's side of a tools/list answered by hand.

import { startToolsProxy, type ToolsProxyOptions } from '../../../../src/main/mcp/proxy/tools-proxy';
import { proxyListing } from '../../../../src/main/mcp/proxy/proxy-listing';
import { FakePeer } from './fake-peer';

export const tick = () => new Promise((resolve) => setImmediate(resolve));
export const encode = (text: string) => new TextEncoder().encode(text);

/** A shrinking listing on this thread, as the proxy's worker makes it. */
export const shrinking = (log: (note: string) => void = () => undefined): Pick<ToolsProxyOptions, 'shrinkTools'> => ({
  shrinkTools: (tools) =>
    proxyListing(tools, { store: ':memory:', tokenizer: 'o200k_base', sourceName: 't', level: 'leads', shareSchemas: false, describeTool: true, log }),
});

export async function proxyInMemory(options: Partial<ToolsProxyOptions> = {}) {
  const upstream = new FakePeer();
  const downstream = new FakePeer();
  const logged: string[] = [];
  const proxy = await startToolsProxy({
    upstream,
    downstream,
    log: (line) => logged.push(line),
    shrinkTools: async (tools) => ({ tools }),
    coalesceMs: 5,
    ...options,
  });
  return { upstream, downstream, proxy, logged };
}

/** Answers the proxy's pending tools/list with `result` (raw JSON text). */
export function answerListing(upstream: FakePeer, result: string | Uint8Array) {
  const id = upstream.sent.filter((m) => m.method === 'tools/list').at(-1)!.id as number;
  const bytes = typeof result === 'string' ? encode(result) : result;
  upstream.receiveBytes(Buffer.concat([encode(`{"jsonrpc":"2.0","id":${id},"result":`), bytes, encode('}')]));
}
