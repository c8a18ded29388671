// Listeners per event name, for the transport that receives events itself
// (the browser host's NDJSON stream). A listener that throws does not stop
// the others.

import { EVENTS, type EventName, type EventTypes, type Unsubscribe } from '../../../shared/ipc/channels';

type AnyListener = (payload: never) => void;

export interface EventHub {
  on<E extends EventName>(event: E, listener: (payload: EventTypes[E]) => void): Unsubscribe;
  emit<E extends EventName>(event: E, payload: EventTypes[E]): void;
}

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(EVENTS, value);
}

export function createEventHub(reportError: (error: unknown) => void = (error) => console.error(error)): EventHub {
  const listeners = new Map<EventName, Set<AnyListener>>();
  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const entry = listener as AnyListener;
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          (listener as (value: typeof payload) => void)(payload);
        } catch (error) {
          reportError(error);
        }
      }
    },
  };
}
