// `shrink --describe-tool`: the describe tool's definition
// added after the shrunk catalog's tools, in the shape its tools have, for a
// harness that answers it itself (toolDescriber gives that harness the
// answers). Added only when some tool was shortened, as the proxy lists it.

import { MAX_JSON_DEPTH, parseJson } from '../../engine/json/parse-json';
import { memberOf, type NodeId, type JsonDocument } from '../../engine/json/json-node';
import { readCatalog } from '../../engine/transform/catalog-shape';
import type { DescribeToolDefinition } from './describe-tool-definition';
import { toolDescriber } from './tool-describer';

export type WithDescribeTool = { added: true; output: Uint8Array; name: string } | { added: false; reason: string };

/** `output`: the shrunk catalog of `original` (compact JSON, as shrink hands it out). */
export function withDescribeTool(original: Uint8Array, output: Uint8Array): WithDescribeTool {
  const describer = toolDescriber({ original, shrunk: output });
  if (describer.shortened === 0) return { added: false, reason: 'no tool was shortened, so there is nothing to describe' };
  const text = new TextDecoder().decode(output);
  const doc = parseJson(text, MAX_JSON_DEPTH);
  const layout = readCatalog(doc);
  const last = layout?.tools.at(-1);
  if (!layout || !last || layout.kind === 'tool' || layout.kind === 'schema')
    return { added: false, reason: 'a single tool or a bare schema has no list of tools to add it to' };
  const entry = JSON.stringify(inShapeOf(doc, last.node, describer.definition));
  const at = doc.end[last.node]!;
  return { added: true, name: describer.definition.name, output: new TextEncoder().encode(`${text.slice(0, at)},${entry}${text.slice(at)}`) };
}

/** The definition written as the catalog's last tool is: OpenAI's `{type, function}`, `parameters`, `input_schema`, or MCP's `inputSchema`. */
function inShapeOf(doc: JsonDocument, tool: NodeId, definition: DescribeToolDefinition): unknown {
  const { name, description, inputSchema } = definition;
  if (memberOf(doc, tool, 'function') !== undefined) return { type: 'function', function: { name, description, parameters: inputSchema } };
  if (memberOf(doc, tool, 'parameters') !== undefined) return { name, description, parameters: inputSchema };
  if (memberOf(doc, tool, 'input_schema') !== undefined) return { name, description, input_schema: inputSchema };
  return { name, description, inputSchema };
}
