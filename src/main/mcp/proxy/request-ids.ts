// The proxy's id bookkeeping. Client and server share no id space: every
// request the client sends goes upstream under an id of the proxy's own
// numbering, so the proxy's own requests can never be mistaken for a
// client's whatever ids the client picks, and a server that dies leaves no
// client request unanswered. The server's own requests keep the server's
// ids; a client's answer goes upstream only for one the server made and is
// still waiting for.

import type { RpcId } from './rpc-shapes';

/** A request of the proxy's own: its answer settles a promise instead of reaching the client. */
export interface OwnRequest {
  from: 'proxy';
  method: string;
  resolve(answer: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/** A request in flight upstream, under the proxy's id: the client's (with its own id) or the proxy's own. */
export type InFlight = { from: 'client'; clientId: RpcId; method: string } | OwnRequest;

/** Keys ids by type and value, so "1" and 1 stay apart. */
export const idKey = (id: RpcId) => `${typeof id}:${id}`;

export class RequestIds {
  private nextId = 0;
  private readonly inFlight = new Map<number, InFlight>();
  /** The client's requests in flight: its id's key → ours. */
  private readonly byClientId = new Map<string, number>();
  /** The server's own requests the client has not answered yet (by idKey of the server's id). */
  private readonly serverAsked = new Set<string>();

  /** Our id for a client request, or undefined when one with the same id is still in flight. */
  fromClient(clientId: RpcId, method: string): number | undefined {
    const key = idKey(clientId);
    if (this.byClientId.has(key)) return undefined;
    const id = ++this.nextId;
    this.inFlight.set(id, { from: 'client', clientId, method });
    this.byClientId.set(key, id);
    return id;
  }

  /** Our id for a request of the proxy's own. */
  own(request: OwnRequest): number {
    const id = ++this.nextId;
    this.inFlight.set(id, request);
    return id;
  }

  /** Our id for the client's request `clientId`, while it is in flight. */
  oursFor(clientId: RpcId): number | undefined {
    return this.byClientId.get(idKey(clientId));
  }

  /** Takes the request in flight under our id `id` out (an answer came, or it failed); undefined when there is none. */
  settle(id: unknown): InFlight | undefined {
    const waiting = typeof id === 'number' ? this.inFlight.get(id) : undefined;
    if (waiting === undefined) return undefined;
    this.inFlight.delete(id as number);
    if (waiting.from === 'client') this.byClientId.delete(idKey(waiting.clientId));
    return waiting;
  }

  /** The server asked the client something under its own id. */
  serverAsks(id: RpcId): void {
    this.serverAsked.add(idKey(id));
  }

  /** True (once) when the client's answer with this id is to a request the server made and is waiting for. */
  clientAnswers(id: RpcId): boolean {
    return this.serverAsked.delete(idKey(id));
  }

  /** Every request still in flight, taken out. */
  drain(): InFlight[] {
    const all = [...this.inFlight.values()];
    this.inFlight.clear();
    this.byClientId.clear();
    return all;
  }
}
