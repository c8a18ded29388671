import { describe, expect, it } from 'vitest';
import { formatUsd, MAX_INPUT_PRICE, parseInputPrice, priceProblem, savingPer1000Requests } from '../../../src/renderer/src/lib/input-price';

describe('input price', () => {
  it('reads plain amounts, with or without a dollar sign', () => {
    expect(parseInputPrice('2.5')).toBe(2.5);
    expect(parseInputPrice(' $0.15 ')).toBe(0.15);
    expect(parseInputPrice('.5')).toBe(0.5);
    expect(parseInputPrice('3.')).toBe(3);
    expect(parseInputPrice('0')).toBe(0);
    expect(parseInputPrice(String(MAX_INPUT_PRICE))).toBe(MAX_INPUT_PRICE);
  });

  it('refuses what is not a price', () => {
    for (const bad of ['', ' ', '-1', 'abc', '1e3', '2,50', 'NaN', 'Infinity', '1.2.3', String(MAX_INPUT_PRICE + 1)])
      expect(parseInputPrice(bad), bad).toBeNull();
    for (const bad of [null, undefined, 2.5, {}]) expect(parseInputPrice(bad)).toBeNull();
  });

  it('says why a text is not a price, and the range that is', () => {
    const range = 'type 0 to 10,000, e.g. 2.50';
    expect(priceProblem('2.5x')).toBe(`“x” is not part of a price: ${range}`);
    expect(priceProblem('1e3')).toBe(`“e” is not part of a price: ${range}`);
    expect(priceProblem('-1')).toBe(`A price is not negative: ${range}`);
    expect(priceProblem('$-1')).toBe(`A price is not negative: ${range}`);
    expect(priceProblem('2,50')).toBe(`Decimals take a point, not a comma: ${range}`);
    expect(priceProblem('1.2.3')).toBe(`Only one decimal point: ${range}`);
    expect(priceProblem('$')).toBe(`No digits: ${range}`);
    expect(priceProblem('2 5')).toBe(`No spaces inside a price: ${range}`);
    expect(priceProblem(String(MAX_INPUT_PRICE + 1))).toBe(`Above the largest price taken: ${range}`);
    // A price, or nothing typed yet, is no problem.
    for (const fine of ['', '  ', '2.5', '$3', '0', String(MAX_INPUT_PRICE)]) expect(priceProblem(fine), fine).toBeNull();
  });

  it('prices the saved tokens of 1,000 requests', () => {
    // 12,000 tokens saved per request × 1,000 requests = 12M tokens, at $2.50 per 1M.
    expect(savingPer1000Requests(12_000, 2.5)).toBe(30);
    expect(savingPer1000Requests(1, 0.1)).toBeCloseTo(0.0001, 12);
    expect(savingPer1000Requests(0, 5)).toBe(0);
  });

  it('formats dollars to the cent, and keeps sub-cent amounts visible', () => {
    expect(formatUsd(30)).toBe('$30.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.0042)).toBe('$0.0042');
    expect(formatUsd(0.01)).toBe('$0.01');
  });
});
