// A call's own deadline, made to fall when the test is ready instead of after
// a wall-clock wait: setTimeout is faked while the call runs, the test awaits
// the event the deadline must come after (the server answered initialize, its
// banner was read), then the clock jumps past the deadline. The call still
// times out through its own timer and its own message; the test only stops
// waiting for nothing. Date is faked with it, so a backstop computed from the
// time left (the SDK's request timeout) still falls after the deadline, as it
// does in real time. Everything else (processes, pipes, setImmediate) is real.

import { vi } from 'vitest';

/**
 * Runs `call` with a faked setTimeout and Date; once `ready` resolves, moves the clock
 * `ms` on (firing the call's deadline and nothing later), then settles with the
 * call. Timers the call set after the jump stay unfired, so its cleanup must not
 * wait for one (a stopped server exits when its stdin closes).
 */
export async function deadlinePassedAfter<T>(ready: Promise<unknown>, ms: number, call: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  try {
    const pending = call();
    // Settled here too, so a call that fails before `ready` is not an unhandled rejection.
    pending.catch(() => undefined);
    await Promise.race([ready, pending]);
    // The turn after the event: what it set off synchronously (the request it sends, the stage it names) has happened.
    await new Promise((resolve) => setImmediate(resolve));
    vi.advanceTimersByTime(ms);
    return await pending;
  } finally {
    vi.useRealTimers();
  }
}
