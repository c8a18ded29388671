import { describe, expect, it } from 'vitest';
import { pacedProgress, PROGRESS_INTERVAL_MS, type PacerClock } from '../../../src/main/jobs/progress-pacer';

/** A clock the test moves: `advance` runs what came due, in order. */
function manualClock(): PacerClock & { advance(ms: number): void; waiting(): number } {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    later(run, ms) {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => (timers = timers.filter((t) => t !== timer));
    },
    advance(ms) {
      const until = now + ms;
      for (let due = timers.sort((a, b) => a.at - b.at)[0]; due && due.at <= until; due = timers.sort((a, b) => a.at - b.at)[0]) {
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.run();
      }
      now = until;
    },
    waiting: () => timers.length,
  };
}

function paced() {
  const clock = manualClock();
  const sent: [string, number][] = [];
  const pacer = pacedProgress<string>((stage, fraction) => sent.push([stage, fraction]), PROGRESS_INTERVAL_MS, clock);
  return { clock, sent, pacer };
}

describe('a job’s progress, paced', () => {
  it('sends a new stage at once and, within a stage, the latest update once the interval is over', () => {
    const { clock, sent, pacer } = paced();
    pacer.report('transforming', 0);
    for (let percent = 1; percent <= 30; percent++) pacer.report('transforming', percent / 100);
    expect(sent).toEqual([['transforming', 0]]);
    clock.advance(PROGRESS_INTERVAL_MS);
    expect(sent).toEqual([
      ['transforming', 0],
      ['transforming', 0.3],
    ]);
    // Nothing held back: no update is sent again.
    clock.advance(PROGRESS_INTERVAL_MS * 3);
    expect(sent).toHaveLength(2);
  });

  it('sends an update at once when the last one of its stage is an interval old', () => {
    const { clock, sent, pacer } = paced();
    pacer.report('counting', 0.1);
    clock.advance(PROGRESS_INTERVAL_MS + 5);
    pacer.report('counting', 0.2);
    expect(sent).toEqual([
      ['counting', 0.1],
      ['counting', 0.2],
    ]);
  });

  it('never skips a stage: a new one goes at once and supersedes what the last one held back', () => {
    const { clock, sent, pacer } = paced();
    pacer.report('checking', 0.4);
    pacer.report('checking', 0.5);
    pacer.report('storing', 0.6);
    pacer.report('diffing', 0.9);
    clock.advance(PROGRESS_INTERVAL_MS * 2);
    expect(sent).toEqual([
      ['checking', 0.4],
      ['storing', 0.6],
      ['diffing', 0.9],
    ]);
    expect(clock.waiting()).toBe(0);
  });

  it('sends nothing once stopped, not even what it held back', () => {
    const { clock, sent, pacer } = paced();
    pacer.report('counting', 0.1);
    pacer.report('counting', 0.7);
    pacer.stop();
    expect(clock.waiting()).toBe(0);
    pacer.report('diffing', 0.9);
    clock.advance(PROGRESS_INTERVAL_MS * 2);
    expect(sent).toEqual([['counting', 0.1]]);
  });
});
