// What a server's listing costs at every level, in every rendering (the
// Servers view): the listing as JSON, and what the model sees of it
// (anthropic and openai, docs/transform.md), before and after the proxy shrinks it
// at each level, with each tool's share and what caveman_describe adds
// beside it. The same measurement lint makes (lintReportFor), once per
// level; nothing is stored. A level whose shrink saves nothing passes the
// listing through, as the proxy does, so its "after" equals its "before".

import type { ServerCosts, ServerLevelCost, TokenTriple } from '../../../shared/contracts';
import { throwIfAborted } from '../../../shared/errors';
import { LEVELS } from '../../../shared/levels';
import type { TokenizerName } from '../../../shared/tokenizers';
import { describeToolShares, lintReportFor } from '../../library/lint';
import { passThroughError, prepareCatalog } from '../../library/prepare-catalog';
import { readInput } from '../../library/read-catalog-text';
import { sharedCounter } from '../../library/shared-counter';
import type { ParallelTokenCounter } from '../../engine/tokens';
import type { LintReport, ToolTokens } from '../../../shared/contracts';
import { describeToolDefinition, describeToolPrice } from '../../library/describe';

export interface ServerCostOptions {
  tokenizer: TokenizerName;
  counter?: ParallelTokenCounter | undefined;
  signal?: AbortSignal | undefined;
  /** 0…1 as the levels are measured. */
  onProgress?: ((fraction: number) => void) | undefined;
}

/** `listing`: the tools as the server listed them, `{"tools":[…]}` as UTF-8. Throws CavemanError when it is not a catalog. */
export async function serverCosts(listing: Uint8Array, options: ServerCostOptions): Promise<ServerCosts> {
  const { tokenizer, signal } = options;
  const counter = options.counter ?? sharedCounter();
  const read = readInput(listing);
  const levels: ServerLevelCost[] = [];
  let first: LintReport | undefined;
  for (const [index, level] of LEVELS.entries()) {
    throwIfAborted(signal);
    const prepared = prepareCatalog(read, { sharedOutput: true, level });
    if (!prepared.ok) throw passThroughError(prepared.passThrough);
    const report = await lintReportFor(read, prepared, { tokenizer, signal }, counter);
    first ??= report;
    const shrunk = report.total.tokens_after < report.total.tokens_before;
    const price = shrunk ? describeToolPrice(prepared.doc, prepared.transform, tokenizer) : undefined;
    levels.push({
      level,
      total: { json: pick(report.total), anthropic: pick(report.visible.anthropic), openai: pick(report.visible.openai) },
      tools: report.tools.map((tool) => triple(tool, 'after')),
      describeTool: {
        name: price?.name ?? describeToolDefinition().name,
        shortenedTools: price?.shortened_tools ?? 0,
        tokens:
          price !== undefined && price.tokens > 0 ? await describeToolShares(price.name, tokenizer, counter, signal) : { json: 0, anthropic: 0, openai: 0 },
      },
    });
    options.onProgress?.((index + 1) / LEVELS.length);
  }
  return {
    basis: 'inferred',
    tokenizer,
    tools: (first?.tools ?? []).map((tool) => ({ name: tool.name, before: triple(tool, 'before') })),
    levels,
  };
}

function pick(counts: { tokens_before: number; tokens_after: number }) {
  return { tokens_before: counts.tokens_before, tokens_after: counts.tokens_after };
}

function triple(tool: ToolTokens, side: 'before' | 'after'): TokenTriple {
  const key = side === 'before' ? 'tokens_before' : 'tokens_after';
  return { json: tool[key], anthropic: tool.visible.anthropic[key], openai: tool.visible.openai[key] };
}
