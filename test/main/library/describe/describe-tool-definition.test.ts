// The describe tool's price: the tokens it adds are the
// exact difference between a tools/list with it and without it, on every
// real catalog; lint reports it next to the saving (0 and "not listed" when
// nothing was shortened), with the name it would take beside the catalog.

import { describe, expect, it } from 'vitest';
import { describeToolShares, lint } from '../../../../src/main/library/lint';
import { sharedCounter } from '../../../../src/main/library/shared-counter';
import { visibleTokens } from '../../../../src/main/library/visible-tokens';
import { shrink } from '../../../../src/main/library/shrink';
import { withDescribeTool } from '../../../../src/main/library/describe';
import { lintTable } from '../../../../src/main/cli/commands/lint-command';
import { validatorFor } from '../../../../src/main/contracts/contract-validator';
import { CONTRACT_IDS } from '../../../../src/shared/contracts';
import { countTokens } from '../../../../src/main/engine/tokens';
import { describeToolDefinition, describeToolName, describeToolTokens } from '../../../../src/main/library/describe';
import { realFixtures } from '../../../helpers/fixtures';

// Prose with no fact in it, so a listing at a deferral level (leads, as the proxy lists) drops all but the lead.
const LONG =
  'Finds things for the caller in the archive. The team that wrote it likes long walks, warm tea and quiet ' +
  'afternoons in the garden. Its logo is a small green frog that somebody drew by hand.';
/** "162 - 64 = 98": the tokens saved, less what the describe tool adds, as the footer groups them. */
function net({ tokens_before, tokens_after }: { tokens_before: number; tokens_after: number }, added: number): string {
  const grouped = (n: number) => n.toLocaleString('en-US');
  return `${grouped(tokens_before - tokens_after)} - ${grouped(added)} = ${grouped(tokens_before - tokens_after - added)}`;
}
const tool = (name: string, description: string) => ({ name, description, inputSchema: { type: 'object', title: 'T', properties: { q: { type: 'string' } } } });

describe('caveman_describe price', () => {
  it('is the exact difference a listed definition makes, on every real catalog and on an empty list', () => {
    for (const fixture of realFixtures()) {
      const parsed = JSON.parse(fixture.text) as { tools?: unknown[] } | unknown[];
      const tools = Array.isArray(parsed) ? parsed : (parsed.tools ?? []);
      for (const tokenizer of ['o200k_base', 'cl100k_base'] as const) {
        const withIt = countTokens(JSON.stringify({ tools: [...tools, describeToolDefinition()] }), tokenizer);
        const without = countTokens(JSON.stringify({ tools }), tokenizer);
        expect(
          describeToolTokens(tokenizer, 'caveman_describe', tools.length > 0 ? JSON.stringify(tools.at(-1)) : undefined),
          `${fixture.name} ${tokenizer}`,
        ).toBe(withIt - without);
      }
    }
    expect(describeToolTokens('o200k_base', 'caveman_describe', undefined)).toBe(
      countTokens(JSON.stringify({ tools: [describeToolDefinition()] }), 'o200k_base') - countTokens('{"tools":[]}', 'o200k_base'),
    );
  });

  it('takes a free name beside the catalog', () => {
    expect(describeToolName(['a', 'b'])).toBe('caveman_describe');
    expect(describeToolName(['caveman_describe', 'caveman_describe_2'])).toBe('caveman_describe_3');
  });

  it('lint reports it next to the saving, valid against the contract', async () => {
    const catalog = JSON.stringify({ tools: [tool('caveman_describe', LONG), tool('plain', 'Short.')] });
    const report = await lint(catalog, { level: 'leads' });
    expect(validatorFor(CONTRACT_IDS.lintReport)(report)).toBe(true);
    const lastTool = JSON.stringify({ name: 'plain', description: 'Short.', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } });
    const tokens = describeToolTokens('o200k_base', 'caveman_describe_2', lastTool);
    const seen = await describeToolShares('caveman_describe_2', 'o200k_base', sharedCounter());
    expect(report.describe_tool).toEqual({
      name: 'caveman_describe_2',
      tokens,
      shortened_tools: 1,
      visible: { anthropic: seen.anthropic, openai: seen.openai },
    });
    // Its share of the rendering is what listing it adds, up to the tokens of the join (the comma before it).
    const { result } = await shrink(catalog, { level: 'leads', store: ':memory:' });
    const added = withDescribeTool(new TextEncoder().encode(catalog), result.output);
    const grew = (await visibleTokens(result.output, added.added ? added.output : result.output))!;
    expect(Math.abs(grew.anthropic.tokens_after - grew.anthropic.tokens_before - seen.anthropic)).toBeLessThanOrEqual(2);
    expect(Math.abs(grew.openai.tokens_after - grew.openai.tokens_before - seen.openai)).toBeLessThanOrEqual(2);
    // The footer leads with what Claude is handed, the describe tool's own share of that rendering taken off; OpenAI and the JSON
    // follow. Here the cut saves less than the describe tool adds, so the proxy would list the tools without deferring.
    const { anthropic, openai } = report.visible;
    expect(anthropic.tokens_before - anthropic.tokens_after).toBeLessThan(seen.anthropic);
    expect(lintTable(report).split('\n').at(-2)).toBe(
      `proxy: caveman_describe_2 adds ${seen.anthropic} tokens as Claude sees it (1 tool shortened); per tools/list Claude is handed ` +
        `${net(anthropic, seen.anthropic)} tokens: no fewer than without the proxy, which then lists the tools without deferring ` +
        `(OpenAI ${net(openai, seen.openai)}; JSON ${net(report.total, tokens)})`,
    );

    const whole = await lint(JSON.stringify({ tools: [tool('plain', 'Short.')] }));
    expect(whole.describe_tool).toEqual({ name: 'caveman_describe', tokens: 0, shortened_tools: 0 });
    expect(lintTable(whole).split('\n').at(-2)).toBe('proxy: caveman_describe not listed (no description was shortened)');
    // A catalog that passes through is listed unchanged, with nothing added.
    expect((await lint('{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}')).describe_tool).toBeUndefined();
  });

  it('lint’s footer on github-mcp-server says what Claude is handed less the describe tool, not the JSON saving', async () => {
    const report = await lint(realFixtures().find((fixture) => fixture.name === 'github-mcp-server.json')!.bytes);
    const price = report.describe_tool!;
    const { anthropic, openai } = report.visible;
    expect(lintTable(report).split('\n').at(-2)).toBe(
      `proxy: caveman_describe adds ${price.visible!.anthropic} tokens as Claude sees it (${price.shortened_tools} tools shortened); ` +
        `per tools/list Claude is handed ${net(anthropic, price.visible!.anthropic)} fewer tokens ` +
        `(OpenAI ${net(openai, price.visible!.openai)}; JSON ${net(report.total, price.tokens)})`,
    );
  });
});
