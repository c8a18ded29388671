// The stdio reader given to the SDK's client transport: it reads what the
// SDK's own reader reads, however the stream is chunked, with the same
// errors, but joins each line once instead of once per chunk.

import { Buffer } from 'node:buffer';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ReadBuffer } from '@modelcontextprotocol/sdk/shared/stdio.js';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LinearReadBuffer, readLinearly } from '../../../src/main/mcp/linear-read-buffer';

interface Reader {
  append(chunk: Buffer): void;
  readMessage(): unknown;
}

/** Everything a reader gives for `chunks`: each message, or the error a line or an append threw. */
function drain(reader: Reader, chunks: Buffer[]): unknown[] {
  const seen: unknown[] = [];
  const read = () => {
    for (;;) {
      try {
        const message = reader.readMessage();
        if (message === null) return;
        seen.push(message);
      } catch (error) {
        seen.push(`error: ${(error as Error).name}`);
      }
    }
  };
  for (const chunk of chunks) {
    try {
      reader.append(chunk);
    } catch (error) {
      seen.push(`append error: ${(error as Error).message}`);
    }
    read();
  }
  return seen;
}

function cut(bytes: Buffer, at: number[]): Buffer[] {
  const ends = [...new Set(at.map((n) => n % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const end of [...ends, bytes.length]) {
    if (end > start) chunks.push(bytes.subarray(start, end));
    start = Math.max(start, end);
  }
  return chunks;
}

const LINES = [
  '{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"é","description":"中文 🙂"}]}}',
  '{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\r',
  '{"jsonrpc":"2.0","id":"x","error":{"code":-32601,"message":"no"}}',
  '{not json',
  '{"not":"jsonrpc"}',
  '',
];

afterEach(() => vi.restoreAllMocks());

describe('LinearReadBuffer', () => {
  it('reads what the SDK reader reads, however the stream is chunked (UTF-8 characters split too)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LINES), { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 20 }), (lines, at) => {
        const stream = Buffer.from(lines.map((line) => `${line}\n`).join(''));
        const chunks = cut(stream, at);
        expect(drain(new LinearReadBuffer(1 << 20), chunks)).toEqual(drain(new ReadBuffer({ maxBufferSize: 1 << 20 }), chunks));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a line over the limit with the SDK wording, and takes one exactly at it', () => {
    const line = `{"jsonrpc":"2.0","id":1,"result":{"pad":"${'p'.repeat(100)}"}}`;
    const exact = new LinearReadBuffer(line.length);
    exact.append(Buffer.from(`${line}\n`));
    expect(exact.readMessage()).toMatchObject({ id: 1 });
    const under = new LinearReadBuffer(line.length - 1);
    expect(() => under.append(Buffer.from(line.slice(0, 60)))).not.toThrow();
    expect(() => under.append(Buffer.from(`${line.slice(60)}\n`))).toThrow(`ReadBuffer exceeded maximum size of ${line.length - 1} bytes`);
    expect(under.readMessage()).toBeNull();
  });

  it('keeps its own copy of a partial line (a stream may reuse its chunk)', () => {
    const reader = new LinearReadBuffer(1024);
    const chunk = Buffer.from('{"jsonrpc":"2.0","id":7,');
    reader.append(chunk);
    chunk.fill(0x20);
    reader.append(Buffer.from('"result":{}}\n'));
    expect(reader.readMessage()).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
  });

  it('joins a 1 MiB line once, where the SDK reader joins it once per 4 KiB chunk', () => {
    const line = Buffer.from(`{"jsonrpc":"2.0","id":1,"result":{"pad":"${'p'.repeat(1 << 20)}"}}\n`);
    const chunks = cut(line, Array.from({ length: line.length >> 12 }, (_, i) => (i + 1) << 12));
    const joins = vi.spyOn(Buffer, 'concat');
    expect(drain(new LinearReadBuffer(8 << 20), chunks)).toHaveLength(1);
    expect(joins).toHaveBeenCalledTimes(1);
    joins.mockClear();
    expect(drain(new ReadBuffer({ maxBufferSize: 8 << 20 }), chunks)).toHaveLength(1);
    expect(joins.mock.calls.length).toBeGreaterThan(250);
  });

  it('is what a stdio client transport reads with once given it', () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: ['-e', ''] });
    readLinearly(transport, 1024);
    expect((transport as unknown as { _readBuffer: unknown })._readBuffer).toBeInstanceOf(LinearReadBuffer);
  });
});
