// Timing helpers for the benchmark: medians of repeated runs, in one process.

/**
 * Median time of `work` over `runs` runs; `after` (not timed) runs after each
 * one. The heap is collected once, then one untimed run warms the code and
 * sizes the heap for this work, so every timed run meets the same steady
 * state (the one an app or a long-running caller sees). A collection forced
 * before each run would instead leave V8 re-growing its heap during the run,
 * with concurrent marking on the other core: only a shrink that uses both
 * cores paid for that (background GC threads 19 → 147 ms CPU per 8 MiB run).
 */
export async function median(runs, work, after) {
  globalThis.gc?.();
  await work();
  await after?.();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
    await after?.();
  }
  return middle(times);
}

/** The median of some numbers (the upper one of the middle two). */
export function middle(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

export function ratio(value, baseline) {
  return baseline > 0 ? Math.round((value / baseline) * 100) / 100 : null;
}

export function formatMs(ms) {
  return ms >= 100 ? `${Math.round(ms)}` : ms >= 1 ? ms.toFixed(1) : ms.toFixed(3);
}
