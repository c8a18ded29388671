// The exact text of each JSON-RPC answer a server sends over HTTP. The SDK's
// client transports hand their caller parsed messages only, so a tools/list
// answer would reach the proxy re-serialised (`1.0` as `1`, `\u00e9` as
// `é`). A fetch wrapper reads each answer's text on its way to the SDK — a
// JSON body whole, an event stream event by event (eventsource-parser) as
// the bytes pass — and keeps it by the message's id until the peer takes
// it, before the SDK has parsed the same bytes.

import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createParser } from 'eventsource-parser';

/** Answers kept and not taken (the SDK refused one, say) are let go beyond this many. */
const MAX_KEPT = 64;

const keyOf = (id: string | number) => `${typeof id}:${id}`;

export class ResponseTexts {
  private readonly texts = new Map<string, string>();

  /** Keeps `text` when it is one JSON-RPC answer (a result or an error) with an id. */
  record(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return; // the SDK will say what is wrong with it
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !('result' in value || 'error' in value)) return;
    const id = (value as { id?: unknown }).id;
    if (typeof id !== 'string' && typeof id !== 'number') return;
    this.texts.set(keyOf(id), text);
    if (this.texts.size > MAX_KEPT) this.texts.delete(this.texts.keys().next().value!);
  }

  /** The text an answer with this id came in, once; undefined when none was kept. */
  take(id: unknown): string | undefined {
    if (typeof id !== 'string' && typeof id !== 'number') return undefined;
    const key = keyOf(id);
    const text = this.texts.get(key);
    this.texts.delete(key);
    return text;
  }
}

const mediaType = (contentType: string | null) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** A fetch that records into `texts` every answer in a successful JSON or event-stream response. */
export function recordingFetch(texts: ResponseTexts, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (!response.ok || response.body === null) return response;
    const type = mediaType(response.headers.get('content-type'));
    const kept = { status: response.status, statusText: response.statusText, headers: response.headers };
    if (type === 'application/json') {
      const text = await response.text();
      texts.record(text);
      return new Response(text, kept);
    }
    if (type === 'text/event-stream')
      return new Response(
        tapEvents(response.body, (data) => texts.record(data)),
        kept,
      );
    return response;
  };
}

/** The same bytes, each event's data heard before the bytes move on. */
function tapEvents(body: ReadableStream<Uint8Array>, onData: (data: string) => void): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const parser = createParser({ onEvent: (event) => (event.event === undefined || event.event === 'message' ? onData(event.data) : undefined) });
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        parser.feed(decoder.decode(chunk, { stream: true }));
        controller.enqueue(chunk);
      },
    }),
  );
}
