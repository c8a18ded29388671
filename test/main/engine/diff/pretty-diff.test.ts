import { describe, expect, it } from 'vitest';
import { prettyDiff, type PrettyDiff } from '../../../../src/main/engine/diff/pretty-diff';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { readCatalog } from '../../../../src/main/engine/transform/catalog-shape';
import { realFixtures, referenceInputs } from '../../../helpers/fixtures';
import { shrinkDiff, shrinkText } from '../../../helpers/transform';
import { changeList } from '../../../helpers/change-ranges';

/** Applying the changes to the original side must give the compressed side exactly. */
function replay(diff: PrettyDiff): string {
  let out = '';
  let at = 0;
  let atB = 0;
  for (const change of changeList(diff.changes)) {
    const unchangedA = diff.original.slice(at, change.fromA);
    const unchangedB = diff.compressed.slice(atB, change.fromB);
    expect(unchangedA).toBe(unchangedB);
    out += unchangedA + diff.compressed.slice(change.fromB, change.toB);
    at = change.toA;
    atB = change.toB;
  }
  expect(diff.original.slice(at)).toBe(diff.compressed.slice(atB));
  return out + diff.original.slice(at);
}

describe('prettyDiff', () => {
  it('prints both sides like JSON.stringify(…, null, 2) when values are plain', () => {
    const text =
      '{"tools":[{"name":"a","description":"d","inputSchema":{"title":"x","type":"object","properties":{"p":{"enum":[1,2]},"q":{}},"required":[]}}]}';
    const diff = shrinkDiff(text);
    expect(diff.original).toBe(JSON.stringify(JSON.parse(text), null, 2));
    expect(diff.compressed).toBe(JSON.stringify(JSON.parse(shrinkText(text)), null, 2));
  });

  it('marks a dropped member as a whole-line deletion and a rewritten description as an in-line change', () => {
    const long = 'Lead sentence. ' + 'Filler words that carry nothing of value for the model at all. '.repeat(3) + 'It must be set.';
    // A parameter's description: a tool's own stays whole at facts.
    const diff = shrinkDiff(
      JSON.stringify({ tools: [{ name: 'a', description: 'Does a.', inputSchema: { title: 'x', type: 'object', properties: { p: { description: long } } } }] }),
    );
    expect(replay(diff)).toBe(diff.compressed);
    const removed = changeList(diff.changes).map((c) => diff.original.slice(c.fromA, c.toA));
    expect(removed).toContainEqual('        "title": "x",\n');
    expect(removed.some((r) => r.startsWith('Filler') || r.includes('Filler'))).toBe(true);
  });

  it('marks what a marked tool deferred at a deferral level apart from what was dropped: its descriptions, not its titles', () => {
    const filler = 'Filler words that carry nothing of value for the model at all.';
    const catalog = {
      tools: [
        {
          name: 'tool_one',
          description: `Reads one record. ${filler}`,
          inputSchema: { type: 'object', title: 'One', properties: { id: { type: 'string', description: `The record id. ${filler}` } } },
        },
        { name: 'tool_two', description: 'Lists the records.', inputSchema: { type: 'object', title: 'Two' } },
      ],
    };
    const text = JSON.stringify(catalog);
    const before = parseJson(text);
    const tools = readCatalog(before)!.tools.map((tool) => ({ name: tool.name, original: tool.node }));
    const at = (level: 'facts' | 'signatures', marked: number[]) =>
      prettyDiff(before, parseJson(shrinkText(text, { level })), tools, undefined, new Set(marked));
    const deferred = at('signatures', [0]);
    expect(replay(deferred)).toBe(deferred.compressed);
    const removed = (diff: PrettyDiff, flag: boolean) =>
      changeList(diff.changes)
        .filter((change) => (change.deferred === true) === flag)
        .map((change) => diff.original.slice(change.fromA, change.toA));
    // The tool's own description lost its filler; the parameter's description went whole (signatures): both deferred.
    expect(removed(deferred, true)).toEqual([filler, `            "description": "The record id. ${filler}"\n`]);
    // A schema title of the marked tool, and the other tool's, are dropped, not deferred.
    expect(removed(deferred, false).join('')).toContain('"title": "One"');
    expect(removed(deferred, false).join('')).toContain('"title": "Two"');
    // At facts nothing is deferred: the same filler is dropped.
    expect(changeList(at('facts', []).changes).some((change) => change.deferred)).toBe(false);
  });

  it('replays exactly and records every tool line on every real catalog and reference input', () => {
    const inputs = [
      ...realFixtures().map((f) => f.text),
      ...Object.entries(referenceInputs())
        .filter(([k]) => k !== 'GO_DDL')
        .map(([, v]) => v),
    ];
    for (const text of inputs) {
      const diff = shrinkDiff(text);
      expect(replay(diff)).toBe(diff.compressed);
      expect(JSON.parse(diff.original)).toEqual(JSON.parse(text));
      expect(JSON.parse(diff.compressed)).toEqual(JSON.parse(shrinkText(text)));
      const toolCount = readCatalog(parseJson(text))!.tools.length;
      expect(diff.tools).toHaveLength(toolCount);
      const linesA = diff.original.split('\n');
      const linesB = diff.compressed.split('\n');
      for (const tool of diff.tools) {
        expect(linesA[tool.originalLine - 1]!.trim()).toMatch(/^\{$/);
        expect(linesB[tool.compressedLine - 1]!.trim()).toMatch(/^\{$/);
      }
      for (const change of changeList(diff.changes)) {
        expect(change.fromA).toBeLessThanOrEqual(change.toA);
        expect(change.fromB).toBeLessThanOrEqual(change.toB);
      }
    }
  });

  it('reports each tool as it is laid out (its first 60%), then the texts put together, up to 1', () => {
    const text = realFixtures().find((f) => f.name === 'github-mcp-server.json')!.text;
    const before = parseJson(text);
    const tools = readCatalog(before)!.tools.map((tool) => ({ name: tool.name, original: tool.node }));
    const fractions: number[] = [];
    prettyDiff(before, parseJson(shrinkText(text)), tools, (fraction) => fractions.push(fraction));
    expect(fractions.slice(0, tools.length)).toEqual(tools.map((_, i) => ((i + 1) / tools.length) * 0.6));
    const assembling = fractions.slice(tools.length);
    expect(assembling.every((fraction, i) => fraction >= 0.6 && fraction >= (assembling[i - 1] ?? 0))).toBe(true);
    expect(assembling.at(-1)).toBe(1);
  });

  it('handles an object whose members were all dropped, and root scalars', () => {
    const diff = shrinkDiff('{"tools":[{"name":"a","inputSchema":{"title":"x","$comment":"y"}}]}');
    expect(replay(diff)).toBe(diff.compressed);
    expect(diff.compressed).toContain('"inputSchema": {}');
    const scalar = prettyDiff(parseJson('1'), parseJson('2'));
    expect(replay(scalar)).toBe('2');
    const shrunkArray = prettyDiff(parseJson('{"a":[1,2],"b":1}'), parseJson('{"a":[1,2]}'));
    expect(replay(shrunkArray)).toBe(shrunkArray.compressed);
  });

  it('keeps the exact source text of numbers and strings on both sides', () => {
    const diff = prettyDiff(parseJson('{"n":1.50,"s":"caf\\u00e9"}'), parseJson('{"n":1.50,"s":"caf\\u00e9"}'));
    expect(diff.original).toBe('{\n  "n": 1.50,\n  "s": "caf\\u00e9"\n}');
    expect(changeList(diff.changes)).toEqual([]);
  });
});
