// The describe tool's answers without a
// proxy: each tool exactly as the original has it (the original's bytes,
// never a re-serialisation), one name or several a call, every tool of a
// duplicated name labelled by position, an unnamed tool's placeholder beside
// a real tool of that name, and a lookup, not a re-shrink, per call. Through
// the library, as a harness answers it.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeTools, describeToolDefinition, shrink, toolDescriber } from '../../../../src/main/lib';
import { COMPLETE_NOTE, DescribeIndex } from '../../../../src/main/library/describe';
import { deferredNote } from '../../../../src/main/library/describe/describe-index';
import { MAX_JSON_DEPTH, parseJson } from '../../../../src/main/engine/json/parse-json';
import { realFixture } from '../../../helpers/fixtures';

// Prose with no fact in it, so a listing at a deferral level (leads, as the proxy lists) drops all but the lead.
const FILLER =
  'The team that wrote it likes long walks, warm tea and quiet afternoons in the garden. Its logo is a small ' +
  'green frog that somebody drew by hand, one rainy spring, on the back of an envelope.';

/** Tool texts as a server might write them: spacing, `1.0`, `\u00e9`, `1e400`, and key order kept only by the text. */
const EXACT =
  '{ "name": "exact", "description": "Caf\\u00e9 finder. ' +
  FILLER +
  '", "inputSchema": {"type":"object","properties":{"ratio":{"type":"number","default":1.0,"maximum":1e400},"2":{"type":"string"},"1":{"type":"string"}}} }';
const SECOND =
  '{"name":"second","description":"Second \\u00e9tape. ' + FILLER + '","inputSchema":{"type":"object","properties":{"n":{"type":"integer","minimum":0.0}}}}';
const WHOLE = '{"name":"whole","description":"Short.","inputSchema":{"type":"object"}}';
const long = (name: string | undefined, lead: string) =>
  JSON.stringify({ ...(name === undefined ? {} : { name }), description: `${lead} ${FILLER}`, inputSchema: { type: 'object', properties: {} } });

describe('describeTools', () => {
  it('answers each named tool with its exact original text, several in one call, and says which were complete', async () => {
    const original = `{"tools":[${EXACT},\n  ${SECOND},${WHOLE}]}`;
    // The texts really differ from what a parse and a stringify give back.
    for (const text of [EXACT, SECOND]) expect(JSON.stringify(JSON.parse(text))).not.toBe(text);
    const { result } = await shrink(original, { store: ':memory:', level: 'leads' });
    const answer = describeTools({ original, shrunk: result.output }, ['exact', 'second', 'whole']);
    expect(answer.isError).toBeUndefined();
    expect(answer.content.map((part) => part.text)).toEqual([EXACT, SECOND, WHOLE, COMPLETE_NOTE]);
    // Without the shrunk catalog, the original is shrunk again to tell the same.
    expect(describeTools({ original }, 'exact', { level: 'leads' })).toEqual({ content: [{ type: 'text', text: EXACT }] });
  });

  it('answers from a stored handle the same bytes', async () => {
    const original = `{"tools":[${EXACT},${SECOND}]}`;
    const dir = mkdtempSync(join(tmpdir(), 'caveman-describe-'));
    try {
      const store = join(dir, 'ccr.db');
      const stored = await shrink(original, { store, level: 'leads' });
      const describer = toolDescriber({ handle: stored.result.recovery_handle! }, { store });
      expect(describer.shortened).toBe(2);
      expect(describer.definition).toEqual(describeToolDefinition());
      expect(describer.answer({ names: ['second', 'exact'] }).content.map((part) => part.text)).toEqual([SECOND, EXACT]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('outside the proxy too, a tool listed as a skeleton or by name leads with what was deferred: at a level, and at a stored budget’s plan', async () => {
    const original = `{"tools":[${EXACT},${SECOND}]}`;
    expect(describeTools({ original }, 'exact', { level: 'skeletons' }).content.map((part) => part.text)).toEqual([
      deferredNote({ name: 'exact', position: 1, level: 'skeletons' }),
      EXACT,
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'caveman-describe-'));
    try {
      const store = join(dir, 'ccr.db');
      // Room for one tool at its skeleton: the plan steps the costlier to names, and the handle's describer makes that plan again.
      const levels = (budget: number) =>
        shrink(original, { store: ':memory:', level: 'skeletons', budget }).then(
          (outcome) => outcome.toolLevels,
          () => undefined, // below the floor
        );
      let budget = 50;
      while ((await levels(budget))?.includes('skeletons') !== true) budget += 5;
      const stored = await shrink(original, { store, level: 'skeletons', budget });
      const planned = stored.toolLevels!;
      expect(new Set(planned)).toEqual(new Set(['skeletons', 'names']));
      const texts = toolDescriber({ handle: stored.result.recovery_handle! }, { store })
        .answer({ names: ['exact', 'second'] })
        .content.map((part) => part.text);
      expect(texts).toEqual([
        deferredNote({ name: 'exact', position: 1, level: planned[0] }),
        EXACT,
        deferredNote({ name: 'second', position: 2, level: planned[1] }),
        SECOND,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers every tool of a duplicated name, labelled by position; a placeholder answers beside a real tool of that name', async () => {
    const tools = [
      long('dup', 'First of the name.'),
      long(undefined, 'Has no name.'),
      long('#2', 'Named like a placeholder.'),
      long('dup', 'Second of the name.'),
    ];
    const original = `{"tools":[${tools.join(',')}]}`;
    const describer = toolDescriber({ original }, { level: 'leads' });
    expect(describer.answer({ names: ['dup'] }).content.map((part) => part.text)).toEqual([
      '2 tools answer to "dup"; this is tool 1 of 4:',
      tools[0],
      '2 tools answer to "dup"; this is tool 4 of 4:',
      tools[3],
    ]);
    expect(describer.answer({ names: ['#2'] }).content.map((part) => part.text)).toEqual([
      '2 tools answer to "#2"; this is tool 2 of 4, which has no name:',
      tools[1],
      '2 tools answer to "#2"; this is tool 3 of 4:',
      tools[2],
    ]);
    expect(describer.answer({ names: ['#3'] }).content).toEqual([
      { type: 'text', text: 'no tool named "#3" in this listing; its tools are: dup, #2, #2, dup' },
    ]);
    expect(describer.answer({ names: ['#3'] }).isError).toBe(true);
  });

  it('says which names are unknown (isError only when none is known), and how to call it', () => {
    const original = `{"tools":[${long('tool_a', 'Does a.')},${long('tool_b', 'Does b.')}]}`;
    const describer = toolDescriber({ original }, { level: 'leads' });
    expect(describer.answer({ names: ['nope', 'nada'] })).toEqual({
      content: [{ type: 'text', text: 'no tool named "nope", "nada" in this listing; its tools are: tool_a, tool_b' }],
      isError: true,
    });
    const mixed = describer.answer({ names: ['tool_a', 'nope'] });
    expect(mixed.isError).toBeUndefined();
    expect(mixed.content.at(-1)?.text).toBe('no tool named "nope" in this listing; its tools are: tool_a, tool_b');
    expect(describer.answer({ name: 'tool_b' }).content).toHaveLength(1); // one name as `name` is taken too
    const malformed: [unknown, string][] = [
      [{}, 'no "names" was given'],
      [{ names: [] }, '"names" is empty'],
      [{ names: [1] }, '"names" holds a number; each item is a tool name, a string'],
      [{ names: { tool_a: true } }, '"names" is an object, not a list of tool names'],
      [{ name: 3 }, '"name" is a number, not a list of tool names'],
      [undefined, 'no arguments were given'],
      ['tool_a', 'the arguments are a string, not an object'],
      [['tool_a'], 'the arguments are an array, not an object'],
    ];
    for (const [args, problem] of malformed) {
      expect(describer.answer(args)).toEqual({
        content: [{ type: 'text', text: `${problem}: call caveman_describe with {"names": ["<tool>", …]}, names of listed tools` }],
        isError: true,
      });
    }
  });

  it('answers every tool of github-mcp-server from one index, each with its own original text (latency: npm run bench, describe-latency)', () => {
    const original = realFixture('github-mcp-server.json').bytes;
    const describer = toolDescriber({ original }, { level: 'leads' });
    const tools = (JSON.parse(original.toString('utf8')) as { tools: { name: string }[] }).tools;
    expect(tools).toHaveLength(117);
    for (const tool of tools) {
      const answer = describer.answer({ names: [tool.name] });
      expect(answer.isError).toBeUndefined();
      expect(JSON.parse(answer.content[0]!.text)).toEqual(tool);
    }
  });
});

describe('DescribeIndex: globs and what a skeleton or a name-only listing deferred', () => {
  const index = (levels: Parameters<typeof DescribeIndex.of>[2]) => {
    const original = parseJson(`{"tools":[${EXACT},${SECOND},${WHOLE}]}`, MAX_JSON_DEPTH);
    // Every tool but `whole` shortened in the listing.
    return DescribeIndex.withShortened(original, (at) => at < 2, levels);
  };

  it('a name no tool has that is a glob answers with every tool it matches, in catalog order; one that matches none is unknown', () => {
    const answer = index('leads').answer(['[es]*', 'nothing_*']);
    expect(answer.content.map((part) => part.text)).toEqual([
      '2 tools answer to "[es]*"; this is tool 1 of 3:',
      EXACT,
      '2 tools answer to "[es]*"; this is tool 2 of 3:',
      SECOND,
      expect.stringMatching(/^no tool named "nothing_\*" in this listing; /),
    ]);
  });

  it('a tool listed as a skeleton or by name leads with what was deferred; at other levels, and a complete tool, nothing is added', () => {
    const at = ['skeletons', 'names', 'names'] as const;
    const texts = index(at)
      .answer(['exact', 'second', 'whole'])
      .content.map((part) => part.text);
    expect(texts).toEqual([
      deferredNote({ name: 'exact', position: 1, level: 'skeletons' }),
      EXACT,
      deferredNote({ name: 'second', position: 2, level: 'names' }),
      SECOND,
      WHOLE,
      COMPLETE_NOTE,
    ]);
    expect(texts[0]).toMatch(/^exact was listed as a typed skeleton: .*every description, pattern, format, bound and longer enum\.$/);
    expect(texts[2]).toMatch(/^second was listed by its name and a short lead only: its whole input schema was deferred/);
    expect(
      index('signatures')
        .answer(['exact'])
        .content.map((part) => part.text),
    ).toEqual([EXACT]);
  });
});
