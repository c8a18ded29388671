import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { readCatalog } from '../../../../src/main/engine/transform/catalog-shape';

describe('readCatalog', () => {
  it('reads a document’s layout once: every later reader gets the same layout', () => {
    const doc = parseJson('{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}');
    const layout = readCatalog(doc);
    expect(layout?.tools.map((tool) => tool.name)).toEqual(['a']);
    expect(readCatalog(doc)).toBe(layout);
    // Another parse of the same text is another document, with its own layout.
    expect(readCatalog(parseJson(doc.text))).not.toBe(layout);
  });

  it('remembers that a document is not a catalog', () => {
    const doc = parseJson('{"name":"not a tool"}');
    expect(readCatalog(doc)).toBeUndefined();
    expect(readCatalog(doc)).toBeUndefined();
  });
});
