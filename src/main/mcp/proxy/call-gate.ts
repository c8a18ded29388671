// What the proxy does with a tools/call before relaying it: a tool the
// filters leave out is refused (-32602: the proxy does not list it); a call
// the policy checks (docs/checked-calls.md) is checked against the tool's
// original input schema, the server's own text from the listing, by one
// CallChecker for the whole proxy. An invalid call is answered with the
// checker's refusal and one stderr line; anything that stops a check (a
// schema the checker cannot compile, a fault, a tool the listing does not
// have) relays the call unchecked, with one stderr note per tool.

import { CallChecker, type CallCheck } from '../../library/call-check/call-checker';
import { logRefusal, logUnchecked } from '../../library/call-check/call-check-log';
import { listingDeferred, type CallCheckPolicy } from '../../library/call-check/check-policy';
import { errorMessage } from '../../../shared/error-message';
import type { TokenizerName } from '../../../shared/tokenizers';
import type { ListedTool } from './listed-tools';
import type { ToolFilter } from './tool-filter';
import type { CallVerdict, ToolCall } from './tools-proxy';

export interface CallGateOptions {
  filter?: ToolFilter | undefined;
  policy: CallCheckPolicy;
  /** Counts a refusal against its bound. */
  tokenizer: TokenizerName;
  log(line: string): void;
}

/** The proxy's checkCall, and whether it reads the listing; undefined when it would relay every call. */
export interface CallGate {
  checkCall(call: ToolCall): CallVerdict;
  readonly readsListing: boolean;
}

/** The refusal of a call of a tool the filters leave out. */
export const unlistedToolMessage = (name: string, filter: ToolFilter) => `unknown tool ${JSON.stringify(name)}: this proxy does not list it (${filter.flags})`;

export function callGate(options: CallGateOptions): CallGate | undefined {
  const { filter, policy } = options;
  const checks = policy.mode === 'off' ? undefined : new CheckedCalls(options);
  if (filter === undefined && checks === undefined) return undefined;
  return {
    readsListing: checks !== undefined,
    checkCall(call) {
      if (filter !== undefined && !filter.keeps(call.name)) return { refuse: unlistedToolMessage(call.name, filter) };
      return checks?.verdict(call);
    },
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The checks of one proxy: its checker, the tools' texts decoded once per listing, the tools already said to go unchecked. */
class CheckedCalls {
  private readonly checker: CallChecker;
  private readonly texts = new WeakMap<Uint8Array, string>();
  private readonly deferred = new WeakMap<Uint8Array, boolean>();
  private readonly uncheckedTools = new Set<string>();

  constructor(private readonly options: CallGateOptions) {
    this.checker = new CallChecker({ tokenizer: options.tokenizer });
  }

  /** Never throws: a fault relays the call unchecked. */
  verdict(call: ToolCall): CallVerdict {
    let check: CallCheck | undefined;
    try {
      check = this.check(call);
    } catch (error) {
      check = { verdict: 'unchecked', tool: call.name, reason: `the check failed: ${errorMessage(error)}` };
    }
    if (check === undefined || check.verdict === 'valid') return undefined;
    if (check.verdict === 'invalid') {
      logRefusal(this.options.log, check.tool, check.violations);
      return { answer: { ...check.result } };
    }
    if (!this.uncheckedTools.has(call.name)) {
      this.uncheckedTools.add(call.name);
      logUnchecked(this.options.log, call.name, check.reason);
    }
    return undefined;
  }

  /** The checker's verdict, or undefined when the policy leaves the call unchecked. */
  private check({ name, tool, arguments: args, describeTool }: ToolCall): CallCheck | undefined {
    const { policy } = this.options;
    if (!policy.checks(name, policy.mode === 'deferred' && this.listingDeferred(tool))) return undefined;
    if (tool === undefined) return { verdict: 'unchecked', tool: name, reason: 'the listing of the server has no one tool of this name' };
    let argumentsText;
    try {
      argumentsText = args === undefined ? undefined : utf8.decode(args);
    } catch {
      return { verdict: 'unchecked', tool: name, reason: 'its arguments are not UTF-8' };
    }
    return this.checker.check(this.textOf(tool.original), argumentsText, describeTool);
  }

  private listingDeferred(tool: ListedTool | undefined): boolean {
    const listed = tool?.listed;
    if (listed === undefined) return false;
    let deferred = this.deferred.get(listed);
    if (deferred === undefined) this.deferred.set(listed, (deferred = listingDeferred(this.textOf(listed))));
    return deferred;
  }

  /** A tool's text, decoded once per listing: the checker keeps its compiled tools by this text. */
  private textOf(bytes: Uint8Array): string {
    let text = this.texts.get(bytes);
    if (text === undefined) this.texts.set(bytes, (text = new TextDecoder().decode(bytes)));
    return text;
  }
}
