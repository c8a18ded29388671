// Compact serialisation from the lossless tree: the source text of every
// scalar, key order and duplicates as they were, no whitespace outside strings.

import { ARRAY, OBJECT, type JsonNode } from './json-node';
import type { JsonSink } from './json-sink';

/** Appends `node` to `out` as compact JSON, copying source text verbatim. */
export function writeCompact(text: string, node: JsonNode, out: JsonSink): void {
  if (node.kind === OBJECT) {
    if (node.compact) return out.copy(text, node.start, node.end);
    out.push('{');
    for (let i = 0; i < node.keys.length; i++) {
      if (i > 0) out.push(',');
      const key = node.keys[i]!;
      out.copy(text, key.start, key.end);
      out.push(':');
      writeCompact(text, node.values[i]!, out);
    }
    out.push('}');
    return;
  }
  if (node.kind === ARRAY) {
    if (node.compact) return out.copy(text, node.start, node.end);
    out.push('[');
    for (let i = 0; i < node.items.length; i++) {
      if (i > 0) out.push(',');
      writeCompact(text, node.items[i]!, out);
    }
    out.push(']');
    return;
  }
  out.copy(text, node.start, node.end);
}
