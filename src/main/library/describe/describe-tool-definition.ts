// caveman_describe: the one tool the proxy adds to a shrunk
// tools/list, so a model that needs the details of a tool whose description
// was shortened can read its full original definition (one tool or several
// a call). Its definition, the arguments it takes, the name it takes beside
// a server's tools, and its price in tokens live here, so the proxy, lint
// and a harness show the same thing.

import type { DescribeToolPrice } from '../../../shared/contracts';
import type { TokenizerName } from '../../../shared/tokenizers';
import type { JsonDocument } from '../../engine/json/json-node';
import { MAX_JSON_DEPTH, parseJson } from '../../engine/json/parse-json';
import { shortenedToolIndexes } from './tool-originals';
import { countTokens } from '../../engine/tokens';
import { DEFERRAL_MARKER } from '../../engine/transform/deferral-marker';
import type { TransformResult } from '../../engine/transform/transform-catalog';

import { DESCRIBE_TOOL_NAME, describeToolName } from './describe-tool-name';

export { DESCRIBE_TOOL_NAME, describeToolName, mayNameDescribeTool } from './describe-tool-name';

export { DEFERRAL_MARKER } from '../../engine/transform/deferral-marker';

export interface DescribeToolDefinition {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: { names: { type: 'array'; items: { type: 'string' } } }; required: ['names'] };
  [key: string]: unknown;
}

/**
 * The entry the proxy lists: small on purpose, every token of it is paid on
 * every turn (65 tokens in o200k_base and cl100k_base, as listed and as
 * Claude is handed it; its description 27). It says what the marker means
 * (docs/levels.md) and when to call it.
 */
export function describeToolDefinition(name: string = DESCRIBE_TOOL_NAME): DescribeToolDefinition {
  return {
    name,
    description:
      `Full original definitions of the named tools. A description ending in "${DEFERRAL_MARKER}" was shortened: call ` +
      `this first when you need its details.`,
    inputSchema: { type: 'object', properties: { names: { type: 'array', items: { type: 'string' } } }, required: ['names'] },
  };
}

/** The names a call asks for (`names`: one string or several; `name` is taken too), or undefined when it names none. */
export function requestedNames(args: unknown): string[] | undefined {
  if (typeof args !== 'object' || args === null) return undefined;
  const { names, name } = args as { names?: unknown; name?: unknown };
  const asked = names ?? name;
  const list = typeof asked === 'string' ? [asked] : Array.isArray(asked) ? asked : [];
  return list.length > 0 && list.every((item): item is string => typeof item === 'string') ? list : undefined;
}

/** What a call that names no tool gets back: what was wrong with `args`, then the shape the tool takes. */
export function describeUsage(name: string, args: unknown): string {
  return `${requestProblem(args)}: call ${name} with {"names": ["<tool>", …]}, names of listed tools`;
}

/** What keeps `args` from naming a tool, in the words of its shape (never its values: it may be anything a model sent). */
function requestProblem(args: unknown): string {
  if (args === undefined) return 'no arguments were given';
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return `the arguments are ${kindOf(args)}, not an object`;
  const { names, name } = args as { names?: unknown; name?: unknown };
  const asked = names ?? name;
  const member = names === undefined && name !== undefined ? '"name"' : '"names"';
  if (asked === undefined) return 'no "names" was given';
  if (!Array.isArray(asked)) return `${member} is ${kindOf(asked)}, not a list of tool names`;
  if (asked.length === 0) return `${member} is empty`;
  const other = asked.find((item) => typeof item !== 'string');
  return `${member} holds ${kindOf(other)}; each item is a tool name, a string`;
}

const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;

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
 * `shrunk`: the transform's output parsed, when the caller has it.
 */
export function describeToolPrice(
  original: JsonDocument,
  transform: TransformResult,
  tokenizer: TokenizerName,
  shrunk: JsonDocument = parseJson(new TextDecoder().decode(transform.output), MAX_JSON_DEPTH),
): DescribeToolPrice {
  const shortened = shortenedToolIndexes(original, shrunk).size;
  const name = describeToolName(transform.tools.map((tool) => tool.name));
  const last = transform.tools.at(-1);
  const lastTool = last === undefined ? undefined : new TextDecoder().decode(transform.output.subarray(last.outputStart, last.outputEnd));
  return { name, tokens: shortened === 0 ? 0 : describeToolTokens(tokenizer, name, lastTool), shortened_tools: shortened };
}
