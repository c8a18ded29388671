import { describe, expect, it } from 'vitest';
import { progressStep, stepwise } from '../../../src/main/workers/progress-steps';

describe('a job worker’s progress messages', () => {
  it('go out whenever the bar’s percent or stage changes, however soon after the last', () => {
    const sent: [string, number][] = [];
    const report = stepwise<string>((stage, fraction) => sent.push([stage, fraction]));
    // All within a millisecond: a time-based throttle would hold back 0.111 and the stage change.
    for (const [stage, fraction] of [
      ['checking', 0.101],
      ['checking', 0.102],
      ['checking', 0.111],
      ['checking', 0.114],
      ['counting', 0.114],
      ['counting', 1],
    ] as const) {
      report(stage, fraction);
    }
    expect(sent).toEqual([
      ['checking', 0.101],
      ['checking', 0.111],
      ['counting', 0.114],
      ['counting', 1],
    ]);
  });

  it('step as the page rounds its percent', () => {
    expect([0, 0.004, 0.005, 0.994, 0.995, 1].map(progressStep)).toEqual([0, 0, 1, 99, 100, 100]);
  });
});
