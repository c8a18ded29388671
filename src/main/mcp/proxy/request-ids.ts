// The proxy's id bookkeeping. Client and server share no id space: every
// request the client sends goes upstream under an id of the proxy's own
// numbering, so the proxy's own requests can never be mistaken for a
// client's whatever ids the client picks, and a server that dies leaves no
// client request unanswered. The server's own requests keep the server's
// ids; a client's answer goes upstream only for one the server made and is
// still waiting for. A cancelled request leaves at once: its id is free
// again, and a late answer to it is dropped without a word.

import type { FrameId } from '../connection/rpc-frame';

/** A request of the proxy's own: its answer settles a promise instead of reaching the client. */
export interface OwnRequest {
  from: 'proxy';
  method: string;
  resolve(answer: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/** A request in flight upstream, under the proxy's id: the client's (with its own id) or the proxy's own. */
export type InFlight = { from: 'client'; clientId: FrameId; method: string } | OwnRequest;

/** Cancelled ids kept to drop their late answers quietly; older ones are let go. */
const MAX_CANCELLED = 1024;

/** Our id in a message's id text, when it is one we could have given. */
export const ourIdOf = (id: FrameId | null | undefined): number | undefined => (id && /^[1-9][0-9]{0,14}$/.test(id.text) ? Number(id.text) : undefined);

export class RequestIds {
  private nextId = 0;
  private readonly inFlight = new Map<number, InFlight>();
  /** The client's requests in flight: its id's key → ours. */
  private readonly byClientId = new Map<string, number>();
  /** The server's own requests the client has not answered yet (by the key of the server's id). */
  private readonly serverAsked = new Set<string>();
  private readonly cancelled = new Set<number>();

  /** Our id for a client request, or undefined when one with the same id is still in flight. */
  fromClient(clientId: FrameId, method: string): number | undefined {
    if (this.byClientId.has(clientId.key)) return undefined;
    const id = ++this.nextId;
    this.inFlight.set(id, { from: 'client', clientId, method });
    this.byClientId.set(clientId.key, id);
    return id;
  }

  /** Our id for a request of the proxy's own. */
  own(request: OwnRequest): number {
    const id = ++this.nextId;
    this.inFlight.set(id, request);
    return id;
  }

  /** Takes the client's request out because the client cancelled it; our id for it, or undefined when it is not in flight. */
  cancel(clientKey: string): number | undefined {
    const ours = this.byClientId.get(clientKey);
    if (ours === undefined) return undefined;
    this.settle(ours);
    this.cancelled.add(ours);
    if (this.cancelled.size > MAX_CANCELLED) this.cancelled.delete(this.cancelled.values().next().value!);
    return ours;
  }

  /** True (once) when our id `id` was cancelled: its late answer is dropped quietly. */
  wasCancelled(id: number | undefined): boolean {
    return id !== undefined && this.cancelled.delete(id);
  }

  /** True while a request is in flight under our id `id`. */
  holds(id: number): boolean {
    return this.inFlight.has(id);
  }

  /** Takes the request in flight under our id `id` out (an answer came, or it failed); undefined when there is none. */
  settle(id: number | undefined): InFlight | undefined {
    const waiting = id === undefined ? undefined : this.inFlight.get(id);
    if (waiting === undefined) return undefined;
    this.inFlight.delete(id!);
    if (waiting.from === 'client') this.byClientId.delete(waiting.clientId.key);
    return waiting;
  }

  /** The server asked the client something under its own id. */
  serverAsks(id: FrameId): void {
    this.serverAsked.add(id.key);
  }

  /** True (once) when the client's answer with this id is to a request the server made and is waiting for. */
  clientAnswers(id: FrameId): boolean {
    return this.serverAsked.delete(id.key);
  }

  /** How many requests are in flight. */
  get size(): number {
    return this.inFlight.size;
  }

  /** Every request still in flight, taken out. */
  drain(): InFlight[] {
    const all = [...this.inFlight.values()];
    this.inFlight.clear();
    this.byClientId.clear();
    return all;
  }
}
