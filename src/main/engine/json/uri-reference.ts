// URI references as JSON Schema resolves `$id` and `$ref` (RFC 3986): parse
// into components (Appendix B), resolve against a base (§5.2), and the
// syntax-based normalisation of §6.2.2 so two spellings of one URI compare
// equal. Pure string work: no WHATWG URL, whose parsing of http(s) differs
// from RFC 3986 (backslashes, default ports, IDNA).

export interface UriParts {
  scheme?: string;
  authority?: string;
  path: string;
  query?: string;
  fragment?: string;
}

const REFERENCE = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/su;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/u;

/** The components of a URI reference (a string that is not one still parses: RFC 3986's regex matches anything). */
export function parseUri(reference: string): UriParts {
  const match = REFERENCE.exec(reference)!;
  const parts: UriParts = { path: match[3] ?? '' };
  // A "scheme" with characters a scheme cannot have is part of a relative path (e.g. "a b:c").
  if (match[1] !== undefined && SCHEME.test(match[1])) parts.scheme = match[1];
  else if (match[1] !== undefined) parts.path = `${match[1]}:${parts.path}`;
  if (match[2] !== undefined) parts.authority = match[2];
  if (match[4] !== undefined) parts.query = match[4];
  if (match[5] !== undefined) parts.fragment = match[5];
  return parts;
}

export function formatUri(parts: UriParts): string {
  let text = '';
  if (parts.scheme !== undefined) text += `${parts.scheme}:`;
  if (parts.authority !== undefined) text += `//${parts.authority}`;
  text += parts.path;
  if (parts.query !== undefined) text += `?${parts.query}`;
  if (parts.fragment !== undefined) text += `#${parts.fragment}`;
  return text;
}

/** RFC 3986 §5.2.2: `reference` resolved against the absolute URI `base`. */
export function resolveUri(base: string, reference: string): string {
  const r = parseUri(reference);
  const b = parseUri(base);
  const t: UriParts = { path: '' };
  if (r.scheme !== undefined) {
    t.scheme = r.scheme;
    if (r.authority !== undefined) t.authority = r.authority;
    t.path = removeDotSegments(r.path);
    if (r.query !== undefined) t.query = r.query;
  } else {
    if (b.scheme !== undefined) t.scheme = b.scheme;
    if (r.authority !== undefined) {
      t.authority = r.authority;
      t.path = removeDotSegments(r.path);
      if (r.query !== undefined) t.query = r.query;
    } else {
      if (b.authority !== undefined) t.authority = b.authority;
      if (r.path === '') {
        t.path = b.path;
        if (r.query !== undefined) t.query = r.query;
        else if (b.query !== undefined) t.query = b.query;
      } else {
        t.path = removeDotSegments(r.path.startsWith('/') ? r.path : merge(b, r.path));
        if (r.query !== undefined) t.query = r.query;
      }
    }
  }
  if (r.fragment !== undefined) t.fragment = r.fragment;
  return formatUri(t);
}

/** §5.2.3 */
function merge(base: UriParts, path: string): string {
  if (base.authority !== undefined && base.path === '') return `/${path}`;
  const slash = base.path.lastIndexOf('/');
  return slash === -1 ? path : base.path.slice(0, slash + 1) + path;
}

/** §5.2.4 */
export function removeDotSegments(path: string): string {
  let input = path;
  const output: string[] = [];
  while (input.length > 0) {
    if (input.startsWith('../')) input = input.slice(3);
    else if (input.startsWith('./')) input = input.slice(2);
    else if (input.startsWith('/./')) input = input.slice(2);
    else if (input === '/.') input = '/';
    else if (input.startsWith('/../')) {
      input = input.slice(3);
      output.pop();
    } else if (input === '/..') {
      input = '/';
      output.pop();
    } else if (input === '.' || input === '..') input = '';
    else {
      const next = input.indexOf('/', input.startsWith('/') ? 1 : 0);
      const segment = next === -1 ? input : input.slice(0, next);
      output.push(segment);
      input = next === -1 ? '' : input.slice(next);
    }
  }
  return output.join('');
}

const UNRESERVED = /[A-Za-z0-9\-._~]/u;

/** Percent-encodings with upper-case hex digits, unreserved characters decoded (§6.2.2.1–2). */
function normalizeEncoding(text: string): string {
  if (!text.includes('%')) return text;
  return text.replace(/%([0-9A-Fa-f]{2})/gu, (_all, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/**
 * The URI without its fragment, normalised for comparison: lower-case scheme
 * and host, percent-encodings in one form, dot segments removed (§6.2.2).
 */
export function uriKey(uri: string): string {
  const parts = parseUri(uri);
  const key: UriParts = { path: removeDotSegments(normalizeEncoding(parts.path)) };
  if (parts.scheme !== undefined) key.scheme = parts.scheme.toLowerCase();
  if (parts.authority !== undefined) key.authority = normalizeEncoding(parts.authority).toLowerCase();
  if (parts.query !== undefined) key.query = normalizeEncoding(parts.query);
  return formatUri(key);
}

/** The fragment of a URI reference (undefined when it has no "#"). */
export function fragmentOf(uri: string): string | undefined {
  const hash = uri.indexOf('#');
  return hash === -1 ? undefined : uri.slice(hash + 1);
}
