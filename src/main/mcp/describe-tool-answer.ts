// The proxy's caveman_describe for one listing: answers `{ "name": … }` with
// that tool's original definition, read from the store by the catalog's
// handle (a byte-exact slice of the stored original, so the answer is the
// same after a restart of the proxy), and says when the tool was not
// shortened at all. Offered only when the listing shortened something.

import { asCavemanError } from '../../shared/errors';
import type { TokenizerName } from '../../shared/tokenizers';
import { recoverTool, recoverTools } from '../api/recover-tool';
import type { StoreOption } from '../api/store-option';
import { DESCRIBE_TOOL_NAME, describeToolDefinition, describeToolName, describeToolTokens } from './describe-tool';
import type { LocalTool } from './tools-proxy';

/** The note that follows the definition of a tool whose descriptions all survived. */
export const COMPLETE_NOTE = 'complete: no description of this tool was shortened in tools/list; the listing already has all of its text.';

export interface DescribeOffer {
  /** The tool to list, or undefined when no description was shortened. */
  tool: LocalTool | undefined;
  /** One clause for the stderr summary: what the tool costs, or why it is not offered. */
  note: string;
  /** Set when a server tool already had the name. */
  renamed?: string;
}

const textResult = (texts: string[], isError = false) => ({ content: texts.map((text) => ({ type: 'text', text })), ...(isError ? { isError: true } : {}) });

/** The describe tool for the catalog stored under `handle`, to be listed after `listed` (the shrunk tools). */
export function offerDescribeTool(handle: string, listed: readonly unknown[], options: { store: StoreOption | undefined; tokenizer: TokenizerName }): DescribeOffer {
  const storeOptions = options.store !== undefined ? { store: options.store } : {};
  const tools = recoverTools(handle, storeOptions);
  const shortened = tools.filter((tool) => tool.shortened).length;
  if (shortened === 0) return { tool: undefined, note: `${DESCRIBE_TOOL_NAME} not offered: no description was shortened` };
  const name = describeToolName(tools.map((tool) => tool.name));
  const tokens = describeToolTokens(options.tokenizer, name, listed.length > 0 ? JSON.stringify(listed.at(-1)) : undefined);
  const tool: LocalTool = {
    definition: describeToolDefinition(name),
    async call(args) {
      const wanted = (args as { name?: unknown } | undefined)?.name;
      if (typeof wanted !== 'string') return textResult([`call ${name} with {"name": "<tool>"}, the name of a listed tool`], true);
      try {
        const found = recoverTool(handle, wanted, storeOptions);
        const definition = new TextDecoder().decode(found.original);
        return textResult(found.shortened ? [definition] : [definition, COMPLETE_NOTE]);
      } catch (error) {
        return textResult([asCavemanError(error).message], true);
      }
    },
  };
  const of = `${shortened} of ${tools.length} tool${tools.length === 1 ? '' : 's'}`;
  return {
    tool,
    note: `${name} adds ${tokens} tokens (inferred; offered because ${of} ${shortened === 1 ? 'was' : 'were'} shortened)`,
    ...(name !== DESCRIBE_TOOL_NAME ? { renamed: `a server tool is already named ${DESCRIBE_TOOL_NAME}; the proxy's describe tool is listed as ${name}` } : {}),
  };
}
