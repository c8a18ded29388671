// The exact text of each JSON-RPC answer a server sends over HTTP. The SDK's
// client transports hand their caller parsed messages only, so a tools/list
// answer would reach the proxy re-serialised (`1.0` as `1`, `\u00e9` as
// `é`). A fetch wrapper reads each answer's text on its way to the SDK — a
// JSON body whole, an event stream event by event (eventsource-parser) as
// the bytes pass — and keeps it by the message's id until the peer takes
// it, before the SDK has parsed the same bytes. A POST whose event stream
// ends before it carried the answer to each request the POST sent is
// reported (the SDK would wait for those answers forever).

import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createParser } from 'eventsource-parser';

/** Answers kept and not taken (the SDK refused one, say) are let go beyond this many. */
const MAX_KEPT = 64;

const keyOf = (id: string | number) => `${typeof id}:${id}`;

export class ResponseTexts {
  private readonly texts = new Map<string, string>();

  /** Keeps `text` when it is one JSON-RPC answer (a result or an error) with an id; returns that id. */
  record(text: string): string | number | undefined {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined; // the SDK will say what is wrong with it
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !('result' in value || 'error' in value)) return undefined;
    const id = (value as { id?: unknown }).id;
    if (typeof id !== 'string' && typeof id !== 'number') return undefined;
    this.texts.set(keyOf(id), text);
    if (this.texts.size > MAX_KEPT) this.texts.delete(this.texts.keys().next().value!);
    return id;
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

/** The ids of the requests in a POST's JSON-RPC body (one message or a batch). */
function requestIds(body: unknown): (string | number)[] {
  if (typeof body !== 'string') return [];
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return [];
  }
  return (Array.isArray(value) ? value : [value]).flatMap((m: unknown) => {
    const { id, method } = (m ?? {}) as { id?: unknown; method?: unknown };
    return typeof method === 'string' && (typeof id === 'string' || typeof id === 'number') ? [id] : [];
  });
}

/**
 * A fetch that records into `texts` every answer in a successful JSON or
 * event-stream response; `onUnanswered` hears the ids a POST asked for when
 * its event stream ended without their answers.
 */
export function recordingFetch(texts: ResponseTexts, base: FetchLike = fetch, onUnanswered: (ids: (string | number)[]) => void = () => undefined): FetchLike {
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
    if (type === 'text/event-stream') {
      const asked = new Set(init?.method === 'POST' ? requestIds(init.body) : []);
      const onData = (data: string) => asked.delete(texts.record(data) as never);
      return new Response(
        tapEvents(response.body, onData, () => (asked.size > 0 ? onUnanswered([...asked]) : undefined)),
        kept,
      );
    }
    return response;
  };
}

/** The same bytes, each event's data heard before the bytes move on, and the stream's end (or failure) heard too. */
function tapEvents(body: ReadableStream<Uint8Array>, onData: (data: string) => void, onEnd: () => void): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const parser = createParser({ onEvent: (event) => (event.event === undefined || event.event === 'message' ? onData(event.data) : undefined) });
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        parser.feed(decoder.decode(chunk, { stream: true }));
        controller.enqueue(chunk);
      },
      flush: onEnd,
    }),
  );
}
