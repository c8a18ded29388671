// OpenAI's Responses API as Codex calls it through a custom model provider
// (base_url, wire_api = "responses"): POST /v1/responses, streamed as
// server-sent events. A turn is one output item, as the model would send it:
// a function_call, a custom_tool_call (code mode's `exec`), a
// tool_search_call, or a message.

import { afterLastModelTurn, byName, FINAL_TEXT, writeEvents, type ModelDialect } from './fake-model-server';

export type ResponsesTurn = Record<string, unknown> & { type: string };

/** The input items that are the model's own calls: one per turn already played. */
const MODEL_CALLS = new Set(['function_call', 'custom_tool_call', 'tool_search_call']);
const inputOf = (body: unknown) => (body as { input?: { type?: string }[] } | undefined)?.input ?? [];
const isModelCall = (item: { type?: string }) => MODEL_CALLS.has(item.type ?? '');

export const openaiResponses: ModelDialect<ResponsesTurn> = {
  isTurn: (path) => path.startsWith('/v1/responses'),
  modelTurns: (body) => inputOf(body).filter(isModelCall),
  answerToLastTurn: (body) => afterLastModelTurn(inputOf(body), isModelCall),
  resultBlocks: (answer) => answer.filter((item) => ((item as { type?: string }).type ?? '').endsWith('_output')),
  listedTools: (body) => byName((body as { tools?: object[] } | undefined)?.tools ?? []),
  answer(response, _path, body, scripted) {
    const turnCount = (body as { input?: unknown[] } | undefined)?.input?.length ?? 0;
    const id = `resp_${turnCount}`;
    const item = scripted ?? {
      type: 'message',
      role: 'assistant',
      id: `msg_${turnCount}`,
      content: [{ type: 'output_text', text: FINAL_TEXT, annotations: [] }],
    };
    const usage = { input_tokens: 1, input_tokens_details: null, output_tokens: 1, output_tokens_details: null, total_tokens: 2 };
    writeEvents(
      response,
      [
        { type: 'response.created', response: { id } },
        { type: 'response.output_item.done', output_index: 0, item },
        { type: 'response.completed', response: { id, usage } },
      ],
      (event) => (event as { type: string }).type,
    );
  },
};
