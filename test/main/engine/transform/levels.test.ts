// The transform at each level (docs/levels.md, docs/levels.md): full reduces no
// description, facts is today's drop-in, leads and signatures defer text and
// mark the tools that lost any, at the end of each one's own description.

import { describe, expect, it } from 'vitest';
import { LEVELS, type LevelName } from '../../../../src/shared/levels';
import { countTokens } from '../../../../src/main/engine/tokens';
import { DEFERRAL_MARKER } from '../../../../src/main/engine/transform/deferral-marker';
import { keepsAtLeast } from '../../../../src/main/engine/transform/level-rules';
import { realFixtures, referenceInputs } from '../../../helpers/fixtures';
import { shrinkText } from '../../../helpers/transform';

const FILLER =
  'This sentence is filler that carries no rule at all and merely exists to push the whole description comfortably past the small budget for short text.';
const at = (level: LevelName, value: unknown) => JSON.parse(shrinkText(JSON.stringify(value), { level }));
const inputs = [...realFixtures().map((f) => [f.name, f.text] as const), ...Object.entries(referenceInputs()).filter(([k]) => k !== 'GO_DDL')];

const catalog = {
  tools: [
    {
      name: 'delete_branch',
      description: `Deletes a branch. ${FILLER} This cannot be undone. The branch must exist.`,
      inputSchema: {
        type: 'object',
        properties: {
          branch: { type: 'string', description: 'The branch name. Do not pass the default branch. Case-sensitive, as git is.' },
          force: { type: 'boolean', description: 'Delete unmerged work too.' },
        },
        required: ['branch'],
      },
    },
  ],
};

describe('levels', () => {
  it('full: every description whole, annotations and default-valued keywords still go', () => {
    const value = {
      tools: [
        {
          name: 't',
          description: `Lead here. ${FILLER}`,
          inputSchema: { title: 'T', additionalProperties: true, properties: { p: { description: `P lead. ${FILLER}` } } },
        },
      ],
    };
    expect(at('full', value)).toEqual({
      tools: [{ name: 't', description: `Lead here. ${FILLER}`, inputSchema: { properties: { p: { description: `P lead. ${FILLER}` } } } }],
    });
  });

  it('leads: each tool and each parameter keeps its lead and warnings, and the tool ends with the marker', () => {
    const out = at('leads', catalog);
    expect(out.tools[0].description).toBe(`Deletes a branch. This cannot be undone.${DEFERRAL_MARKER}`);
    expect(out.tools[0].inputSchema.properties).toEqual({
      branch: { type: 'string', description: 'The branch name. Do not pass the default branch.' },
      force: { type: 'boolean', description: 'Delete unmerged work too.' },
    });
    expect(out.tools[0].inputSchema.required).toEqual(['branch']);
  });

  it('signatures: the tool keeps its lead and warnings; the schema descriptions go, its structure stays', () => {
    const out = at('signatures', catalog);
    expect(out.tools[0]).toEqual({
      name: 'delete_branch',
      description: `Deletes a branch. This cannot be undone.${DEFERRAL_MARKER}`,
      inputSchema: { type: 'object', properties: { branch: { type: 'string' }, force: { type: 'boolean' } }, required: ['branch'] },
    });
  });

  it("overviews: the tool's own description whole, every parameter description deferred, its structure exact, and the marker", () => {
    const out = at('overviews', catalog);
    expect(out.tools[0]).toEqual({
      name: 'delete_branch',
      description: `${catalog.tools[0]!.description}${DEFERRAL_MARKER}`,
      inputSchema: { type: 'object', properties: { branch: { type: 'string' }, force: { type: 'boolean' } }, required: ['branch'] },
    });
    // A tool that had nothing to defer keeps its bytes and gets no marker.
    const bare = { tools: [{ name: 't', description: `Lists things. ${FILLER}`, inputSchema: { type: 'object', properties: { p: { type: 'string' } } } }] };
    expect(at('overviews', bare)).toEqual(bare);
  });

  it('marks a tool whose own description lost nothing when a parameter lost text, after the schema is written', () => {
    const value = { tools: [{ name: 't', description: 'Lists things.', inputSchema: { properties: { p: { description: 'P lead. More about p.' } } } }] };
    expect(shrinkText(JSON.stringify(value), { level: 'leads' })).toBe(
      `{"tools":[{"name":"t","description":"Lists things.${DEFERRAL_MARKER}","inputSchema":{"properties":{"p":{"description":"P lead."}}}}]}`,
    );
    // The description written after the schema carries it the same way.
    const after = { tools: [{ name: 't', inputSchema: { properties: { p: { description: 'P lead. More about p.' } } }, description: 'Lists things.' }] };
    expect(shrinkText(JSON.stringify(after), { level: 'signatures' })).toBe(
      `{"tools":[{"name":"t","inputSchema":{"properties":{"p":{}}},"description":"Lists things.${DEFERRAL_MARKER}"}]}`,
    );
  });

  it("keeps every tool's own description whole at full and facts on every real catalog: a client's tool search reads it", () => {
    const ownDescriptions = (text: string) => (JSON.parse(text) as { tools: { description?: unknown }[] }).tools.map((tool) => tool.description);
    for (const { name, text } of realFixtures()) {
      for (const level of ['full', 'facts'] as const) expect(ownDescriptions(shrinkText(text, { level })), `${name} ${level}`).toEqual(ownDescriptions(text));
    }
  });

  it('marks nothing that lost nothing, and never at full or facts', () => {
    const value = { tools: [{ name: 't', description: 'Lists things.', inputSchema: { title: 'x', properties: { p: { description: 'One sentence.' } } } }] };
    expect(at('leads', value).tools[0].description).toBe('Lists things.');
    for (const level of ['full', 'facts'] as const) expect(shrinkText(JSON.stringify(catalog), { level }), level).not.toContain(DEFERRAL_MARKER);
  });

  it('OpenAI functions carry the marker in function.description, and input_schema is a door like inputSchema', () => {
    const openai = [
      {
        type: 'function',
        function: {
          name: 'f',
          parameters: { type: 'object', properties: { p: { type: 'string', description: 'P lead. More.' } } },
          description: 'Does the thing. More.',
        },
      },
    ];
    expect(at('signatures', openai)).toEqual([
      {
        type: 'function',
        function: { name: 'f', parameters: { type: 'object', properties: { p: { type: 'string' } } }, description: `Does the thing.${DEFERRAL_MARKER}` },
      },
    ]);
    const snake = { tools: [{ name: 't', description: 'Does the tool. More.', input_schema: { properties: { p: { description: 'P lead. More.' } } } }] };
    expect(at('leads', snake).tools[0]).toEqual({
      name: 't',
      description: `Does the tool.${DEFERRAL_MARKER}`,
      input_schema: { properties: { p: { description: 'P lead.' } } },
    });
  });

  it('shrinks a tool without a description of its own at facts: it has nowhere to carry the marker', () => {
    for (const description of [undefined, '', '   ', 42]) {
      const value = {
        tools: [
          {
            name: 't',
            ...(description === undefined ? {} : { description }),
            inputSchema: { properties: { p: { description: `P lead. ${FILLER} You must pass it.` } } },
          },
        ],
      };
      for (const level of ['leads', 'signatures'] as const)
        expect(shrinkText(JSON.stringify(value), { level }), `${level} ${String(description)}`).toBe(shrinkText(JSON.stringify(value)));
    }
    const schema = { type: 'object', description: `Root lead. ${FILLER}`, properties: { p: { description: `P lead. ${FILLER}` } } };
    expect(shrinkText(JSON.stringify(schema), { level: 'signatures' })).toBe(shrinkText(JSON.stringify(schema)));
  });

  it('never touches a description a $ref points at', () => {
    const value = {
      tools: [
        {
          name: 't',
          description: 'Does the tool. More.',
          inputSchema: { properties: { p: { description: 'Kept lead. Kept rest.' }, q: { $ref: '#/properties/p/description' } } },
        },
      ],
    };
    for (const level of ['leads', 'signatures'] as const)
      expect(at(level, value).tools[0].inputSchema.properties.p, level).toEqual({ description: 'Kept lead. Kept rest.' });
  });

  it('keeps a marker the description already ends with, and adds no second one', () => {
    const value = { tools: [{ name: 't', description: `Does t.${DEFERRAL_MARKER}`, inputSchema: { properties: { p: { description: 'P lead. More.' } } } }] };
    expect(at('leads', value).tools[0].description).toBe(`Does t.${DEFERRAL_MARKER}`);
    const long = { tools: [{ name: 't', description: `Does the thing. More text.${DEFERRAL_MARKER}`, inputSchema: {} }] };
    expect(at('leads', long).tools[0].description).toBe(`Does the thing.${DEFERRAL_MARKER}`);
  });

  it('is deterministic and idempotent at every level on every real catalog and reference input, with and without shared sub-schemas', () => {
    for (const level of LEVELS) {
      for (const shareSchemas of [false, true]) {
        for (const [name, text] of inputs) {
          const once = shrinkText(text, { level, shareSchemas });
          expect(shrinkText(text, { level, shareSchemas }), `${name} ${level}`).toBe(once);
          expect(shrinkText(once, { level, shareSchemas }), `${name} ${level}`).toBe(once);
          const markers = once.split(DEFERRAL_MARKER).length - 1;
          if (level === 'full' || level === 'facts') expect(markers, `${name} ${level}`).toBe(0);
        }
      }
    }
  });

  it('costs no more than a level that keeps at least what it keeps on every real catalog, but for the marker', () => {
    const pairs = LEVELS.flatMap((richer) =>
      LEVELS.filter((poorer) => poorer !== richer && keepsAtLeast(richer, poorer)).map((poorer): [LevelName, LevelName] => [richer, poorer]),
    );
    expect(pairs).toContainEqual(['facts', 'overviews']);
    expect(pairs).not.toContainEqual(['leads', 'overviews']);
    expect(pairs).not.toContainEqual(['overviews', 'leads']);
    for (const { name, text } of realFixtures()) {
      const tokens = new Map(LEVELS.map((level) => [level, countTokens(shrinkText(text, { level }).replaceAll(DEFERRAL_MARKER, ''), 'o200k_base')]));
      for (const [richer, poorer] of pairs) expect(tokens.get(poorer), `${name} ${poorer} below ${richer}`).toBeLessThanOrEqual(tokens.get(richer)!);
    }
  });

  it('the marker is 2 tokens after a sentence in both tokenizers', () => {
    for (const tokenizer of ['o200k_base', 'cl100k_base'] as const) {
      for (const text of ['Deletes a branch.', 'Lists the open issues of a repository.', 'Gets the file (raw).']) {
        expect(countTokens(`"${text}${DEFERRAL_MARKER}"`, tokenizer) - countTokens(`"${text}"`, tokenizer), `${tokenizer} ${text}`).toBe(2);
      }
    }
  });
});
