// A node's compact JSON text (exact source text of every scalar, no
// whitespace outside strings): how values are compared and shared.

import type { JsonDocument, NodeId } from '../json/json-node';
import { TextBuilder } from '../json/text-builder';
import { writeCompact } from '../json/write-compact';

export function compactTextOf(doc: JsonDocument, node: NodeId): string {
  const out = new TextBuilder();
  writeCompact(doc, node, out);
  return out.toString();
}
