// A proxy's caveman_describe for one listing: answers `{"names": […]}`
// from the listing's DescribeIndex (built once, when the listing was shrunk:
// each answer is the server's own bytes for that tool, the same bytes the
// store keeps under the listing's handle, so the answer is the same after a
// restart). Offered only when the listing shortened something.

import type { TokenizerName } from '../../../shared/tokenizers';
import {
  DESCRIBE_TOOL_NAME,
  describeToolDefinition,
  describeToolName,
  describeToolTokens,
  describeUsage,
  requestedNames,
  type DescribeToolDefinition,
} from './describe-tool-definition';
import type { DescribeAnswer, DescribeIndex } from './describe-index';

/** The describe tool as a proxy serves it: its entry in tools/list and the answer to a call. */
export interface ServedDescribeTool {
  definition: DescribeToolDefinition;
  call(args: unknown): Promise<DescribeAnswer>;
}

export interface DescribeOffer {
  /** The tool to list, or undefined when no description was shortened. */
  tool: ServedDescribeTool | undefined;
  /** One clause for the stderr summary: what the tool costs, or why it is not offered. */
  note: string;
  /** Set when a server tool already had the name. */
  renamed?: string;
}

/** The describe tool named `name`, answering from `index`. */
export function servedDescribeTool(name: string, index: DescribeIndex): ServedDescribeTool {
  return {
    definition: describeToolDefinition(name),
    call(args) {
      const names = requestedNames(args);
      return Promise.resolve(names === undefined ? { content: [{ type: 'text', text: describeUsage(name, args) }], isError: true } : index.answer(names));
    },
  };
}

/** The describe tool for a listing, to be listed after `listed` (the shrunk tools' JSON, as text or UTF-8 bytes). */
export function offerDescribeTool(index: DescribeIndex, listed: readonly (string | Uint8Array)[], options: { tokenizer: TokenizerName }): DescribeOffer {
  const shortened = index.shortenedCount;
  if (shortened === 0) return { tool: undefined, note: `${DESCRIBE_TOOL_NAME} not offered: no description was shortened` };
  const name = describeToolName(index.tools.flatMap((tool) => (tool.name === undefined ? [] : [tool.name])));
  const last = listed.at(-1);
  const tokens = describeToolTokens(options.tokenizer, name, typeof last === 'object' ? new TextDecoder().decode(last) : last);
  const tool = servedDescribeTool(name, index);
  const total = index.tools.length;
  const of = `${shortened} of ${total} tool${total === 1 ? '' : 's'}`;
  return {
    tool,
    note: `${name} adds ${tokens} tokens (inferred; offered because ${of} ${shortened === 1 ? 'was' : 'were'} shortened)`,
    ...(name !== DESCRIBE_TOOL_NAME ? { renamed: `a server tool is already named ${DESCRIBE_TOOL_NAME}; the proxy's describe tool is listed as ${name}` } : {}),
  };
}
