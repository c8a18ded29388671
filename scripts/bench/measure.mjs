// Timing helpers for the benchmark: medians of repeated runs, in one process.

/** Untimed runs before the timed ones: a shrink's code settles after about three (V8 stops deoptimising and re-optimising it). */
export const WARM_UP_RUNS = 3;

/**
 * Median time of `work` over `runs` runs; `after` (not timed) runs after each
 * one. The heap is collected once, then WARM_UP_RUNS untimed runs warm the
 * code and size the heap for this work, so every timed run meets the same
 * steady state (the one an app or a long-running caller sees; a process's
 * first run is measured on its own, in a fresh process). A collection forced
 * before each run would instead leave V8 re-growing its heap during the run,
 * with concurrent marking on the other core: only a shrink that uses both
 * cores paid for that (background GC threads 19 → 147 ms CPU per 8 MiB run).
 */
export async function median(runs, work, after) {
  globalThis.gc?.();
  for (let i = 0; i < WARM_UP_RUNS; i++) {
    await work();
    await after?.();
  }
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
    await after?.();
  }
  if (process.env.CAVEMAN_BENCH_TIMES) process.stderr.write(`  ${work.name || 'run'}: ${times.map(formatMs).join(' ')} ms\n`);
  return middle(times);
}

/**
 * Times several works in rounds, one run of each per round in an order that
 * rotates from round to round, after WARM_UP_RUNS untimed rounds. This VM's
 * speed drifts with its host even within one bench (`node -e 0` went from 96
 * to 147 ms in one run), and such drift slows the works of one round alike:
 * compare two of them with pairedRatio, round by round, not by their
 * separate medians. Returns each work's times in round order.
 */
export async function interleaved(rounds, works) {
  globalThis.gc?.();
  const entries = Object.entries(works);
  const times = Object.fromEntries(entries.map(([name]) => [name, []]));
  for (let round = 0; round < WARM_UP_RUNS + rounds; round++) {
    for (let k = 0; k < entries.length; k++) {
      const [name, { work, after }] = entries[(k + round) % entries.length];
      const started = performance.now();
      await work();
      const ms = performance.now() - started;
      await after?.();
      if (round >= WARM_UP_RUNS) times[name].push(ms);
    }
  }
  if (process.env.CAVEMAN_BENCH_TIMES)
    for (const [name, list] of Object.entries(times)) process.stderr.write(`  ${name}: ${list.map(formatMs).join(' ')} ms\n`);
  return times;
}

/** The median, over rounds, of `times[i] / baseline[i]` (two works timed by interleaved()). */
export function pairedRatio(times, baseline) {
  return Math.round(middle(times.map((ms, i) => ms / baseline[i])) * 100) / 100;
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
