// The Messages API rendering: name, description and input_schema only, in the source's exact text.

import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { TextBuilder } from '../../../../src/main/engine/json/text-builder';
import { readCatalog } from '../../../../src/main/engine/transform/catalog-shape';
import { renderAnthropic } from '../../../../src/main/engine/visible/render-anthropic';
import { renderVisible } from '../../../../src/main/engine/visible/render-visible';

function rendered(source: string): { text: string; tools: string[] } {
  const doc = parseJson(source);
  const out = new TextBuilder();
  const spans = renderAnthropic(doc, readCatalog(doc)!, out);
  const text = out.toString();
  return { text, tools: spans.map(([start, end]) => text.slice(start, end)) };
}

describe('renderAnthropic', () => {
  it('keeps name, description and input_schema in that order and nothing else of an MCP tool', () => {
    const source =
      `{"tools":[{"annotations":{"readOnlyHint":true},"inputSchema":{ "type": "object",` +
      ` "properties": {"n": {"type":"number","default":1.0}} },"description":"Caf\\u00e9.","name":"a","title":"A",` +
      `"icons":[],"_meta":{"x":1},"outputSchema":{"type":"object"},"execution":{}}],"nextCursor":"c"}`;
    expect(rendered(source).text).toBe(
      '[{"name":"a","description":"Caf\\u00e9.","input_schema":{"type":"object","properties":{"n":{"type":"number","default":1.0}}}}]',
    );
  });

  it('omits an absent description and gives a tool without a schema the least the API accepts', () => {
    expect(rendered('[{"name":"a","inputSchema":{"type":"object"}},{"name":"b","description":"B."}]').tools).toEqual([
      '{"name":"a","input_schema":{"type":"object"}}',
      '{"name":"b","description":"B.","input_schema":{"type":"object"}}',
    ]);
  });

  it('takes an OpenAI tool from its function envelope, or flat', () => {
    const chat = '[{"type":"function","function":{"name":"a","description":"A.","parameters":{"type":"object"},"strict":true}}]';
    const responses = '[{"type":"function","name":"a","description":"A.","parameters":{"type":"object"},"strict":true}]';
    expect(rendered(chat).text).toBe('[{"name":"a","description":"A.","input_schema":{"type":"object"}}]');
    expect(rendered(responses).text).toBe(rendered(chat).text);
  });

  it('renders a nameless tool without a name and a bare schema as its input_schema', () => {
    expect(rendered('[{"description":"D.","inputSchema":{}}]').text).toBe('[{"description":"D.","input_schema":{}}]');
    expect(rendered('{"type":"object","description":"S."}').text).toBe('[{"input_schema":{"type":"object","description":"S."}}]');
  });

  it('renders nothing for a catalog without tools; the brackets and commas are the envelope', () => {
    expect(rendered('{"tools":[]}').text).toBe('');
    const { text, tools } = rendered('{"tools":[{"name":"a","inputSchema":{}},{"name":"b","inputSchema":{}}]}');
    expect(text).toBe(`[${tools.join(',')}]`);
  });

  it('writes UTF-8 bytes with byte spans', () => {
    const doc = parseJson('{"tools":[{"name":"é","inputSchema":{}},{"name":"b","inputSchema":{}}]}');
    const { text, spans } = renderVisible('anthropic', doc, readCatalog(doc)!);
    const decoded = new TextDecoder().decode(text);
    expect(decoded).toBe('[{"name":"é","input_schema":{}},{"name":"b","input_schema":{}}]');
    // é is two bytes: the first tool ends one byte later than its 30 characters.
    expect(spans).toEqual([
      [1, 32],
      [33, 63],
    ]);
  });
});
