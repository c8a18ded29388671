// What the proxy answers tools/list with: the server's tools shrunk as one
// catalog, once the original is committed to the store — or the tools
// unchanged (fail-open) when the store cannot take it, nothing is saved, or
// the listing is above the 32 MiB a shrink takes (the proxy reads messages
// up to 33 MiB).
// Each outcome is one line on stderr, the handle included.

import { MAX_INPUT_BYTES, asCavemanError, inputTooLargeError } from '../../shared/errors';
import { shrink } from '../api/shrink';
import type { StoreOption } from '../api/store-option';
import type { TokenizerName } from '../../shared/tokenizers';
import { catalogBytes } from './list-server-tools';

export interface ShrinkListedOptions {
  store?: StoreOption | undefined;
  tokenizer: TokenizerName;
  sourceName: string;
}

/** The tools to hand to the client, and a line saying what happened (with the recovery handle when there is one). */
export async function shrinkListedTools(tools: unknown[], options: ShrinkListedOptions): Promise<{ tools: unknown[]; line: string; handle?: string }> {
  const count = `${tools.length} tool${tools.length === 1 ? '' : 's'}`;
  const bytes = catalogBytes(tools);
  // Fail-open, as `shrink` is: a listing too large to shrink (or a shrink that fails) is handed on as it came.
  if (bytes.length > MAX_INPUT_BYTES) return { tools, line: `tools/list passed through unchanged (${count}): ${inputTooLargeError('the listing', bytes.length).message}` };
  let outcome;
  try {
    outcome = await shrink(bytes, {
      tokenizer: options.tokenizer,
      sourceName: options.sourceName,
      ...(options.store !== undefined ? { store: options.store } : {}),
    });
  } catch (thrown) {
    return { tools, line: `tools/list passed through unchanged (${count}): ${asCavemanError(thrown).message}; nothing was stored` };
  }
  const { result, error } = outcome;
  if (error) return { tools, line: `tools/list passed through unchanged (${count}): the store could not take the original (${error.message}); nothing was stored` };
  if (result.recovery_handle === undefined) {
    return { tools, line: `tools/list passed through unchanged (${count}): ${result.pass_through?.message ?? 'nothing to shrink'}; nothing was stored` };
  }
  // The engine's output is compact JSON of the same catalog shape: {"tools":[…]}.
  const shrunk = JSON.parse(new TextDecoder().decode(result.output)) as { tools: unknown[] };
  const percent = (result.ratio * 100).toFixed(1);
  return {
    tools: shrunk.tools,
    handle: result.recovery_handle,
    line: `tools/list shrunk: ${count}, ${result.tokens_before} → ${result.tokens_after} tokens (${percent}% saved, inferred, ${result.tokenizer}); original stored as ${result.recovery_handle}`,
  };
}
