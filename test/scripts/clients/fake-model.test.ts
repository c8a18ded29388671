// The fake model APIs the real-client harness runs the clients against: each
// answers a conversation request with the turn its player picks, in the wire
// format the client parses (server-sent events here), keeps every body
// exactly as sent, and ends the script with the final text.

import { createParser } from 'eventsource-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { anthropicMessages, type AnthropicTurn } from '../../../scripts/clients/fake-model/anthropic-messages';
import { FINAL_TEXT, startFakeModel, type FakeModel, type ModelDialect } from '../../../scripts/clients/fake-model/fake-model-server';
import { geminiGenerate, type GeminiTurn } from '../../../scripts/clients/fake-model/gemini-generate';
import { openaiResponses, type ResponsesTurn } from '../../../scripts/clients/fake-model/openai-responses';

let model: FakeModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

/** Starts a fake model whose script is `turns` in order, one per model turn. */
async function scripted<Turn>(dialect: ModelDialect<Turn>, turns: Turn[]): Promise<FakeModel> {
  model = await startFakeModel(dialect, async (turn) => (turn < turns.length ? { step: turn, turn: turns[turn]! } : undefined));
  return model;
}

async function events(origin: string, path: string, body: object): Promise<{ event: string | undefined; data: unknown }[]> {
  const response = await fetch(`${origin}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const parsed: { event: string | undefined; data: unknown }[] = [];
  const parser = createParser({ onEvent: (event) => parsed.push({ event: event.event, data: JSON.parse(event.data) }) });
  parser.feed(await response.text());
  return parsed;
}

describe('the Anthropic Messages fake', () => {
  const call: AnthropicTurn = { type: 'tool_use', name: 'ToolSearch', input: { query: 'select:mcp__fs__read_file', max_results: 5 } };

  it('streams the turn the conversation has reached: a tool_use whose input arrives as JSON deltas', async () => {
    const { origin, requests } = await scripted(anthropicMessages, [call]);
    const body = { model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] };
    const stream = await events(origin, '/v1/messages?beta=true', body);
    expect(stream.map((event) => event.event)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(stream[1]!.data).toMatchObject({ content_block: { type: 'tool_use', name: 'ToolSearch', input: {} } });
    expect(JSON.parse((stream[2]!.data as { delta: { partial_json: string } }).delta.partial_json)).toEqual(call.input);
    expect(stream[4]!.data).toMatchObject({ delta: { stop_reason: 'tool_use' } });
    expect(requests).toMatchObject([{ path: '/v1/messages?beta=true', body: JSON.stringify(body), turn: 0, step: 0 }]);
  });

  it('ends the conversation with text once the script is played, and reads the client answer after the last turn', async () => {
    const { origin } = await scripted(anthropicMessages, [call]);
    const answer = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'tool_reference', tool_name: 'x' }] }] };
    const body = { stream: true, messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: [] }, answer] };
    const stream = await events(origin, '/v1/messages', body);
    expect(stream[2]!.data).toMatchObject({ delta: { type: 'text_delta', text: FINAL_TEXT } });
    expect(anthropicMessages.answerToLastTurn(body)).toEqual([answer]);
    expect(anthropicMessages.resultBlocks([answer])).toEqual(answer.content);
  });
});

describe('the OpenAI Responses fake', () => {
  it('streams the scripted output item and completes the response; a model call in the input is a turn played', async () => {
    const search: ResponsesTurn = { type: 'tool_search_call', call_id: 'call_1', execution: 'client', arguments: { query: 'list issues', limit: 8 } };
    const { origin, requests } = await scripted(openaiResponses, [{ type: 'message' }, search]);
    const input = [
      { type: 'message', role: 'user', content: [] },
      { type: 'custom_tool_call', call_id: 'call_0', name: 'exec', input: '' },
    ];
    const stream = await events(origin, '/v1/responses', { input });
    expect(stream.map((event) => event.event)).toEqual(['response.created', 'response.output_item.done', 'response.completed']);
    expect(stream[1]!.data).toMatchObject({ item: search });
    expect(requests[0]!.turn).toBe(1);
  });
});

describe('the Gemini fake', () => {
  it('answers a streamed generateContent with the scripted part, and the final text after the script', async () => {
    const call: GeminiTurn = { functionCall: { name: 'mcp_fs_list_directory', args: { path: '/tmp' } } };
    const { origin } = await scripted(geminiGenerate, [call]);
    const path = '/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse';
    const first = await events(origin, path, { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
    expect(first).toEqual([
      { event: undefined, data: expect.objectContaining({ candidates: [expect.objectContaining({ content: { role: 'model', parts: [call] } })] }) },
    ]);
    const second = await events(origin, path, {
      contents: [
        { role: 'user', parts: [] },
        { role: 'model', parts: [call] },
        { role: 'user', parts: [] },
      ],
    });
    expect(second[0]!.data).toMatchObject({ candidates: [{ content: { parts: [{ text: FINAL_TEXT }] } }] });
  });
});
