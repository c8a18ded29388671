// Anthropic's Messages API as Claude Code calls it (ANTHROPIC_BASE_URL):
// POST /v1/messages, streamed as server-sent events. A turn is one content
// block: a tool_use (the model calls a tool) or text.

import { afterLastModelTurn, byName, FINAL_TEXT, writeEvents, writeJson, type ModelDialect } from './fake-model-server';

export type AnthropicTurn = { type: 'tool_use'; name: string; input: Record<string, unknown> } | { type: 'text'; text: string };

interface MessagesRequest {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content?: string | { type?: string }[] }[];
  tools?: object[];
}

const messagesOf = (body: unknown) => (body as MessagesRequest | undefined)?.messages ?? [];
const isAssistant = (message: { role: string }) => message.role === 'assistant';

function contentBlock(turn: AnthropicTurn, index: number): object {
  return turn.type === 'tool_use' ? { type: 'tool_use', id: `toolu_${index}`, name: turn.name, input: turn.input } : turn;
}

function streamed(message: object, turn: AnthropicTurn, index: number): object[] {
  const start = turn.type === 'tool_use' ? { ...contentBlock(turn, index), input: {} } : { type: 'text', text: '' };
  const delta = turn.type === 'tool_use' ? { type: 'input_json_delta', partial_json: JSON.stringify(turn.input) } : { type: 'text_delta', text: turn.text };
  return [
    { type: 'message_start', message },
    { type: 'content_block_start', index: 0, content_block: start },
    { type: 'content_block_delta', index: 0, delta },
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: turn.type === 'tool_use' ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } },
    { type: 'message_stop' },
  ];
}

export const anthropicMessages: ModelDialect<AnthropicTurn> = {
  isTurn: (path) => path.startsWith('/v1/messages') && !path.startsWith('/v1/messages/count_tokens'),
  modelTurns: (body) => messagesOf(body).filter(isAssistant),
  answerToLastTurn: (body) => afterLastModelTurn(messagesOf(body), isAssistant),
  resultBlocks: (answer) =>
    (answer as MessagesRequest['messages'] & object).flatMap((message) =>
      Array.isArray(message.content) ? message.content.filter((block) => block.type === 'tool_result') : [],
    ),
  listedTools: (body) => byName((body as MessagesRequest | undefined)?.tools ?? []),
  answer(response, path, body, scripted) {
    if (path.startsWith('/v1/messages/count_tokens')) return writeJson(response, { input_tokens: 1 });
    const request = (body ?? {}) as MessagesRequest;
    const index = request.messages?.length ?? 0;
    const turn = scripted ?? { type: 'text', text: FINAL_TEXT };
    const message = {
      id: `msg_${index}`,
      type: 'message',
      role: 'assistant',
      model: request.model ?? 'fake',
      content: [],
      stop_reason: null,
      stop_sequence: null,
    };
    const usage = { input_tokens: 1, output_tokens: 1 };
    if (!request.stream) {
      const stopReason = turn.type === 'tool_use' ? 'tool_use' : 'end_turn';
      return writeJson(response, { ...message, content: [contentBlock(turn, index)], stop_reason: stopReason, usage });
    }
    writeEvents(response, streamed({ ...message, usage }, turn, index), (event) => (event as { type: string }).type);
  },
};
