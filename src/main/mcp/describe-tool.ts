// caveman_describe (issue 15): the one tool the proxy adds to a shrunk
// tools/list, so a model that is unsure about a tool whose description was
// shortened can read its full original definition. Its definition, the name
// it takes beside a server's tools, and its price in tokens live here, so
// the proxy and lint show the same numbers.

import type { DescribeToolPrice } from '../../shared/contracts';
import type { TokenizerName } from '../../shared/tokenizers';
import type { JsonDocument } from '../engine/json/json-node';
import { MAX_JSON_DEPTH, parseJson } from '../engine/json/parse-json';
import { shortenedToolIndexes } from '../engine/tool-originals';
import { countTokens } from '../engine/tokens';
import type { TransformResult } from '../engine/transform/transform-catalog';

export const DESCRIBE_TOOL_NAME = 'caveman_describe';

export interface DescribeToolDefinition {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: { name: { type: 'string'; description: string } }; required: ['name']; additionalProperties: false };
  [key: string]: unknown;
}

/** `caveman_describe`, or `caveman_describe_2`, `_3`… when a server tool already has the name. */
export function describeToolName(serverToolNames: Iterable<string>): string {
  const taken = new Set(serverToolNames);
  if (!taken.has(DESCRIBE_TOOL_NAME)) return DESCRIBE_TOOL_NAME;
  let n = 2;
  while (taken.has(`${DESCRIBE_TOOL_NAME}_${n}`)) n++;
  return `${DESCRIBE_TOOL_NAME}_${n}`;
}

/** The entry the proxy lists (compact on purpose: every token of it is paid on every turn). */
export function describeToolDefinition(name: string = DESCRIBE_TOOL_NAME): DescribeToolDefinition {
  return {
    name,
    description: 'The full original description and schema of a tool whose description here was shortened. Call it when unsure how to use such a tool.',
    inputSchema: {
      type: 'object',
      properties: { name: { type: 'string', description: 'The tool name, as listed.' } },
      required: ['name'],
      additionalProperties: false,
    },
  };
}

/**
 * Tokens (inferred) the definition adds to a tools/list result when listed
 * after `lastTool` (the compact text of the list's last tool, or undefined
 * for an empty list): the list's tokens with it minus without it. Only the
 * end of the list changes, so counting the last tool and the closing
 * brackets gives the exact difference without counting the whole list.
 */
export function describeToolTokens(tokenizer: TokenizerName, name: string, lastTool: string | undefined): number {
  const definition = JSON.stringify(describeToolDefinition(name));
  const before = lastTool === undefined ? '{"tools":[' : lastTool;
  const joiner = lastTool === undefined ? '' : ',';
  return countTokens(`${before}${joiner}${definition}]}`, tokenizer) - countTokens(`${before}]}`, tokenizer);
}

/**
 * The describe tool's price beside a shrunk catalog, for lint: its name
 * there, how many tools were shortened (it is listed only when some were),
 * and the tokens it adds to the listing (0 when it is not listed).
 */
export function describeToolPrice(original: JsonDocument, transform: TransformResult, tokenizer: TokenizerName): DescribeToolPrice {
  const shrunk = parseJson(new TextDecoder().decode(transform.output), MAX_JSON_DEPTH);
  const shortened = shortenedToolIndexes(original, shrunk).size;
  const name = describeToolName(transform.tools.map((tool) => tool.name));
  const last = transform.tools.at(-1);
  const lastTool = last === undefined ? undefined : new TextDecoder().decode(transform.output.subarray(last.outputStart, last.outputEnd));
  return { name, tokens: shortened === 0 ? 0 : describeToolTokens(tokenizer, name, lastTool), shortened_tools: shortened };
}
