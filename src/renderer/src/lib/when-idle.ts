// Work the page can put off until it has nothing else to do: the first frames
// after it opened, or after a result was drawn, belong to what a person waits for.

/** Runs `run` once the page is idle, at the latest after `timeoutMs`; the returned function cancels it if it has not run. */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const idle = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(idle);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}
