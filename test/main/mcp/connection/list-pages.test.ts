// One tools/list loop for the import and the proxy: every page in order, one
// page limit, one size cap, one sentence for each — and the proxy, which had
// no cap, now stops a listing larger than the largest message it reads.

import { describe, expect, it } from 'vitest';
import type { RpcMessage } from '../../../../src/main/mcp/connection/line-peers';
import { FakePeer } from '../proxy/fake-peer';
import { MAX_MESSAGE_BYTES, MAX_PAGES, listAllPages, type ToolsPage } from '../../../../src/main/mcp/connection/list-pages';
import { startToolsProxy } from '../../../../src/main/mcp/proxy/tools-proxy';
import { rejectedCavemanError } from '../../../helpers/caught-error';

const texts = (pages: ToolsPage<string>[]) => ({
  asked: [] as (string | undefined)[],
  page(cursor: string | undefined, at: number) {
    this.asked.push(cursor);
    return Promise.resolve(pages[at]!);
  },
  bytesOf: (tool: string) => Buffer.byteLength(tool),
});

describe('listAllPages', () => {
  it('follows each cursor, keeps the order, and counts the catalog {"tools":[…]} the tools make', async () => {
    const reader = texts([{ tools: ['{"name":"é"}', '{"name":"b"}'], nextCursor: 'p2' }, { tools: [], nextCursor: 'p3' }, { tools: ['{"name":"c"}'] }]);
    const progress: [number, number][] = [];
    const listed = await listAllPages({ ...reader, page: reader.page.bind(reader), onPage: (pages, tools) => progress.push([pages, tools]) });
    expect(listed).toEqual({
      tools: ['{"name":"é"}', '{"name":"b"}', '{"name":"c"}'],
      pages: 3,
      bytes: Buffer.byteLength(`{"tools":[${listed.tools.join(',')}]}`),
    });
    expect(reader.asked).toEqual([undefined, 'p2', 'p3']);
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
      [3, 3],
    ]);
    expect((await listAllPages(texts([{ tools: [] }]))).bytes).toBe('{"tools":[]}'.length);
  });

  it('stops a server that loops: a cursor that comes back, or more than MAX_PAGES pages', async () => {
    const loop = await rejectedCavemanError(
      listAllPages(
        texts([
          { tools: [], nextCursor: 'a' },
          { tools: [], nextCursor: 'b' },
          { tools: [], nextCursor: 'a' },
        ]),
      ),
    );
    expect(loop).toMatchObject({ code: 'cave_mcp_protocol', message: 'the server\'s pagination loops: cursor "a" came back' });
    const endless = await rejectedCavemanError(listAllPages({ page: (_cursor, at) => Promise.resolve({ tools: [], nextCursor: `c${at}` }), bytesOf: () => 0 }));
    expect(endless).toMatchObject({
      code: 'cave_mcp_protocol',
      message: `the server handed out more than ${MAX_PAGES} pages of tools; it seems to be looping`,
    });
  });

  it('stops a listing larger than the largest message, and takes one exactly at it', async () => {
    const sized = (bytes: number) => ({ page: () => Promise.resolve({ tools: [bytes] }), bytesOf: (tool: number) => tool });
    expect((await listAllPages(sized(MAX_MESSAGE_BYTES - 12))).bytes).toBe(MAX_MESSAGE_BYTES);
    const over = await rejectedCavemanError(listAllPages(sized(MAX_MESSAGE_BYTES - 11)));
    expect(over).toMatchObject({
      code: 'cave_input_too_large',
      message: "the server's listing is more than 33.0 MiB, above the 32 MiB limit — nothing was stored",
    });
  });
});

describe("the proxy's listing", () => {
  it('answers the client with an error, asking for no more pages, once the listing outgrows the largest message (it listed without end before)', async () => {
    const upstream = new FakePeer();
    const downstream = new FakePeer();
    const proxy = await startToolsProxy({ upstream, downstream, log: () => undefined, shrinkTools: async (tools) => ({ tools }) });
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const tool = `{"name":"t","description":"${'x'.repeat(12 << 20)}"}`;
    downstream.receive({ jsonrpc: '2.0', id: 'list', method: 'tools/list' });
    for (let page = 1; page <= 4; page++) {
      await tick();
      const asked = upstream.sent.at(-1)!;
      if (upstream.sent.length !== page) break;
      const line = `{"jsonrpc":"2.0","id":${JSON.stringify(asked.id)},"result":{"tools":[${tool}],"nextCursor":"p${page}"}}`;
      upstream.receive(JSON.parse(line) as RpcMessage, line);
    }
    await tick();
    expect(upstream.sent.map((m) => m.method)).toEqual(['tools/list', 'tools/list', 'tools/list']);
    expect(downstream.sent).toEqual([
      {
        jsonrpc: '2.0',
        id: 'list',
        error: { code: -32603, message: "the server's listing is more than 33.0 MiB, above the 32 MiB limit — nothing was stored" },
      },
    ]);
    await proxy.close();
  });
});
