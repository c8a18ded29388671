// The proxy records what the model was handed on the shrink it served, so History shows its listings as the model saw them
// (Claude's and OpenAI's renderings, the describe tool included), not as JSON only.

import { describe, expect, it } from 'vitest';
import { listingProduct, servedListing } from '../../../../src/main/mcp/proxy/proxy-listing';
import { catalogBytes } from '../../../../src/main/mcp/proxy/listing-text';
import { visibleTokens } from '../../../../src/main/library/visible-tokens';
import { RecoveryStore } from '../../../../src/main/store';
import { realFixture } from '../../../helpers/fixtures';
import { formatInt } from '../../../../src/shared/format-figures';

const encoder = new TextEncoder();
const toolsOf = (text: string) => (JSON.parse(text) as { tools: unknown[] }).tools.map((tool) => encoder.encode(JSON.stringify(tool)));
const settings = { tokenizer: 'o200k_base' as const, sourceName: 'github', shareSchemas: false, describeTool: true };

describe('the proxy’s listing in History', () => {
  it('records what the model was handed, the describe tool included, on the shrink it served', async () => {
    const store = RecoveryStore.open(':memory:');
    try {
      const tools = toolsOf(realFixture('github-mcp-server.json').text);
      const product = await listingProduct(tools, { ...settings, store, level: 'leads' });
      const served = servedListing(product);
      const handedOut = [...served.tools, encoder.encode(JSON.stringify(served.local!.definition))];
      const expected = await visibleTokens(catalogBytes(tools), catalogBytes(handedOut));
      const [entry] = store.history({ shrinks: true }).entries;
      expect(entry!.visible).toEqual(expected);
      expect(entry!.shrinks![0]!.visible).toEqual(expected);
      // The stderr line gives the same Claude figures.
      expect(product.notes[0]).toContain(
        `${formatInt(expected!.anthropic.tokens_before)} → ${formatInt(expected!.anthropic.tokens_after)} tokens as the model sees them`,
      );
    } finally {
      store.close();
    }
  });

  // One tool whose cut at leads saves less than the describe tool adds.
  const tool = (schema: object) => ({ name: 'look', description: 'Looks something up. It is slow. It is old.', inputSchema: { type: 'object', ...schema } });

  it('a listing served at full instead is recorded on full’s shrink', async () => {
    const store = RecoveryStore.open(':memory:');
    try {
      // A schema title: full drops it, so full costs the model less than the listing.
      const listed = [encoder.encode(JSON.stringify(tool({ title: 'Look', properties: {} })))];
      const product = await listingProduct(listed, { ...settings, store, level: 'leads' });
      expect(product.notes[0]).toMatch(/^tools\/list served at full/);
      const expected = await visibleTokens(catalogBytes(listed), catalogBytes(servedListing(product).tools));
      const [entry] = store.history({ shrinks: true }).entries;
      expect(entry!.shrinks!.map((shrink) => shrink.visible)).toEqual([expected, null]);
    } finally {
      store.close();
    }
  });

  it('a listing served as the server listed it is recorded as the model saw it: whole', async () => {
    const store = RecoveryStore.open(':memory:');
    try {
      const product = await listingProduct([encoder.encode(JSON.stringify(tool({ properties: {} })))], { ...settings, store, level: 'leads' });
      expect(product.notes[0]).toMatch(/^tools\/list served as the server listed it/);
      const [entry] = store.history().entries;
      const { anthropic, openai } = entry!.visible!;
      expect(anthropic.tokens_after).toBe(anthropic.tokens_before);
      expect(openai.tokens_after).toBe(openai.tokens_before);
    } finally {
      store.close();
    }
  });
});
