// The proxy's line framing: messages split anywhere across chunks, CRLF,
// blank lines, and each kind of bad line reported once while the lines
// after it still come through.

import { describe, expect, it } from 'vitest';
import { JsonLineReader, leadingId, type UnreadableLine } from '../../../src/main/mcp/json-lines';

function read(chunks: (string | Uint8Array)[], limit = 1024) {
  const messages: unknown[] = [];
  const problems: UnreadableLine[] = [];
  const reader = new JsonLineReader(limit, { message: (m) => messages.push(m), unreadable: (p) => problems.push(p) });
  for (const chunk of chunks) reader.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
  return { messages, problems };
}

describe('JsonLineReader', () => {
  it('joins a message split across chunks (even inside a UTF-8 character) and splits many in one chunk', () => {
    const bytes = new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"method":"é"}\r\n\n{"jsonrpc":"2.0","method":"x"}\n');
    const at = bytes.indexOf(0xc3) + 1;
    const { messages, problems } = read([bytes.subarray(0, at), bytes.subarray(at)]);
    expect(problems).toEqual([]);
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 1, method: 'é' }, { jsonrpc: '2.0', method: 'x' }]);
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

  it('finds the id at the start of an oversized message only where JSON-RPC libraries put it', () => {
    expect(leadingId('{"jsonrpc":"2.0","id":-3,"method"')).toBe(-3);
    expect(leadingId('{ "id" : "a\\"b", "jsonrpc"')).toBe('a"b');
    expect(leadingId('{"jsonrpc":"2.0","method":"x","id":1}')).toBeNull();
    expect(leadingId('{"jsonrpc":"2.0","params":{"id":1}')).toBeNull();
  });
});
