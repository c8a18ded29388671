// Listeners per event name, for the transport that receives events itself
// (the browser host's NDJSON stream). A listener that throws does not stop
// the others. An event can be kept: a listener that subscribes later is
// given it too (early-failures.ts).

import { EVENTS, type EventName, type EventTypes, type Unsubscribe } from '../../../shared/ipc/channels';

type AnyListener = (payload: never) => void;

export interface EventHub {
  on<E extends EventName>(event: E, listener: (payload: EventTypes[E]) => void): Unsubscribe;
  emit<E extends EventName>(event: E, payload: EventTypes[E]): void;
  /** Emits the event, and gives it to each listener of it that subscribes later (the latest KEPT_EVENTS). */
  keep<E extends EventName>(event: E, payload: EventTypes[E]): void;
}

/** Kept events at most; the oldest go first (a listener that is told twice tolerates it: job ids are unique). */
export const KEPT_EVENTS = 32;

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(EVENTS, value);
}

export function createEventHub(reportError: (error: unknown) => void = (error) => console.error(error)): EventHub {
  const listeners = new Map<EventName, Set<AnyListener>>();
  const kept: { event: EventName; payload: unknown }[] = [];
  const tell = (listener: AnyListener, payload: unknown) => {
    try {
      (listener as (value: unknown) => void)(payload);
    } catch (error) {
      reportError(error);
    }
  };
  const emit = (event: EventName, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) tell(listener, payload);
  };
  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const entry = listener as AnyListener;
      set.add(entry);
      for (const past of kept.filter((keptEvent) => keptEvent.event === event)) tell(entry, past.payload);
      return () => {
        set.delete(entry);
      };
    },
    emit,
    keep(event, payload) {
      kept.push({ event, payload });
      if (kept.length > KEPT_EVENTS) kept.shift();
      emit(event, payload);
    },
  };
}
