import { describe, expect, it } from 'vitest';
import { checkGuarantees } from '../../../../src/main/engine/guarantees/check-guarantees';
import { expandSharedSchemas } from '../../../../src/main/engine/guarantees/expand-shared';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { shareSchemas, type SharingWork } from '../../../../src/main/engine/transform/share-schemas';
import { outputText, transformCatalog } from '../../../../src/main/engine/transform/transform-catalog';
import { countTokens } from '../../../../src/main/engine/tokens/count-tokens';
import { LEVELS, type LevelName } from '../../../../src/shared/levels';
import { TOKENIZERS } from '../../../../src/shared/tokenizers';
import { realFixtures, referenceInputs } from '../../../helpers/fixtures';
import { generateSharedSchemas } from '../../../../scripts/bench/generate-shared-schemas.mjs';

const recipient = {
  type: 'object',
  description: 'A recipient of the message, by address.',
  properties: {
    emailAddress: { type: 'object', properties: { address: { type: 'string', format: 'email' }, name: { type: 'string', description: 'Display name' } } },
  },
};
const mail = {
  tools: [
    {
      name: 'send_mail',
      description: 'Send a message.',
      inputSchema: {
        type: 'object',
        properties: {
          to: { type: 'array', items: recipient },
          cc: { type: 'array', items: recipient },
          bcc: { type: 'array', items: recipient },
          from: recipient,
        },
        required: ['to'],
      },
    },
    { name: 'one_recipient', inputSchema: { type: 'object', properties: { who: recipient } } },
  ],
};

function shrink(text: string, shareSchemas: boolean, level?: LevelName) {
  const result = transformCatalog(parseJson(text), { shareSchemas, level })!;
  return { result, text: outputText(result) };
}

describe('shared sub-schemas (docs/transform.md, opt-in)', () => {
  const input = JSON.stringify(mail, null, 2);
  const plain = shrink(input, false);
  const shared = shrink(input, true);

  it('writes repeated sub-schemas once in the tool’s $defs and references them', () => {
    const schema = JSON.parse(shared.text).tools[0].inputSchema;
    expect(Object.keys(schema.$defs)).toEqual(['s1', 's2']);
    expect(schema.properties).toEqual({ to: { $ref: '#/$defs/s1' }, cc: { $ref: '#/$defs/s1' }, bcc: { $ref: '#/$defs/s1' }, from: { $ref: '#/$defs/s2' } });
    expect(schema.$defs.s1).toEqual({ type: 'array', items: { $ref: '#/$defs/s2' } });
    expect(schema.$defs.s2).toEqual(recipient);
    expect(shared.text.length).toBeLessThan(plain.text.length);
    expect(shared.result.sharedDefinitions).toBe(2);
  });

  it('only within one tool: a sub-schema used once in a tool stays inline', () => {
    expect(JSON.parse(shared.text).tools[1]).toEqual(JSON.parse(plain.text).tools[1]);
  });

  it('is off by default', () => {
    expect(outputText(transformCatalog(parseJson(input))!)).toBe(plain.text);
  });

  it('expands back to exactly the output without sharing, and every guarantee holds through the references', () => {
    const expanded = expandSharedSchemas(parseJson(input), parseJson(shared.text));
    expect(expanded.doc.text).toBe(plain.text);
    expect([expanded.sharedDefinitions, expanded.unresolved]).toEqual([2, []]);
    const report = checkGuarantees(parseJson(input), parseJson(shared.text));
    expect([report.selection.ok, report.construction.ok, report.constraints.ok, report.facts.ok]).toEqual([true, true, true, true]);
    expect(report.selection.parameters).toBe(checkGuarantees(parseJson(input), parseJson(plain.text)).selection.parameters);
  });

  it('notices a shared definition that went missing', () => {
    const broken = shared.text.replace('"s2":{', '"s9":{');
    const report = checkGuarantees(parseJson(input), parseJson(broken));
    expect(report.construction.ok).toBe(false);
    expect(report.construction.brokenRefs.map((r) => [r.ref, r.resolves])).toContainEqual(['#/$defs/s2', false]);
  });

  it('records where each tool lands in the new output', () => {
    for (const span of shared.result.tools) expect(JSON.parse(outputText(shared.result, span)).name).toBe(span.name);
    expect(shared.result.tools.map((t) => [t.sourceStart, t.sourceEnd])).toEqual(plain.result.tools.map((t) => [t.sourceStart, t.sourceEnd]));
  });

  it('is idempotent', () => {
    expect(shrink(shared.text, true).text).toBe(shared.text);
    expect(shrink(shared.text, false).text).toBe(shared.text);
  });

  it.each([
    ['the schema already has $defs', { $defs: { x: { type: 'string' } } }],
    ['it has an $id', { $id: 'https://example.com/s' }],
    ['it has an anchor', { properties: { anchor: { $anchor: 'a' } } }],
  ])('leaves a schema alone when %s', (_why, extra) => {
    const text = JSON.stringify({ tools: [{ ...mail.tools[0], inputSchema: { ...mail.tools[0]!.inputSchema, ...extra } }] });
    expect(shrink(text, true).text).toBe(shrink(text, false).text);
  });

  it('never moves a node an existing $ref points into', () => {
    const schema = {
      ...mail.tools[0]!.inputSchema,
      properties: { ...mail.tools[0]!.inputSchema.properties, alias: { $ref: '#/properties/to/items/properties/emailAddress' } },
    };
    const text = JSON.stringify({ tools: [{ name: 't', inputSchema: schema }] });
    const out = shrink(text, true).text;
    const report = checkGuarantees(parseJson(text), parseJson(out));
    expect([report.selection.ok, report.construction.ok]).toEqual([true, true]);
    expect(JSON.parse(out).tools[0].inputSchema.properties.to.items.properties.emailAddress).toBeDefined();
  });

  it.each([...realFixtures().map((f) => [f.name, f.text] as const), ...Object.entries(referenceInputs()).filter(([k]) => k !== 'GO_DDL')])(
    '%s: guarantees hold and the expansion is the unshared output, at every level',
    (_name, text) => {
      for (const level of LEVELS) {
        const sharedOut = shrink(text, true, level).text;
        expect(expandSharedSchemas(parseJson(text), parseJson(sharedOut)).doc.text, level).toBe(shrink(text, false, level).text);
        const report = checkGuarantees(parseJson(text), parseJson(sharedOut), undefined, undefined, level);
        expect([report.selection.ok, report.construction.ok, report.constraints.ok, report.facts.ok], level).toEqual([true, true, true, true]);
      }
    },
  );

  it('shares a schema only when that is fewer tokens in every tokenizer: two references to one short string schema cost more than they save \
(playwright-mcp, +4)', () => {
    // The shape of playwright-mcp's drag tool: two targets with the same one-sentence string schema.
    const target = { type: 'string', description: 'Which element: its reference from the page snapshot, or a selector that finds only it' };
    const drag = {
      tools: [
        {
          name: 'drag',
          description: 'Drags one element onto another.',
          inputSchema: { type: 'object', properties: { from: target, to: target }, required: ['from', 'to'] },
        },
      ],
    };
    const text = JSON.stringify(drag);
    const plainOut = shrink(text, false).text;
    const sharedOut = shrink(text, true);
    expect(sharedOut.text).toBe(plainOut);
    expect(sharedOut.result.sharedDefinitions).toBe(0);
    // The mail catalog's sharing does save, in both tokenizers, and is kept.
    for (const tokenizer of TOKENIZERS) expect(countTokens(shared.text, tokenizer)).toBeLessThan(countTokens(plain.text, tokenizer));
  });

  it.each(realFixtures().map((f) => [f.name, f.text] as const))('%s: no tool costs more tokens shared than not, in either tokenizer', (_name, text) => {
    const plainOut = shrink(text, false);
    const sharedOut = shrink(text, true);
    const toolTexts = (out: { result: { tools: { outputStart: number; outputEnd: number }[]; output: Uint8Array } }) =>
      out.result.tools.map((tool) => new TextDecoder().decode(out.result.output.subarray(tool.outputStart, tool.outputEnd)));
    const before = toolTexts(plainOut);
    const after = toolTexts(sharedOut);
    for (const [at, tool] of after.entries()) {
      for (const tokenizer of TOKENIZERS)
        expect(countTokens(tool, tokenizer), `tool ${at}, ${tokenizer}`).toBeLessThanOrEqual(countTokens(before[at]!, tokenizer));
    }
  });
});

describe('shared sub-schemas: the work grows linearly with the catalog', () => {
  /** A schema `levels` deep: each level three identical properties and the next level (every level's text holds all below it). */
  function deepCatalog(levels: number): string {
    let schema: object = { type: 'string' };
    for (let level = levels; level > 0; level--) {
      const count = {
        type: 'integer',
        minimum: level,
        maximum: 1000 + level,
        enum: [level, level + 1, level + 2],
        description: `How many items the service keeps at level ${level} of the tree.`,
      };
      schema = { type: 'object', properties: { first: count, second: count, third: count, next: schema } };
    }
    return JSON.stringify({ tools: [{ name: 'deep', description: 'Nested settings.', inputSchema: schema }] });
  }

  /** Steps shareSchemas takes on `text`, and the definitions it writes. */
  function sharingWork(text: string): { steps: number; definitions: number } {
    const work: SharingWork = { steps: 0 };
    const result = shareSchemas(transformCatalog(parseJson(text), { shareSchemas: false })!, false, work);
    return { steps: work.steps, definitions: result.sharedDefinitions };
  }

  it.each([
    ['one tool with many distinct repeated sub-schemas', (scale: number) => generateSharedSchemas(scale * 64 * 1024)],
    ['one schema nested ever deeper', (scale: number) => deepCatalog(scale * 50)],
  ])('%s: 8 times the catalog, at most about 8 times the steps', (_shape, catalog) => {
    const small = sharingWork(catalog(1));
    const large = sharingWork(catalog(8));
    expect(small.definitions).toBeGreaterThan(10);
    expect(large.definitions / small.definitions).toBeGreaterThanOrEqual(7);
    // Linear: 8; the digits of ever larger numbers add a little. A pass over every text above a node, or over the
    // whole schema per definition, made it 40 to 60.
    expect(large.steps / small.steps).toBeLessThan(9);
  });
});
