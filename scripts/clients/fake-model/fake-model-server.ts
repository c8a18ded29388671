// A fake model API on 127.0.0.1 that plays a script: each conversation
// request is answered with the model turn a player picks for it (from the
// model turns already in its conversation and what the client answered to the
// last), and every request's body is kept exactly as the client sent it, with
// when it came, when its answer left and which step of the script it played.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  /** The body exactly as sent (UTF-8). */
  body: string;
  /** The model turns already in its conversation; undefined for a request outside the conversation (a token count, a model list). */
  turn: number | undefined;
  /** The script step its answer played; undefined for the final answer or a request outside the conversation. */
  step: number | undefined;
  receivedMs: number;
  answeredMs: number;
}

/** One wire format: which requests are conversation turns, the model's turns already in one, and how a turn is written back. */
export interface ModelDialect<Turn> {
  isTurn(path: string): boolean;
  /** The model's turns in a request's conversation, as the client echoes them back. */
  modelTurns(body: unknown): object[];
  /** What the client sent after the model's last turn: its answer to that turn, with any reminders it added. */
  answerToLastTurn(body: unknown): object[];
  /** The result blocks proper in such an answer (a tool_result, a *_output item, a functionResponse). */
  resultBlocks(answer: readonly object[]): object[];
  /** The tool definitions the request lists up front, by name. */
  listedTools(body: unknown): Map<string, object>;
  /** Writes `turn`, or the final answer (plain text, the conversation's end) when the script is over. */
  answer(response: ServerResponse, path: string, body: unknown, turn: Turn | undefined): void;
}

/** Picks the model's turn for a conversation request: a step of the script and how it is written, or undefined for the final answer. */
export type ScriptPlayer<Turn> = (turn: number, body: unknown) => Promise<{ step: number; turn: Turn } | undefined>;

export interface FakeModel {
  /** http://127.0.0.1:PORT */
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** The final answer every dialect gives when the script is over. */
export const FINAL_TEXT = 'done';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

async function answer<Turn>(
  dialect: ModelDialect<Turn>,
  play: ScriptPlayer<Turn>,
  request: IncomingMessage,
  response: ServerResponse,
  record: RecordedRequest,
) {
  const json = parsed(record.body);
  if (request.method !== 'POST') response.writeHead(404).end();
  else {
    const played = record.turn === undefined ? undefined : await play(record.turn, json);
    record.step = played?.step;
    dialect.answer(response, record.path, json, played?.turn);
  }
  record.answeredMs = performance.now();
}

export async function startFakeModel<Turn>(dialect: ModelDialect<Turn>, play: ScriptPlayer<Turn>): Promise<FakeModel> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const receivedMs = performance.now();
    void readBody(request).then((body) => {
      const path = request.url ?? '/';
      const turn = request.method === 'POST' && dialect.isTurn(path) ? dialect.modelTurns(parsed(body)).length : undefined;
      const record: RecordedRequest = { path, body, turn, step: undefined, receivedMs, answeredMs: 0 };
      requests.push(record);
      return answer(dialect, play, request, response, record);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes server-sent events, each `data:` one JSON line (with its `event:` name when the format has them). */
export function writeEvents(response: ServerResponse, events: readonly object[], eventName?: (event: object) => string): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const event of events) {
    const name = eventName?.(event);
    response.write(`${name === undefined ? '' : `event: ${name}\n`}data: ${JSON.stringify(event)}\n\n`);
  }
  response.end();
}

export function writeJson(response: ServerResponse, value: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

/** The named entries of a request's tool list, by name. */
export function byName(tools: readonly object[]): Map<string, object> {
  return new Map(tools.flatMap((tool) => ((tool as { name?: unknown }).name === undefined ? [] : [[String((tool as { name: unknown }).name), tool]])));
}

/** The items of `list` after the last one `isModelTurn` picks. */
export function afterLastModelTurn<Item>(list: readonly Item[], isModelTurn: (item: Item) => boolean): Item[] {
  let last = -1;
  list.forEach((item, index) => {
    if (isModelTurn(item)) last = index;
  });
  return list.slice(last + 1);
}
