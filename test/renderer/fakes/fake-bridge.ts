// A fake of the preload's window.api: each method records its request and
// answers an ApiResult from a table; on… subscriptions can be fired.

import type { BridgeApi, EventName, EventTypes } from '../../../src/shared/ipc/channels';

export interface FakeBridge {
  bridge: BridgeApi;
  requests: { method: string; request: unknown }[];
  answers: Record<string, unknown>;
  fire<E extends EventName>(event: E, payload: EventTypes[E]): void;
  subscribed(event: EventName): number;
}

export function createFakeBridge(): FakeBridge {
  const requests: FakeBridge['requests'] = [];
  const answers: Record<string, unknown> = {};
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const target: Record<string, unknown> = {};
  const bridge = new Proxy(target, {
    get(_, property: string) {
      if (property.startsWith('on')) {
        const event = property[2]?.toLowerCase() + property.slice(3);
        return (listener: (payload: unknown) => void) => {
          let set = listeners.get(event);
          if (!set) listeners.set(event, (set = new Set()));
          set.add(listener);
          return () => void set.delete(listener);
        };
      }
      return async (request: unknown) => {
        requests.push({ method: property, request });
        const answer = answers[property];
        if (answer instanceof Error) throw answer;
        return typeof answer === 'function' ? (answer as (r: unknown) => unknown)(request) : answer;
      };
    },
  }) as unknown as BridgeApi;
  return {
    bridge,
    requests,
    answers,
    fire: (event, payload) => listeners.get(event)?.forEach((listener) => listener(payload)),
    subscribed: (event) => listeners.get(event)?.size ?? 0,
  };
}
