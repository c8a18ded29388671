// The browser host's event stream: GET /api/events answers newline-delimited
// JSON, a hello line with this page's client id and then one numbered line per
// event. Read with fetch + ReadableStream; when it drops, reconnect with
// backoff, naming the id and the last event read, so the host keeps the id
// (the page's running jobs still reach it) and sends what was missed.

import { EVENTS_PATH, LAST_EVENT_HEADER, RESUME_HEADER, TOKEN_HEADER } from '../../../shared/ipc/http-protocol';
import type { EventName, EventTypes } from '../../../shared/ipc/channels';
import { isEventName } from './event-hub';

export interface EventStreamOptions {
  fetch: typeof fetch;
  token: string;
  baseUrl: string;
  /** The hello of a connection: the page's id (on a reconnect the same one, unless the host no longer knew it). */
  onHello(clientId: string): void;
  onEvent<E extends EventName>(event: E, payload: EventTypes[E]): void;
  /** Waits before the given reconnect attempt (0-based); defaults to a timer with backoff. */
  wait?: (attempt: number) => Promise<void>;
}

export interface EventStream {
  close(): void;
}

/** 250 ms, 500 ms, 1 s, … capped at 8 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(8000, 250 * 2 ** Math.min(attempt, 5));
}

const defaultWait = (attempt: number) => new Promise<void>((resolve) => setTimeout(resolve, backoffDelay(attempt)));

/** Splits a growing text buffer into complete lines; returns the remainder. */
export function takeLines(buffer: string, onLine: (line: string) => void): string {
  let start = 0;
  for (let end = buffer.indexOf('\n', start); end >= 0; end = buffer.indexOf('\n', start)) {
    const line = buffer.slice(start, end).trim();
    if (line !== '') onLine(line);
    start = end + 1;
  }
  return buffer.slice(start);
}

export function openEventStream(options: EventStreamOptions): EventStream {
  const controller = new AbortController();
  const wait = options.wait ?? defaultWait;
  /** The id of this page and the seq of the last event read under it. */
  let clientId: string | undefined;
  let lastSeq = 0;

  /** Handles one line; true when it was the hello. */
  const handleLine = (line: string): boolean => {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return false; // a torn or foreign line: skip it, the stream goes on
    }
    if (typeof message !== 'object' || message === null) return false;
    const { event, clientId: id, payload, seq } = message as { event?: unknown; clientId?: unknown; payload?: unknown; seq?: unknown };
    if (event === 'hello' && typeof id === 'string') {
      // A host that did not know the id any more (restarted, or the page was away too long) starts a new count.
      if (id !== clientId) lastSeq = 0;
      clientId = id;
      options.onHello(id);
      return true;
    }
    if (typeof seq === 'number') {
      if (seq <= lastSeq) return false; // already read on an earlier connection
      lastSeq = seq;
    }
    if (isEventName(event)) options.onEvent(event, payload as never);
    return false;
  };

  /** One connection; resolves true when a hello was received (the attempt counter then resets). */
  const connect = async (): Promise<boolean> => {
    let greeted = false;
    const response = await options.fetch(options.baseUrl + EVENTS_PATH, {
      method: 'GET',
      headers: {
        [TOKEN_HEADER]: options.token,
        accept: 'application/x-ndjson',
        ...(clientId === undefined ? {} : { [RESUME_HEADER]: clientId, [LAST_EVENT_HEADER]: String(lastSeq) }),
      },
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!response.ok || !response.body) return false;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer = takeLines(buffer + decoder.decode(value, { stream: true }), (line) => {
        if (handleLine(line)) greeted = true;
      });
    }
    takeLines(buffer + decoder.decode() + '\n', (line) => void handleLine(line));
    return greeted;
  };

  void (async () => {
    let attempt = 0;
    while (!controller.signal.aborted) {
      try {
        if (await connect()) attempt = 0;
      } catch {
        // network error or abort: fall through to the backoff
      }
      if (controller.signal.aborted) break;
      await wait(attempt);
      attempt += 1;
    }
  })();

  return { close: () => controller.abort() };
}
