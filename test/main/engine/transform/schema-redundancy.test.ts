import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { keywordsOf, redundantWith, type NodeKeywords } from '../../../../src/main/engine/transform/schema-redundancy';
import { shrinkText } from '../../../helpers/transform';

const keywords = (schema: unknown): NodeKeywords => {
  const doc = parseJson(JSON.stringify(schema));
  return keywordsOf(doc, doc.root);
};

describe('rule 3: a fact sentence is redundant only with a keyword stating the same fact with the same value', () => {
  it.each([
    ["Default: 'all'.", { default: 'all' }, 'default'],
    ['Defaults to 30.', { default: 30 }, 'default'],
    ['(default: true)', { default: true }, 'default'],
    ['If omitted, defaults to "main".', { default: 'main' }, 'default'],
    ['The default is 1.5.', { default: 1.5 }, 'default'],
    ['One of: asc, desc.', { enum: ['asc', 'desc'] }, 'enum'],
    ["Possible values: 'open', 'closed' or 'all'.", { enum: ['all', 'open', 'closed'] }, 'enum'],
    ['Must be one of `a` | `b`.', { enum: ['a', 'b'] }, 'enum'],
    ['Allowed values: 1, 2, 3.', { enum: [1, 2, 3] }, 'enum'],
    ["Must be 'x'.", { const: 'x' }, 'const'],
    ['Must be an RFC 3339 date-time.', { format: 'date-time' }, 'format'],
    ['Format: email.', { format: 'email' }, 'format'],
    ['A UUID.', { format: 'uuid' }, 'format'],
    ['Maximum: 100.', { type: 'integer', maximum: 100 }, 'maximum'],
    ['Min 1.', { type: 'number', minimum: 1 }, 'minimum'],
    ['At most 50 characters.', { type: 'string', maxLength: 50 }, 'maxLength'],
    ['At least 1 items.', { type: 'array', minItems: 1 }, 'minItems'],
    ['Must be between 1 and 100.', { type: 'integer', minimum: 1, maximum: 100 }, 'minimum+maximum'],
  ])('%j with %j → %s', (sentence, schema, keyword) => {
    expect(redundantWith(sentence, keywords(schema))).toBe(keyword);
  });

  it.each([
    ["Default: 'all'", {}],
    ["Default: 'all'.", { default: 'open' }],
    ['Defaults to 30, which is slow.', { default: 30 }],
    ['If omitted, all fields are returned.', { default: [] }],
    ['One of: asc, desc.', { enum: ['asc', 'desc', 'none'] }],
    ['One of: asc, desc, none.', { enum: ['asc', 'desc'] }],
    ['Options are:\n- get: Get details.\n- list: List them.', { enum: ['get', 'list'] }],
    ['Must be an ISO 8601 timestamp.', { format: 'date' }],
    ['A URL.', { format: 'uri' }],
    ['Maximum: 100.', { type: 'integer', maximum: 50 }],
    ['Max 100.', { type: 'string', maxLength: 100 }],
    ['Up to 100 per page.', { type: 'integer', maximum: 100 }],
    ['At least 0 items.', { type: 'array', minItems: 0 }],
    ['Must be between 1 and 100.', { type: 'integer', minimum: 1 }],
  ])('keeps %j with %j', (sentence, schema) => {
    expect(redundantWith(sentence, keywords(schema))).toBeUndefined();
  });

  it('reads keywords as JSON.parse would: the last of duplicate keys wins', () => {
    const doc = parseJson('{"default":"a","default":"b"}');
    expect(redundantWith("Default: 'b'.", keywordsOf(doc, doc.root))).toBe('default');
    expect(redundantWith("Default: 'a'.", keywordsOf(doc, doc.root))).toBeUndefined();
  });

  it('drops a redundant sentence in a shrink, never one a keyword elsewhere states', () => {
    const filler = 'The kind of entries to list in the answer, which merely pads this description out to a length that is surely long enough to be reduced.';
    const property = (extra: Record<string, unknown>) => ({ type: 'string', description: `${filler} Default: 'all'. Never empty.`, ...extra });
    const catalog = {
      tools: [{ name: 't', inputSchema: { type: 'object', default: 'all', properties: { a: property({ default: 'all' }), b: property({}) } } }],
    };
    const out = JSON.parse(shrinkText(JSON.stringify(catalog)));
    expect(out.tools[0].inputSchema.properties.a.description).toBe(`${filler} Never empty.`);
    expect(out.tools[0].inputSchema.properties.b.description).toBe(`${filler} Default: 'all'. Never empty.`);
  });
});
