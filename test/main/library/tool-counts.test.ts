import { describe, expect, it } from 'vitest';
import { prepareCatalog } from '../../../src/main/library/prepare-catalog';
import { readInput } from '../../../src/main/library/read-catalog-text';
import { beginToolCount, inputToolSpans, outputToolSpans, toolCountsOf } from '../../../src/main/library/tool-counts';
import { attributeTokens, countTokens, ParallelTokenCounter } from '../../../src/main/engine/tokens';
import { outputText } from '../../../src/main/engine/transform/transform-catalog';
import { realFixtures } from '../../helpers/fixtures';

const BOM = [0xef, 0xbb, 0xbf];
const nonAscii = new TextEncoder().encode(
  JSON.stringify(
    {
      tools: ['検索', 'café', '🚀 launch'].map((name, i) => ({
        name,
        description: `Ünïcödé ${i} — “quoted” 漢字 text. Must be at most 50.`,
        inputSchema: { type: 'object', properties: { q: { type: 'string', title: 'Q', description: 'émoji 🎉 and 日本語' } } },
      })),
    },
    null,
    1,
  ),
);

describe('tool counts', () => {
  it('give each tool of the input bytes the share a count of the decoded text gives it, BOM and non-ASCII text included', async () => {
    const counter = new ParallelTokenCounter({ workers: 1, minParallelChars: 1 });
    try {
      const inputs = [nonAscii, new Uint8Array([...BOM, ...nonAscii]), ...realFixtures().map((fixture) => new Uint8Array([...BOM, ...fixture.bytes]))];
      for (const bytes of inputs) {
        const read = readInput(bytes);
        const prepared = prepareCatalog(read);
        if (!prepared.ok || !read.decoded.ok) throw new Error('not a catalog');
        const job = beginToolCount(counter, bytes, inputToolSpans(read, prepared.transform), 'o200k_base');
        await job.finish();
        // The reference: the decoded text, cut at its tools' UTF-16 offsets, counted on one thread.
        const bom = read.decoded.hadBom ? '\ufeff' : '';
        const text = bom + read.decoded.text;
        const spans = prepared.transform.tools.map((tool) => [tool.sourceStart + bom.length, tool.sourceEnd + bom.length] as const);
        const reference = attributeTokens(text, spans, (start, end) => countTokens(text.slice(start, end), 'o200k_base'));
        expect(toolCountsOf(job)).toEqual({ total: countTokens(text, 'o200k_base'), parts: reference.parts });

        const outputJob = beginToolCount(counter, prepared.transform.output, outputToolSpans(prepared.transform), 'o200k_base');
        await outputJob.finish();
        expect(toolCountsOf(outputJob).total).toBe(countTokens(outputText(prepared.transform), 'o200k_base'));
      }
    } finally {
      await counter.close();
    }
  });
});
