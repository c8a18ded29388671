// RFC 3986 reference resolution, held to the examples of its §5.4 (normal
// and abnormal), and the normalisation that lets two spellings of one `$id`
// name one resource.

import { describe, expect, it } from 'vitest';
import { fragmentOf, parseUri, removeDotSegments, resolveUri, uriKey } from '../../../../src/main/engine/json/uri-reference';

const BASE = 'http://a/b/c/d;p?q';

describe('resolveUri (RFC 3986 §5.2)', () => {
  it('resolves the normal examples of §5.4.1', () => {
    const examples: Record<string, string> = {
      'g:h': 'g:h',
      g: 'http://a/b/c/g',
      './g': 'http://a/b/c/g',
      'g/': 'http://a/b/c/g/',
      '/g': 'http://a/g',
      '//g': 'http://g',
      '?y': 'http://a/b/c/d;p?y',
      'g?y': 'http://a/b/c/g?y',
      '#s': 'http://a/b/c/d;p?q#s',
      'g#s': 'http://a/b/c/g#s',
      'g?y#s': 'http://a/b/c/g?y#s',
      ';x': 'http://a/b/c/;x',
      'g;x': 'http://a/b/c/g;x',
      'g;x?y#s': 'http://a/b/c/g;x?y#s',
      '': 'http://a/b/c/d;p?q',
      '.': 'http://a/b/c/',
      './': 'http://a/b/c/',
      '..': 'http://a/b/',
      '../': 'http://a/b/',
      '../g': 'http://a/b/g',
      '../..': 'http://a/',
      '../../': 'http://a/',
      '../../g': 'http://a/g',
    };
    for (const [reference, target] of Object.entries(examples)) expect(resolveUri(BASE, reference), reference).toBe(target);
  });

  it('resolves the abnormal examples of §5.4.2', () => {
    const examples: Record<string, string> = {
      '../../../g': 'http://a/g',
      '../../../../g': 'http://a/g',
      '/./g': 'http://a/g',
      '/../g': 'http://a/g',
      'g.': 'http://a/b/c/g.',
      '.g': 'http://a/b/c/.g',
      'g..': 'http://a/b/c/g..',
      '..g': 'http://a/b/c/..g',
      './../g': 'http://a/b/g',
      './g/.': 'http://a/b/c/g/',
      'g/./h': 'http://a/b/c/g/h',
      'g/../h': 'http://a/b/c/h',
      'g;x=1/./y': 'http://a/b/c/g;x=1/y',
      'g;x=1/../y': 'http://a/b/c/y',
      'g?y/./x': 'http://a/b/c/g?y/./x',
      'g?y/../x': 'http://a/b/c/g?y/../x',
      'g#s/./x': 'http://a/b/c/g#s/./x',
      'g#s/../x': 'http://a/b/c/g#s/../x',
      'http:g': 'http:g',
    };
    for (const [reference, target] of Object.entries(examples)) expect(resolveUri(BASE, reference), reference).toBe(target);
  });

  it('resolves against a URN and an authority with an empty path', () => {
    expect(resolveUri('urn:example:root', '#/a')).toBe('urn:example:root#/a');
    expect(resolveUri('urn:example:root', 'other.json')).toBe('urn:other.json');
    expect(resolveUri('https://example.com', 'sub.json')).toBe('https://example.com/sub.json');
  });

  it('removes dot segments (§5.2.4) and parses the components of Appendix B', () => {
    expect(removeDotSegments('/a/b/c/./../../g')).toBe('/a/g');
    expect(removeDotSegments('mid/content=5/../6')).toBe('mid/6');
    expect(parseUri('https://Example.com:8/p/q.json?x=1#/a/b')).toEqual({
      scheme: 'https',
      authority: 'Example.com:8',
      path: '/p/q.json',
      query: 'x=1',
      fragment: '/a/b',
    });
    // "a b:c" cannot start with a scheme: it is a relative path.
    expect(parseUri('a b:c')).toEqual({ path: 'a b:c' });
  });
});

describe('uriKey (§6.2.2)', () => {
  it('names one resource by every spelling of it, without its fragment', () => {
    const key = uriKey('https://example.com/a/b.json');
    for (const spelling of [
      'HTTPS://EXAMPLE.com/a/b.json',
      'https://example.com/a/./c/../b.json',
      'https://example.com/%61/b.json#',
      'https://example.com/a/b.json#/x',
    ]) {
      expect(uriKey(spelling), spelling).toBe(key);
    }
    expect(uriKey('https://example.com/A/b.json')).not.toBe(key);
    expect(uriKey('https://example.com/a%2fb.json')).toBe(uriKey('https://example.com/a%2Fb.json'));
  });

  it('reads the fragment', () => {
    expect(fragmentOf('a.json#/x')).toBe('/x');
    expect(fragmentOf('a.json#')).toBe('');
    expect(fragmentOf('a.json')).toBeUndefined();
  });
});
