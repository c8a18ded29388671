import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasWideCharacters, narrowed } from '../../../../src/main/engine/text/one-byte';
import { parseJson } from '../../../../src/main/engine/json/parse-json';
import { descriptionSites } from '../../../../src/main/engine/guarantees/description-sites';

/** `text` as a slice of a two-byte string (V8 keeps the parent's width), as a description read from a catalog with an em dash is. */
const twoByte = (text: string) => `—${text}`.slice(1);

// No JavaScript can tell a one-byte string from a two-byte one of the same value (only its speed differs), so the same
// value is the whole guarantee: every check answers as before.
describe('narrowed', () => {
  it('gives the same string by value, for Latin-1 text (every code unit up to U+00FF) and for text beyond it', () => {
    const latin1 = Array.from({ length: 256 }, (_, code) => String.fromCharCode(code)).join('');
    for (const text of ['', 'a', 'Repository owner.', latin1, `${latin1}—`, '—', 'x → y', '😀', '\ud800', 'ÿ\u0100']) {
      expect(narrowed(text)).toBe(text);
      expect(narrowed(twoByte(text))).toBe(text);
      expect(hasWideCharacters(text)).toBe(/[^\0-\xff]/.test(text));
    }
  });

  it('gives the same string by value on random text of every width (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(narrowed(text)).toBe(text);
        expect(narrowed(twoByte(text))).toBe(text);
      }),
    );
  });
});

describe('descriptionSites of a two-byte document', () => {
  it('reads the same texts as JSON.parse, one-byte where they can be', () => {
    const catalog = {
      tools: [
        {
          name: 'a',
          description: 'Lists issues — newest first.',
          inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'Café query, e.g. "is:open".' } } },
        },
        { name: 'b', description: 'Plain\\nescaped "text".', inputSchema: { type: 'object', properties: {} } },
      ],
    };
    const text = JSON.stringify(catalog, null, 2);
    const sites = descriptionSites(parseJson(text));
    expect(sites.map((site) => site.text)).toEqual(['Lists issues — newest first.', 'Café query, e.g. "is:open".', 'Plain\\nescaped "text".']);
  });
});
