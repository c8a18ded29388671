// The proxy's tools/list, shrunk: the tools the server listed, as one
// catalog, once the original is committed to the store — or the tools
// unchanged (fail-open) when the store cannot take it, nothing is saved, or
// the listing is above the 32 MiB a shrink takes (the proxy reads messages
// up to 33 MiB); the caller says which on stderr (proxy-listing.ts).
//
// Bytes in, bytes out: the catalog is the tools exactly as the server wrote
// them (listing-text.ts), and what the client gets is the engine's output
// bytes sliced per tool, with no parse-and-stringify round trip either way.
// A listing the engine cannot take (bytes that are not UTF-8, nesting deeper
// than it reads) passes through as the server's own bytes.

import { MAX_INPUT_BYTES, NOTHING_STORED, asCavemanError, inputTooLargeError, outcomeWords } from '../../../shared/errors';
import type { LevelName } from '../../../shared/levels';
import type { TokenizerName } from '../../../shared/tokenizers';
import { MAX_JSON_DEPTH, parseJson } from '../../engine/json/parse-json';
import { isBudgetBelowFloor } from '../../library/plan-budget';
import { shrink } from '../../library/shrink';
import type { RecordedShrink } from '../../library/record-model-tokens';
import type { StoreOption } from '../../library/store-option';
import { DescribeIndex } from '../../library/describe';
import { catalogBytes, toolTexts } from './listing-text';
import type { ClientInfo } from './tools-proxy';

export interface ShrinkListedOptions {
  store?: StoreOption | undefined;
  tokenizer: TokenizerName;
  sourceName: string;
  level: LevelName;
  /** Tokens the listing may take as Claude is handed it (with a budget, `level` is the ceiling). */
  budget?: number | undefined;
  /** With a budget: calls per tool name; a tool called more is stepped down later. */
  calls?: Readonly<Record<string, number>> | undefined;
  shareSchemas: boolean;
  /** The MCP client the listing is for, recorded with the shrink. */
  clientInfo?: ClientInfo | undefined;
}

export type ShrunkTools =
  | {
      /** Each tool's bytes as the client gets them. */
      tools: Uint8Array[];
      handle: string;
      /** The shrink as the store recorded it (what History keys what the model saw on). */
      recorded: RecordedShrink;
      /** What the describe tool answers from (the original is stored). */
      index: DescribeIndex;
      /** Said when the budget was below the listing's floor and every tool was listed at names instead. */
      belowFloor?: string;
    }
  | {
      /** The server's own bytes. */
      tools: Uint8Array[];
      /** Why they pass through unchanged (ends with what was left behind: "nothing was stored"). */
      unchanged: string;
    };

/** `tools`: each tool's exact bytes as the server listed them. */
export async function shrinkListedTools(tools: readonly Uint8Array[], options: ShrinkListedOptions): Promise<ShrunkTools> {
  const unchanged = (why: string): ShrunkTools => ({ tools: [...tools], unchanged: why });
  const bytes = catalogBytes(tools);
  // Fail-open, as `shrink` is: a listing too large to shrink (or a shrink that fails) is handed on as it came.
  if (bytes.length > MAX_INPUT_BYTES) return unchanged(inputTooLargeError('the listing', bytes.length).message);
  let outcome;
  let belowFloor: string | undefined;
  try {
    outcome = await shrinkAt(bytes, options, options.budget);
  } catch (thrown) {
    if (!isBudgetBelowFloor(thrown)) return unchanged(`${asCavemanError(thrown).message}; ${outcomeWords(NOTHING_STORED)}`);
    // Every tool stays listed: at names, the least a listing can be, rather than the server's own listing.
    belowFloor = `${asCavemanError(thrown).message}; every tool is listed at names`;
    try {
      outcome = await shrinkAt(bytes, { ...options, level: 'names' }, undefined);
    } catch (again) {
      return unchanged(`${asCavemanError(again).message}; ${outcomeWords(NOTHING_STORED)}`);
    }
  }
  const { result, error } = outcome;
  if (error) return unchanged(`the store could not take the original (${error.message}); ${outcomeWords(NOTHING_STORED)}`);
  if (result.recovery_handle === undefined) return unchanged(`${result.pass_through?.message ?? 'nothing to shrink'}; ${outcomeWords(NOTHING_STORED)}`);
  // The engine's output is compact JSON of the same catalog shape: {"tools":[…]}; a shrunk original was UTF-8.
  const decoder = new TextDecoder();
  // Each tool's level as listed: the budget's plan, else the one level (names when the budget was below the floor).
  const levels = outcome.toolLevels ?? (belowFloor !== undefined ? 'names' : options.level);
  const index = DescribeIndex.of(parseJson(decoder.decode(bytes), MAX_JSON_DEPTH), parseJson(decoder.decode(result.output), MAX_JSON_DEPTH), levels);
  const recorded = { tokenizer: result.tokenizer, tokens_before: result.tokens_before, tokens_after: result.tokens_after };
  return { tools: toolTexts(result.output), handle: result.recovery_handle, recorded, index, ...(belowFloor !== undefined ? { belowFloor } : {}) };
}

function shrinkAt(bytes: Uint8Array, options: ShrinkListedOptions, budget: number | undefined) {
  return shrink(bytes, {
    tokenizer: options.tokenizer,
    sourceName: options.sourceName,
    level: options.level,
    shareSchemas: options.shareSchemas,
    ...(budget !== undefined ? { budget, ...(options.calls !== undefined ? { calls: options.calls } : {}) } : {}),
    ...(options.store !== undefined ? { store: options.store } : {}),
    ...(options.clientInfo !== undefined ? { clientInfo: options.clientInfo } : {}),
  });
}
