import { describe, expect, it } from 'vitest';
import { NO_PROGRESS, parts, perTool, span, weighted } from '../../../src/main/engine/tool-progress';

describe('progress through walks over the tools', () => {
  it('maps a part of the work into its share, parts one after another, a step per tool', () => {
    const heard: number[] = [];
    const whole = (fraction: number) => heard.push(fraction);
    span(whole, 0.5, 0.75)(0.5);
    const [first, second] = parts(whole, 2);
    perTool(first!, 4)(0);
    perTool(second!, 4)(3);
    expect(heard).toEqual([0.625, 0.125, 1]);
  });

  it('costs nothing without a listener, and a catalog without tools still finishes', () => {
    expect(span(NO_PROGRESS, 0, 0.5)).toBe(NO_PROGRESS);
    expect(parts(NO_PROGRESS, 3)).toEqual([NO_PROGRESS, NO_PROGRESS, NO_PROGRESS]);
    const heard: number[] = [];
    perTool((fraction) => heard.push(fraction), 0)(0);
    expect(heard).toEqual([1]);
  });

  it('gives weighted parts their share of the bar, one after another', () => {
    const heard: number[] = [];
    const [quick, slow, last] = weighted((fraction) => heard.push(fraction), [1, 6, 3]);
    quick!(1);
    slow!(0.5);
    slow!(1);
    last!(1);
    expect(heard.map((fraction) => Math.round(fraction * 1000) / 1000)).toEqual([0.1, 0.4, 0.7, 1]);
  });
});
