// Checks a tools/call's arguments against the tool's original input schema
// before the call is relayed. The caller hands over the tool's exact text
// (as the server listed it) and the exact `arguments` text of the client's
// message; the arguments are parsed here for checking only, and the caller
// forwards the bytes it already has. Each tool is compiled on its first
// call and kept (at most CACHED_TOOLS of them, the least recently called
// going first). Whatever goes wrong inside the checker makes the call
// "unchecked", never refused: a checker fault never blocks a call.

import type { ErrorObject } from 'ajv';
import { DEFAULT_TOKENIZER, type TokenizerName } from '../../../shared/tokenizers';
import { errorMessage } from '../../../shared/error-message';
import type { DescribeAnswer as ToolCallResult } from '../describe/describe-index';
import { compileTool, type CompiledTool, type UncheckedTool } from './compile-tool';
import { explainErrors, type Violation } from './explain-errors';
import { refusalText } from './refusal-text';
import { SchemaPlaces } from './schema-places';

/** Tools kept compiled: a large server lists a few hundred; a validator costs tens of kilobytes. */
export const CACHED_TOOLS = 1024;

export type CallCheck =
  | { verdict: 'valid' }
  | { verdict: 'invalid'; tool: string; violations: Violation[]; result: ToolCallResult }
  | { verdict: 'unchecked'; tool: string; reason: string };

export interface CallCheckerOptions {
  /** Counts a refusal against its bound (default o200k_base). */
  tokenizer?: TokenizerName;
  /** Tools kept compiled (default CACHED_TOOLS). */
  cachedTools?: number;
  /** Tokens a refusal may take with the whole definition in it (default REFUSAL_TOKEN_BOUND). */
  refusalTokenBound?: number;
}

interface CacheEntry {
  compiled: CompiledTool | UncheckedTool;
  places?: SchemaPlaces;
  /** When the tool was last called (the checker's count of calls). */
  lastCall: number;
}

export class CallChecker {
  private readonly cache = new Map<string, CacheEntry>();
  private calls = 0;
  private readonly tokenizer: TokenizerName;
  private readonly cachedTools: number;

  constructor(private readonly options: CallCheckerOptions = {}) {
    this.tokenizer = options.tokenizer ?? DEFAULT_TOKENIZER;
    this.cachedTools = Math.max(1, options.cachedTools ?? CACHED_TOOLS);
  }

  /**
   * The verdict on a call of the tool `toolText` (its exact text as listed)
   * with `argumentsText` (the exact `arguments` JSON of the call; undefined
   * when the call has none, checked as `{}`). `describeTool`: the describe
   * tool's name in the client's listing, undefined when none is listed.
   * Never throws.
   */
  check(toolText: string, argumentsText: string | undefined, describeTool?: string): CallCheck {
    let entry: CacheEntry | undefined;
    try {
      entry = this.entryFor(toolText);
      if (!('validate' in entry.compiled)) return { verdict: 'unchecked', tool: entry.compiled.name, reason: entry.compiled.reason };
      const tool = entry.compiled;
      let args: unknown;
      try {
        args = argumentsText === undefined ? {} : JSON.parse(argumentsText);
      } catch {
        return { verdict: 'unchecked', tool: tool.name, reason: 'its arguments are not JSON' };
      }
      if (tool.validate(args)) return { verdict: 'valid' };
      return this.refusal(entry, tool, [...(tool.validate.errors ?? [])], describeTool);
    } catch (error) {
      return { verdict: 'unchecked', tool: entry?.compiled.name ?? '(unknown)', reason: `the check failed: ${errorMessage(error)}` };
    }
  }

  private refusal(entry: CacheEntry, tool: CompiledTool, errors: ErrorObject[], describeTool: string | undefined): CallCheck {
    entry.places ??= new SchemaPlaces(tool);
    const violations = explainErrors(errors, entry.places);
    if (violations.length === 0) return { verdict: 'unchecked', tool: tool.name, reason: 'Ajv rejected the arguments without naming a rule' };
    const text = refusalText(tool, violations, { tokenizer: this.tokenizer, describeTool, tokenBound: this.options.refusalTokenBound });
    return { verdict: 'invalid', tool: tool.name, violations, result: { content: [{ type: 'text', text }], isError: true } };
  }

  /** How many tools are compiled and kept now. */
  get cachedToolCount(): number {
    return this.cache.size;
  }

  /** Whether the tool `toolText` is compiled and kept now. */
  isCached(toolText: string): boolean {
    return this.cache.has(toolText);
  }

  /** The compiled tool; a new one takes the place of the least recently called when the cache is full. */
  private entryFor(toolText: string): CacheEntry {
    let entry = this.cache.get(toolText);
    if (entry === undefined) {
      if (this.cache.size >= this.cachedTools) this.forgetLeastRecent();
      entry = { compiled: compileTool(toolText), lastCall: 0 };
      this.cache.set(toolText, entry);
    }
    // A stamp, not a delete and set per call: moving a long key in the map costs more than the check itself.
    entry.lastCall = ++this.calls;
    return entry;
  }

  private forgetLeastRecent(): void {
    let oldest: [string, CacheEntry] | undefined;
    for (const pair of this.cache) if (oldest === undefined || pair[1].lastCall < oldest[1].lastCall) oldest = pair;
    if (oldest !== undefined) this.cache.delete(oldest[0]);
  }
}
