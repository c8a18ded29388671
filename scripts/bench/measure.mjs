// Timing helpers for the benchmark: medians of repeated runs, in one process.

/** Median time of `work` over `runs` runs; `after` (not timed) runs after each one. */
export async function median(runs, work, after) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    globalThis.gc?.();
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
