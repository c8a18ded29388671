// JSON Pointer (RFC 6901) in URI-fragment form, as used by "$ref": "#/…".
// Handles the ~0 / ~1 escapes and percent-encoding.

import { ARRAY, OBJECT, itemAt, memberOf, type JsonDocument, type NodeId } from './json-node';

export type RefTarget = { kind: 'pointer'; segments: string[] } | { kind: 'anchor'; name: string } | { kind: 'external' };

/** Classifies a `$ref` value: an internal pointer, a plain-name anchor, or anything else. */
export function parseRef(ref: string): RefTarget | undefined {
  if (!ref.startsWith('#')) return { kind: 'external' };
  let fragment = ref.slice(1);
  // Most refs have no percent-encoding (and every schema of a catalog may have one).
  if (fragment.includes('%')) {
    try {
      fragment = decodeURIComponent(fragment);
    } catch {
      return undefined; // malformed percent-encoding: cannot resolve
    }
  }
  if (fragment === '') return { kind: 'pointer', segments: [] };
  if (!fragment.startsWith('/')) return { kind: 'anchor', name: fragment };
  return { kind: 'pointer', segments: fragment.slice(1).split('/').map(unescapeSegment) };
}

function unescapeSegment(segment: string): string {
  if (!segment.includes('~')) return segment;
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function escapeSegment(segment: string): string {
  // The guarantee walks escape every segment of every schema node's path; almost none holds either character.
  if (!segment.includes('~') && !segment.includes('/')) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The unescaped segments of pointer text (without "#"): the inverse of pointerOf. */
export function segmentsOf(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeSegment);
}

/** Pointer text (without "#") for a list of unescaped segments. */
export function pointerOf(segments: readonly string[]): string {
  return segments.map((s) => '/' + escapeSegment(s)).join('');
}

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

/** The node a pointer names inside `root`, or undefined. */
export function resolvePointer(doc: JsonDocument, root: NodeId, segments: readonly string[]): NodeId | undefined {
  let node: NodeId | undefined = root;
  for (const segment of segments) {
    if (node === undefined) return undefined;
    const kind = doc.kind[node];
    if (kind === OBJECT) node = memberOf(doc, node, segment);
    else if (kind === ARRAY) node = ARRAY_INDEX.test(segment) && Number(segment) < doc.count[node]! ? itemAt(doc, node, Number(segment)) : undefined;
    else return undefined;
  }
  return node;
}
