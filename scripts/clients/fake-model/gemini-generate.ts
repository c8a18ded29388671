// Google's Gemini API as Gemini CLI calls it (GOOGLE_GEMINI_BASE_URL):
// POST /v1beta/models/MODEL:streamGenerateContent?alt=sse (or
// :generateContent). A turn is one part: a functionCall or text.

import { afterLastModelTurn, byName, FINAL_TEXT, writeEvents, writeJson, type ModelDialect } from './fake-model-server';

export type GeminiTurn = { functionCall: { name: string; args: Record<string, unknown> } } | { text: string };

const isGenerate = (path: string) => /:(stream)?[gG]enerateContent/.test(path);
const contentsOf = (body: unknown) => (body as { contents?: { role?: string }[] } | undefined)?.contents ?? [];
const isModel = (content: { role?: string }) => content.role === 'model';
type Content = { parts?: { functionResponse?: object }[] };
type Declarations = { tools?: { functionDeclarations?: object[] }[] };

export const geminiGenerate: ModelDialect<GeminiTurn> = {
  isTurn: isGenerate,
  modelTurns: (body) => contentsOf(body).filter(isModel),
  answerToLastTurn: (body) => afterLastModelTurn(contentsOf(body), isModel),
  resultBlocks: (answer) => (answer as Content[]).flatMap((content) => (content.parts ?? []).filter((part) => part.functionResponse !== undefined)),
  listedTools: (body) => byName(((body as Declarations | undefined)?.tools ?? []).flatMap((tool) => tool.functionDeclarations ?? [])),
  answer(response, path, _body, scripted) {
    if (!isGenerate(path)) return writeJson(response, { totalTokens: 1 });
    const part = scripted ?? { text: FINAL_TEXT };
    const answer = {
      candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
      modelVersion: 'fake',
    };
    if (path.includes(':streamGenerateContent')) writeEvents(response, [answer]);
    else writeJson(response, answer);
  },
};
