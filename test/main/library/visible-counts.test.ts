// lint's `visible` figures (docs/transform.md): each rendering counted once, tools +
// envelope adding up to it, before from the input, after from the shrunk output.

import { describe, expect, it } from 'vitest';
import { lint, shrink, visibleTokens } from '../../../src/main/lib';
import { parseJson } from '../../../src/main/engine/json/parse-json';
import { countTokens } from '../../../src/main/engine/tokens';
import { readCatalog } from '../../../src/main/engine/transform/catalog-shape';
import { renderVisible } from '../../../src/main/engine/visible/render-visible';
import { RENDERINGS, type RenderingName } from '../../../src/main/engine/visible/rendering';
import { realFixture, realFixtures } from '../../helpers/fixtures';

const decoder = new TextDecoder();

/** The single-pass count of a catalog's rendering. */
function renderedTokens(name: RenderingName, bytes: Uint8Array): number {
  const doc = parseJson(decoder.decode(bytes));
  return countTokens(decoder.decode(renderVisible(name, doc, readCatalog(doc)!).text), 'o200k_base');
}

describe("lint's visible figures", () => {
  it.each(realFixtures().map((f) => [f.name, f] as const))(
    '%s: before renders the input, after the output, tools + envelope = total',
    async (_name, fixture) => {
      const report = await lint(fixture.bytes);
      const { result } = await shrink(fixture.bytes, { store: ':memory:' });
      for (const name of RENDERINGS) {
        const total = report.visible[name];
        expect(total.tokens_before, name).toBe(renderedTokens(name, fixture.bytes));
        expect(total.tokens_after, name).toBe(renderedTokens(name, result.output));
        for (const side of ['tokens_before', 'tokens_after'] as const) {
          const parts = report.tools.reduce((sum, tool) => sum + tool.visible[name][side], report.envelope.visible[name][side]);
          expect(parts, `${name} ${side}`).toBe(total[side]);
        }
      }
      // Whitespace and annotations never reach a model: what it sees is less than the catalog's JSON.
      expect(report.visible.anthropic.tokens_before).toBeLessThanOrEqual(report.tokens_minified);
    },
  );

  it('gives after = before when the catalog passes through', async () => {
    const minimal = '{"tools":[{"name":"a","description":"Reads a.","inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}}]}';
    const report = await lint(minimal);
    expect(report.total.tokens_after).toBe(report.total.tokens_before);
    for (const name of RENDERINGS) {
      expect(report.visible[name].tokens_after).toBe(report.visible[name].tokens_before);
      expect(report.tools[0]!.visible[name].tokens_after).toBe(report.tools[0]!.visible[name].tokens_before);
    }
  });

  it('does not count annotations, titles or icons a client keeps', async () => {
    const plain = { name: 'a', description: 'Reads a.', inputSchema: { type: 'object' } };
    const dressed = {
      ...plain,
      title: 'A title that is long enough to cost tokens',
      annotations: { readOnlyHint: true, title: 'More words here' },
      icons: [{ src: 'https://example.com/a.png' }],
      _meta: { k: 'v' },
      outputSchema: { type: 'object', properties: { r: { type: 'string' } } },
    };
    const [bare, full] = await Promise.all([lint(JSON.stringify({ tools: [plain] })), lint(JSON.stringify({ tools: [dressed] }))]);
    expect(full.visible.anthropic.tokens_before).toBe(bare.visible.anthropic.tokens_before);
    expect(full.visible.openai.tokens_before).toBe(bare.visible.openai.tokens_before);
    expect(full.tokens_minified).toBeGreaterThan(bare.tokens_minified);
  });
});

describe('visibleTokens', () => {
  it("equals lint's figures from the input's and the output's bytes", async () => {
    const { bytes } = realFixture('server-filesystem.json');
    const { result } = await shrink(bytes, { store: ':memory:' });
    expect(await visibleTokens(bytes, result.output)).toEqual((await lint(bytes)).visible);
  });

  it('counts a pass-through once, and is undefined for what is not a catalog', async () => {
    const bytes = new TextEncoder().encode('{"tools":[{"name":"a","inputSchema":{}}]}');
    const seen = await visibleTokens(bytes, bytes);
    expect(seen!.anthropic.tokens_after).toBe(seen!.anthropic.tokens_before);
    expect(await visibleTokens(new TextEncoder().encode('{"a":1}'), bytes)).toBeUndefined();
    expect(await visibleTokens(new TextEncoder().encode('{"a":'), bytes)).toBeUndefined();
    expect(await visibleTokens(new Uint8Array([0x7b, 0xff]), bytes)).toBeUndefined();
  });
});
