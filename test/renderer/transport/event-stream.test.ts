// The browser host's event stream on the page side, and the token it reads from the page.

import { describe, expect, it } from 'vitest';
import { readApiToken } from '../../../src/renderer/src/transport/create-api';
import { backoffDelay, takeLines } from '../../../src/renderer/src/transport/event-stream';

describe('event stream helpers', () => {
  it('splits NDJSON into complete lines and keeps the rest', () => {
    const lines: string[] = [];
    expect(takeLines('{"a":1}\n\n{"b"', (line) => lines.push(line))).toBe('{"b"');
    expect(lines).toEqual(['{"a":1}']);
  });

  it('backs off up to 8 s', () => {
    expect([0, 1, 2, 10].map(backoffDelay)).toEqual([250, 500, 1000, 8000]);
  });

  it('reads the last non-empty token meta', () => {
    const metas = [{ content: '' }, { content: ' tok ' }];
    expect(readApiToken({ querySelectorAll: () => metas } as unknown as Document)).toBe('tok');
    expect(readApiToken({ querySelectorAll: () => [] } as unknown as Document)).toBe('');
  });
});
