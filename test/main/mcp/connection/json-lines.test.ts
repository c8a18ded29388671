// The proxy's line framing: messages split anywhere across chunks, CRLF,
// blank lines, and each kind of bad line reported once while the lines
// after it still come through; and what it reads is what the SDK's own
// stdio reader reads.

import { ReadBuffer } from '@modelcontextprotocol/sdk/shared/stdio.js';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { JsonLineReader, leadingId, type UnreadableLine } from '../../../../src/main/mcp/connection/json-lines';

function read(chunks: (string | Uint8Array)[], limit = 1024) {
  const messages: unknown[] = [];
  const problems: UnreadableLine[] = [];
  const reader = new JsonLineReader(limit, { message: (m) => messages.push(m.parsed()), unreadable: (p) => problems.push(p) });
  for (const chunk of chunks) reader.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
  return { messages, problems };
}

describe('JsonLineReader', () => {
  it('joins a message split across chunks (even inside a UTF-8 character) and splits many in one chunk', () => {
    const bytes = new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"method":"é"}\r\n\n{"jsonrpc":"2.0","method":"x"}\n');
    const at = bytes.indexOf(0xc3) + 1;
    const { messages, problems } = read([bytes.subarray(0, at), bytes.subarray(at)]);
    expect(problems).toEqual([]);
    expect(messages).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'é' },
      { jsonrpc: '2.0', method: 'x' },
    ]);
  });

  it('reports a line that is not JSON, JSON that is not JSON-RPC, and an oversized line — then goes on', () => {
    const big = `{"jsonrpc":"2.0","id":"big","method":"ping","params":"${'z'.repeat(2000)}"}`;
    const { messages, problems } = read(['{oops\n', '{"id":7}\n', big.slice(0, 700), big.slice(700), '\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n']);
    expect(problems).toEqual([
      { kind: 'not-json', detail: expect.any(String) },
      { kind: 'not-jsonrpc', detail: 'not a JSON-RPC 2.0 message', id: 7 },
      { kind: 'too-large', bytes: big.length, limit: 1024, id: 'big' },
    ]);
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 2, method: 'ping' }]);
  });

  it('reads a 20 MiB line in linear time: each byte copied once, the line joined once, however it is chunked (the SDK reader re-copied it per chunk)', () => {
    const line = new TextEncoder().encode(`{"jsonrpc":"2.0","id":3,"method":"ping","params":{"pad":"${'y'.repeat(20 << 20)}"}}\n`);
    const slice = vi.spyOn(Uint8Array.prototype, 'slice');
    const joins = vi.spyOn(Buffer, 'concat');
    try {
      for (const chunkBytes of [64 << 10, 7919]) {
        slice.mockClear();
        joins.mockClear();
        const messages: unknown[] = [];
        const reader = new JsonLineReader(32 << 20, { message: (m) => messages.push(m.parsed()), unreadable: () => undefined });
        for (let at = 0; at < line.length; at += chunkBytes) reader.push(line.subarray(at, at + chunkBytes));
        expect(messages).toHaveLength(1);
        const copiedBytes = slice.mock.results.reduce((sum, result) => sum + (result.value as Uint8Array).length, 0);
        expect(copiedBytes, `chunks of ${chunkBytes} bytes`).toBe(line.length - 1); // all but the newline
        expect(
          joins.mock.calls.map(([pieces]) => (pieces as Uint8Array[]).length),
          `chunks of ${chunkBytes} bytes`,
        ).toEqual([Math.ceil(line.length / chunkBytes)]);
      }
    } finally {
      slice.mockRestore();
      joins.mockRestore();
    }
  });

  it('finds the id at the start of an oversized message only where JSON-RPC libraries put it', () => {
    expect(leadingId('{"jsonrpc":"2.0","id":-3,"method"')).toBe(-3);
    expect(leadingId('{ "id" : "a\\"b", "jsonrpc"')).toBe('a"b');
    expect(leadingId('{"jsonrpc":"2.0","method":"x","id":1}')).toBeNull();
    expect(leadingId('{"jsonrpc":"2.0","params":{"id":1}')).toBeNull();
  });
});

describe('JsonLineReader against the SDK reader', () => {
  const LINES = [
    '{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"é","description":"中文 🙂"}]}}',
    '{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\r',
    '{"jsonrpc":"2.0","id":"x","error":{"code":-32601,"message":"no"}}',
    '{not json',
    '{"not":"jsonrpc"}',
  ];

  /** Cuts `bytes` at the offsets `at` names (each modulo the length). */
  function cut(bytes: Uint8Array, at: number[]): Uint8Array[] {
    const ends = [...new Set(at.map((n) => n % (bytes.length + 1)))].sort((a, b) => a - b);
    const chunks: Uint8Array[] = [];
    let start = 0;
    for (const end of [...ends, bytes.length]) {
      if (end > start) chunks.push(bytes.subarray(start, end));
      start = Math.max(start, end);
    }
    return chunks;
  }

  /** What the SDK's stdio reader gives for the chunks: each message, or the kind of line it refused. */
  function sdkRead(chunks: Uint8Array[]): unknown[] {
    const reader = new ReadBuffer();
    const seen: unknown[] = [];
    for (const chunk of chunks) {
      reader.append(Buffer.from(chunk));
      for (;;) {
        try {
          const message = reader.readMessage();
          if (message === null) break;
          seen.push(message);
        } catch (error) {
          seen.push(error instanceof SyntaxError ? 'not-json' : 'not-jsonrpc');
        }
      }
    }
    return seen;
  }

  it('reads what the SDK stdio reader reads, however the stream is chunked (UTF-8 characters split too)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LINES), { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 20 }), (lines, at) => {
        const chunks = cut(new TextEncoder().encode(lines.map((line) => `${line}\n`).join('')), at);
        const seen: unknown[] = [];
        const reader = new JsonLineReader(1 << 20, { message: (m) => seen.push(m.parsed()), unreadable: (p) => seen.push(p.kind) });
        for (const chunk of chunks) reader.push(chunk);
        expect(seen).toEqual(sdkRead(chunks));
      }),
      { numRuns: 300 },
    );
  });
});
