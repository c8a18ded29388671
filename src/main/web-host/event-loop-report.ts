// Optional measurement of this process's event loop, for
// scripts/measure-responsiveness.mjs: on SIGUSR2 it writes the largest stall
// since the last report to stderr as one line and starts over.

import { monitorEventLoopDelay } from 'node:perf_hooks';

export const EVENT_LOOP_LINE_PREFIX = 'event-loop: ';

export function reportEventLoopOnSignal(write: (line: string) => void): () => void {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const report = () => {
    const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
    const figures = { maxMs: ms(histogram.max), p99Ms: ms(histogram.percentile(99)), meanMs: ms(histogram.mean), samples: histogram.count };
    write(`${EVENT_LOOP_LINE_PREFIX}${JSON.stringify(figures)}\n`);
    histogram.reset();
  };
  process.on('SIGUSR2', report);
  return () => {
    process.off('SIGUSR2', report);
    histogram.disable();
  };
}
