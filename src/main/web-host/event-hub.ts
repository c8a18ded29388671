// The main → page event channel of the browser host: each page holds one
// NDJSON stream (GET /api/events) and gets a client id; a call that names
// that id in its CLIENT_HEADER emits to that stream only, so a job's progress
// reaches the page that started it and no other.

import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { EventName, EventTypes } from '../../shared/ipc/channels';
import type { HelloLine } from '../../shared/ipc/http-protocol';
import type { CallContext, EventSink } from '../services/dispatch';
import { applySecurityHeaders } from './security-headers';

/** How often an idle stream gets a blank line, so proxies and the browser keep it open. */
export const KEEP_ALIVE_MS = 15_000;

/** A page that stops reading is cut off once this much is queued for it (it reconnects and gets a new id). */
export const MAX_QUEUED_EVENT_BYTES = 16 * 1024 * 1024;

export interface EventHub {
  /** Starts an event stream on `res`: writes the hello line and registers the client until it disconnects. */
  open(res: ServerResponse): string;
  /**
   * The CallContext of an API call. A known client id gets an `emit` that
   * writes to that page's stream; a missing or unknown id (no stream open, or
   * it already closed) gets a fresh anonymous id and an `emit` that drops
   * every event — the call still runs, its events go nowhere.
   */
  contextFor(clientId: string | undefined): CallContext;
  /** Number of open streams. */
  readonly size: number;
  /** Ends every stream and stops the keep-alive timer. */
  closeAll(): void;
}

function newClientId(): string {
  return randomBytes(16).toString('base64url');
}

export interface EventHubOptions {
  keepAliveMs?: number;
  log?: (line: string) => void;
  /** A page opened its stream: it can now be sent events (e.g. the files named at launch). */
  onOpen?: (context: CallContext) => void;
  /** That page's stream closed. */
  onClose?: (clientId: string) => void;
}

export function createEventHub(options: EventHubOptions = {}): EventHub {
  const clients = new Map<string, ServerResponse>();
  const log = options.log ?? (() => undefined);
  let timer: NodeJS.Timeout | undefined;

  const drop = (clientId: string, reason?: string) => {
    const res = clients.get(clientId);
    if (!res) return;
    clients.delete(clientId);
    options.onClose?.(clientId);
    if (reason) log(`events: closed a stream (${reason})`);
    if (!res.writableEnded) res.end();
    if (clients.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  const write = (clientId: string, line: string) => {
    const res = clients.get(clientId);
    if (!res || res.writableEnded || res.destroyed) return;
    if (res.writableLength > MAX_QUEUED_EVENT_BYTES) {
      drop(clientId, 'the page stopped reading its events');
      return;
    }
    res.write(line);
  };

  const keepAlive = () => {
    for (const clientId of [...clients.keys()]) write(clientId, '\n');
  };

  const hub: EventHub = {
    open(res) {
      const clientId = newClientId();
      applySecurityHeaders(res);
      res.writeHead(200, {
        'Content-Type': 'application/x-ndjson; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
      });
      clients.set(clientId, res);
      res.on('close', () => drop(clientId));
      const hello: HelloLine = { event: 'hello', clientId };
      res.write(`${JSON.stringify(hello)}\n`);
      if (!timer) {
        timer = setInterval(keepAlive, options.keepAliveMs ?? KEEP_ALIVE_MS);
        timer.unref();
      }
      options.onOpen?.(hub.contextFor(clientId));
      return clientId;
    },

    contextFor(clientId) {
      if (clientId === undefined || !clients.has(clientId)) {
        return { clientId: `anonymous-${newClientId()}`, emit: () => undefined };
      }
      const emit: EventSink = <E extends EventName>(event: E, payload: EventTypes[E]) => {
        write(clientId, `${JSON.stringify({ event, payload })}\n`);
      };
      return { clientId, emit };
    },

    get size() {
      return clients.size;
    },

    closeAll() {
      for (const clientId of [...clients.keys()]) drop(clientId);
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
  return hub;
}
