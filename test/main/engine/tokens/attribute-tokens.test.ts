import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributeTokens } from '../../../../src/main/engine/tokens/attribute-tokens';
import { countTokens } from '../../../../src/main/engine/tokens/count-tokens';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { readCatalog } from '../../../../src/main/engine/transform/catalog-shape';
import { realFixtures } from '../../../helpers/fixtures';

const counter = (text: string) => (start: number, end: number) => countTokens(text.slice(start, end), 'o200k_base');

describe('attributeTokens', () => {
  it('splits every real catalog into tool shares and a rest that add up to the whole, none negative', () => {
    for (const fixture of realFixtures()) {
      const doc = parseJson(fixture.text);
      const spans = readCatalog(doc)!.tools.map((t) => [doc.start[t.node]!, doc.end[t.node]!] as const);
      const { parts, rest } = attributeTokens(fixture.text, spans, counter(fixture.text));
      expect(parts.reduce((a, b) => a + b, 0) + rest, fixture.name).toBe(countTokens(fixture.text, 'o200k_base'));
      expect(rest).toBeGreaterThanOrEqual(0);
      expect(parts.every((p) => p > 0)).toBe(true);
    }
  });

  it('adds up exactly for any text and any spans (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.array(fc.nat(300), { maxLength: 8 }), (text, cuts) => {
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const spans: [number, number][] = [];
        for (let i = 0; i + 1 < points.length; i += 2) spans.push([points[i]!, points[i + 1]!]);
        const { parts, rest } = attributeTokens(text, spans, counter(text));
        expect(parts.reduce((a, b) => a + b, 0) + rest).toBe(countTokens(text, 'o200k_base'));
      }),
      { numRuns: 300 },
    );
  });
});
