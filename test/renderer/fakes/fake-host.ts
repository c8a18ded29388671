// A fake browser host for the HTTP client: a fetch that answers /api/<channel>
// from handlers and serves /api/events from a controllable NDJSON stream.

import { CLIENT_HEADER, EVENTS_PATH, PARAMS_HEADER, RESULT_HEADER, TOKEN_HEADER } from '../../../src/shared/ipc/http-protocol';

export interface SeenRequest {
  channel: string;
  headers: Record<string, string>;
  body: Uint8Array;
  /** How the client handed the body to fetch. */
  sentAs: 'text' | 'blob' | 'typed array' | 'none';
  json?: unknown;
  params?: unknown;
}

export type Answer = { json: unknown; status?: number } | { bytes: Uint8Array; result: Record<string, unknown> } | { text: string; status: number };

export interface FakeHost {
  fetch: typeof fetch;
  requests: SeenRequest[];
  handlers: Record<string, (request: SeenRequest) => Answer | Promise<Answer>>;
  /** Streams opened so far; push lines into the latest, or end it. */
  streams: { push(line: unknown): void; end(): void; headers: Record<string, string> }[];
}

const headersOf = (init: RequestInit | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));

export function createFakeHost(): FakeHost {
  const host: FakeHost = {
    requests: [],
    handlers: {},
    streams: [],
    fetch: async (input, init) => {
      const url = String(input);
      const headers = headersOf(init);
      if (url.endsWith(EVENTS_PATH)) {
        let controller!: ReadableStreamDefaultController<Uint8Array>;
        const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
        const encoder = new TextEncoder();
        init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
        host.streams.push({
          headers,
          push: (line) => controller.enqueue(encoder.encode(typeof line === 'string' ? line : JSON.stringify(line) + '\n')),
          end: () => controller.close(),
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
      }
      const channel = url.slice(url.indexOf('/api/') + 5);
      const raw = init?.body;
      const sentAs = typeof raw === 'string' ? 'text' : raw instanceof Blob ? 'blob' : raw instanceof Uint8Array ? 'typed array' : 'none';
      const body =
        typeof raw === 'string'
          ? new TextEncoder().encode(raw)
          : raw instanceof Blob
            ? new Uint8Array(await raw.arrayBuffer())
            : raw instanceof Uint8Array
              ? raw
              : new Uint8Array();
      const seen: SeenRequest = { channel, headers, body, sentAs };
      if (headers['content-type'] === 'application/json') seen.json = JSON.parse(new TextDecoder().decode(body));
      if (headers[PARAMS_HEADER]) seen.params = JSON.parse(decodeURIComponent(headers[PARAMS_HEADER]));
      host.requests.push(seen);
      const handler = host.handlers[channel];
      if (!handler)
        return new Response(JSON.stringify({ ok: false, code: 'cave_bad_request', message: `there is no channel named "${channel}"` }), { status: 404 });
      const answer = await handler(seen);
      if ('bytes' in answer) {
        // Announced and streamed in chunks, as the real host's body arrives.
        const bytes = answer.bytes;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < bytes.byteLength; at += 64 * 1024) controller.enqueue(bytes.slice(at, at + 64 * 1024));
            controller.close();
          },
        });
        const headers = {
          'content-type': 'application/octet-stream',
          'content-length': String(bytes.byteLength),
          [RESULT_HEADER]: encodeURIComponent(JSON.stringify(answer.result)),
        };
        return new Response(body, { status: 200, headers });
      }
      if ('text' in answer) return new Response(answer.text, { status: answer.status });
      return new Response(JSON.stringify(answer.json), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    },
  };
  return host;
}

export const ok = (value: unknown): Answer => ({ json: { ok: true, value } });
export const fail = (code: string, message: string, status = 400): Answer => ({ json: { ok: false, code, message }, status });
export { CLIENT_HEADER, TOKEN_HEADER };
