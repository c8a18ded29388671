// Compact serialisation from the lossless tree: the source text of every
// scalar, key order and duplicates as they were, no whitespace outside strings.

import { ARRAY, COMPACT, OBJECT, type JsonDocument, type NodeId } from './json-node';
import type { JsonSink } from './json-sink';

/** Appends `node` to `out` as compact JSON, copying source text verbatim. */
export function writeCompact(doc: JsonDocument, node: NodeId, out: JsonSink): void {
  const { text, kind, start, end, flags, first, count, slots } = doc;
  const k = kind[node];
  if ((k !== OBJECT && k !== ARRAY) || (flags[node]! & COMPACT) !== 0) {
    out.copy(text, start[node]!, end[node]!);
    return;
  }
  const from = first[node]!;
  const n = count[node]!;
  if (k === OBJECT) {
    out.push('{');
    for (let i = 0; i < n; i++) {
      if (i > 0) out.push(',');
      const key = slots[from + 2 * i]!;
      out.copy(text, start[key]!, end[key]!);
      out.push(':');
      writeCompact(doc, slots[from + 2 * i + 1]!, out);
    }
    out.push('}');
    return;
  }
  out.push('[');
  for (let i = 0; i < n; i++) {
    if (i > 0) out.push(',');
    writeCompact(doc, slots[from + i]!, out);
  }
  out.push(']');
}
