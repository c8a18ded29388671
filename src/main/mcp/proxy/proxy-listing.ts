// What the proxy answers a tools/list with, and the one stderr line that
// says so: the server's tools, filtered (--include-tools/--exclude-tools),
// shrunk at the proxy's level (the original committed first), with
// caveman_describe after them when something was shortened. The line gives
// the tokens before → after as the model sees them (the anthropic
// rendering: the server's whole listing against what the client is handed,
// the describe tool included), never the whitespace-inclusive JSON figure.

import type { LevelName } from '../../../shared/levels';
import { savingRatio } from '../../../shared/ratio';
import type { TokenizerName } from '../../../shared/tokenizers';
import type { StoreOption } from '../../library/store-option';
import { visibleTokens } from '../../library/visible-tokens';
import { offerDescribeTool } from '../../library/describe';
import { catalogText, toolNames } from './listing-text';
import { shrinkListedTools } from './shrink-listed-tools';
import type { ToolFilter } from './tool-filter';
import type { ShrunkListing } from './tools-proxy';
import { errorMessage } from '../../../shared/error-message';

export interface ProxyListingOptions {
  store?: StoreOption | undefined;
  tokenizer: TokenizerName;
  sourceName: string;
  level: LevelName;
  shareSchemas: boolean;
  /** List caveman_describe when a description was shortened. */
  describeTool: boolean;
  filter?: ToolFilter | undefined;
  log(line: string): void;
}

const plural = (n: number) => `${n} tool${n === 1 ? '' : 's'}`;

/** The listing for `listed` (each tool's exact text as the server wrote it); says what happened in one line. */
export async function proxyListing(listed: readonly string[], options: ProxyListingOptions): Promise<ShrunkListing> {
  const { filter, log } = options;
  const kept = filter === undefined ? listed : keptTools(listed, filter);
  const count =
    filter === undefined
      ? plural(listed.length)
      : `${kept.length} of ${plural(listed.length)} listed (${filter.flags}: ${listed.length - kept.length} filtered out)`;
  const shrunk = await shrinkListedTools(kept, options);

  if ('unchanged' in shrunk) {
    // Nothing changed at all: nothing to count (a listing above 32 MiB would take seconds to).
    if (filter === undefined) {
      log(`tools/list passed through unchanged (${count}): ${shrunk.unchanged}`);
      return { tools: shrunk.tools };
    }
    log(`tools/list passed through unshrunk (${count}): ${shrunk.unchanged}; ${await seen(listed, shrunk.tools, options.tokenizer)}`);
    return { tools: shrunk.tools };
  }

  const offer = options.describeTool ? offerDescribeTool(shrunk.index, shrunk.tools, { tokenizer: options.tokenizer }) : undefined;
  const handedOut = offer?.tool ? [...shrunk.tools, JSON.stringify(offer.tool.definition)] : shrunk.tools;
  const describe = offer === undefined ? '' : `; ${offer.note}`;
  log(`tools/list shrunk at ${options.level}: ${count}, ${await seen(listed, handedOut, options.tokenizer)}; original stored as ${shrunk.handle}${describe}`);
  if (offer?.renamed !== undefined) log(offer.renamed);
  return { tools: shrunk.tools, local: offer?.tool };
}

function keptTools(listed: readonly string[], filter: ToolFilter): string[] {
  const names = toolNames(listed);
  return listed.filter((_, at) => filter.keeps(names[at]));
}

/** "1710 → 903 tokens as the model sees them (47.2% saved; anthropic rendering, inferred, o200k_base)". */
async function seen(before: readonly string[], after: readonly string[], tokenizer: TokenizerName): Promise<string> {
  const encode = (tools: readonly string[]) => new TextEncoder().encode(catalogText(tools));
  let counted;
  try {
    counted = (await visibleTokens(encode(before), encode(after), tokenizer))?.anthropic;
  } catch (error) {
    return `tokens as the model sees them not counted (${errorMessage(error)})`;
  }
  if (counted === undefined) return 'tokens as the model sees them not counted (not a catalog)';
  const percent = (savingRatio(counted.tokens_before, counted.tokens_after) * 100).toFixed(1);
  return `${counted.tokens_before} → ${counted.tokens_after} tokens as the model sees them (${percent}% saved; anthropic rendering, inferred, ${tokenizer})`;
}
