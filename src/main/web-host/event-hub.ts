// The main → page event channel of the browser host: each page holds one
// NDJSON stream (GET /api/events) and gets a client id; a call that names
// that id in its CLIENT_HEADER emits to that stream only, so a job's progress
// reaches the page that started it and no other. A stream can drop while
// jobs run (a network blip, sleep, a page cut off for not reading): the page
// then opens a new one naming its id and the last event it read, keeps its
// id, and is sent what it missed (event-replay.ts). A page that stays away
// is forgotten after a while.

import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { EventName, EventTypes } from '../../shared/ipc/channels';
import type { HelloLine } from '../../shared/ipc/http-protocol';
import type { CallContext, EventSink } from '../services/dispatch';
import { EventReplay } from './event-replay';
import { applySecurityHeaders } from './security-headers';

/** How often an idle stream gets a blank line, so proxies and the browser keep it open. */
export const KEEP_ALIVE_MS = 15_000;

/** A page that stops reading is cut off once this much is queued for it (it reconnects and is sent what it missed). */
export const MAX_QUEUED_EVENT_BYTES = 16 * 1024 * 1024;

/** How long a page whose stream closed is waited for (its events kept) before it is forgotten. */
export const AWAY_KEEP_MS = 10 * 60_000;

/** Pages waited for at once; the one away longest is forgotten first. */
export const MAX_AWAY_PAGES = 32;

/** A page that resumes: its client id and the seq of the last event it read (0: none). */
export interface Resume {
  clientId: string;
  lastSeq: number;
}

/** The Resume named by a stream request's RESUME_HEADER and LAST_EVENT_HEADER values; a bad seq reads as 0 (everything kept). */
export function resumeFrom(clientId: string | undefined, lastEvent: string | undefined): Resume | undefined {
  if (clientId === undefined || clientId === '') return undefined;
  const seq = /^\d{1,15}$/.test(lastEvent ?? '') ? Number(lastEvent) : 0;
  return { clientId, lastSeq: seq };
}

export interface EventHub {
  /**
   * Starts an event stream on `res`: writes the hello line and registers the
   * page until it disconnects. A `resume` naming a page this hub still knows
   * keeps that page's id (a stream of it still open is ended) and sends the
   * events after `lastSeq` it keeps; an unknown one gets a new page, as does
   * no `resume`.
   */
  open(res: ServerResponse, resume?: Resume): string;
  /**
   * The CallContext of an API call. A known page (its stream open, or away
   * and still waited for) gets an `emit` that numbers and keeps the event and
   * writes it to the page's stream when one is open; a missing or unknown id
   * gets a fresh anonymous id and an `emit` that drops every event — the call
   * still runs, its events go nowhere.
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
  /** How long a page whose stream closed is waited for; default AWAY_KEEP_MS. */
  awayKeepMs?: number;
  log?: (line: string) => void;
  /** A page opened its stream (or opened it again): it can now be sent events (e.g. the files named at launch). */
  onOpen?: (context: CallContext) => void;
  /** That page's stream closed. */
  onClose?: (clientId: string) => void;
}

interface Page {
  replay: EventReplay;
  /** Its open stream. */
  res?: ServerResponse;
  /** While it has no stream: forgets it when it fires. */
  away?: NodeJS.Timeout;
}

export function createEventHub(options: EventHubOptions = {}): EventHub {
  return new PageStreams(options);
}

/** The pages known by client id, each with its stream while it has one, and waited for a while when it has none. */
class PageStreams implements EventHub {
  private readonly pages = new Map<string, Page>();
  /** Ids of the pages without a stream, away longest first. */
  private readonly awayOrder = new Set<string>();
  private readonly log: (line: string) => void;
  private openStreams = 0;
  private timer: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(private readonly options: EventHubOptions) {
    this.log = options.log ?? (() => undefined);
  }

  get size(): number {
    return this.openStreams;
  }

  open(res: ServerResponse, resume?: Resume): string {
    const resumed = resume === undefined ? undefined : this.pages.get(resume.clientId);
    const clientId = resumed ? resume!.clientId : newClientId();
    const page = resumed ?? { replay: new EventReplay() };
    // The page gave up on a stream this side still sees open: that one ends.
    if (page.res) this.drop(clientId, page.res, 'the page opened a new one');
    if (page.away) clearTimeout(page.away);
    page.away = undefined;
    this.awayOrder.delete(clientId);
    this.pages.set(clientId, page);

    applySecurityHeaders(res);
    res.writeHead(200, {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    page.res = res;
    this.openStreams += 1;
    res.on('close', () => this.drop(clientId, res));
    const hello: HelloLine = { event: 'hello', clientId };
    res.write(`${JSON.stringify(hello)}\n`);
    if (resumed) for (const line of page.replay.since(resume!.lastSeq)) this.write(clientId, line);
    if (!this.timer) {
      this.timer = setInterval(() => this.keepAlive(), this.options.keepAliveMs ?? KEEP_ALIVE_MS);
      this.timer.unref();
    }
    this.options.onOpen?.(this.contextFor(clientId));
    return clientId;
  }

  contextFor(clientId: string | undefined): CallContext {
    const page = clientId === undefined ? undefined : this.pages.get(clientId);
    if (clientId === undefined || !page) {
      return { clientId: `anonymous-${newClientId()}`, emit: () => undefined };
    }
    const emit: EventSink = <E extends EventName>(event: E, payload: EventTypes[E]) => {
      // The page may have been forgotten since this call began: its events then go nowhere.
      if (this.pages.get(clientId) !== page) return;
      this.write(clientId, page.replay.add(event, payload));
    };
    return { clientId, emit };
  }

  closeAll(): void {
    this.closing = true;
    for (const [clientId, page] of [...this.pages]) {
      if (page.res) this.drop(clientId, page.res);
      this.forget(clientId);
    }
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private forget(clientId: string): void {
    const page = this.pages.get(clientId);
    if (page?.away) clearTimeout(page.away);
    this.pages.delete(clientId);
    this.awayOrder.delete(clientId);
  }

  private wait(clientId: string, page: Page): void {
    if (this.closing) {
      this.forget(clientId);
      return;
    }
    if (this.awayOrder.size >= MAX_AWAY_PAGES) this.forget(this.awayOrder.values().next().value as string);
    page.away = setTimeout(() => this.forget(clientId), this.options.awayKeepMs ?? AWAY_KEEP_MS);
    page.away.unref();
    this.awayOrder.add(clientId);
  }

  /** Ends the page's stream `res` (when it still is its stream); the page is then waited for. */
  private drop(clientId: string, res: ServerResponse, reason?: string): void {
    const page = this.pages.get(clientId);
    if (!page || page.res !== res) return;
    page.res = undefined;
    this.openStreams -= 1;
    this.wait(clientId, page);
    this.options.onClose?.(clientId);
    if (reason) this.log(`events: closed a stream (${reason})`);
    if (!res.writableEnded) res.end();
    if (this.openStreams === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private write(clientId: string, line: string): void {
    const res = this.pages.get(clientId)?.res;
    if (!res || res.writableEnded || res.destroyed) return;
    if (res.writableLength > MAX_QUEUED_EVENT_BYTES) {
      this.drop(clientId, res, 'the page stopped reading its events');
      return;
    }
    res.write(line);
  }

  private keepAlive(): void {
    for (const clientId of [...this.pages.keys()]) this.write(clientId, '\n');
  }
}
