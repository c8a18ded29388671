// The harness's model retries its first step until the client shows the
// server (clients send their first request before their MCP servers are
// listed), then takes every later step once, the same answer for a turn a
// client sends twice.

import { describe, expect, it } from 'vitest';
import { CLAUDE_CODE } from '../../../scripts/clients/drivers/claude-code';
import { scriptPlayer } from '../../../scripts/clients/script-player';
import type { Step } from '../../../scripts/clients/steps';

const steps: Step[] = [
  { kind: 'load-name', tool: 'read_file' },
  { kind: 'call', tool: 'read_file', arguments: { path: '/tmp/a' } },
];

/** A Claude Code request whose last answer is a ToolSearch result naming `found`, after `turns` model turns. */
function requestAfter(turns: number, found: string[]): object {
  const messages: object[] = [{ role: 'user', content: 'go' }];
  for (let turn = 0; turn < turns; turn++) {
    const content = turn === turns - 1 ? found.map((name) => ({ type: 'tool_reference', tool_name: `mcp__fs__${name}` })) : [];
    messages.push({ role: 'assistant', content: [] }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${turn}`, content }] });
  }
  return { messages };
}

describe('scriptPlayer', () => {
  it('takes the first step again while its answer lacks the tool, then the next steps once, then ends', async () => {
    const play = scriptPlayer(CLAUDE_CODE, 'fs', steps, ({ found }) => found.includes('read_file'));
    expect(await play(0, requestAfter(0, []))).toMatchObject({ step: 0, turn: { name: 'ToolSearch', input: { query: 'select:mcp__fs__read_file' } } });
    expect((await play(1, requestAfter(1, [])))?.step).toBe(0);
    expect((await play(2, requestAfter(2, ['read_file'])))?.step).toBe(1);
    expect(await play(3, requestAfter(3, []))).toBeUndefined();
  });

  it('answers a turn sent twice with the step it played the first time', async () => {
    const play = scriptPlayer(CLAUDE_CODE, 'fs', steps, ({ found }) => found.includes('read_file'));
    await play(0, requestAfter(0, []));
    const [first, again] = await Promise.all([play(1, requestAfter(1, ['read_file'])), play(1, requestAfter(1, []))]);
    expect(first?.step).toBe(1);
    expect(again).toEqual(first);
  });
});
