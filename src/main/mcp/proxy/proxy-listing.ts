// What the proxy answers a tools/list with, and the one stderr line that
// says so: the server's tools, filtered (--include-tools/--exclude-tools),
// shrunk at the proxy's level (the original committed first), with
// caveman_describe after them when something was shortened. Never more
// tokens than the server's own listing: when that listing plus the describe
// tool does not cost the model fewer tokens than the tools as the server
// listed them, the tools are served without deferring (level full, which
// cuts no description, so nothing points at a describe tool), and failing
// that as the server listed them. The line gives the tokens before → after
// as the model sees them (the anthropic rendering: the server's whole
// listing against what the client is handed, the describe tool included),
// negative savings included, never the whitespace-inclusive JSON figure;
// History keeps those figures (both renderings) on the shrink served.

import type { LevelName } from '../../../shared/levels';
import type { ProfileName } from '../../../shared/profiles';
import { formatPercent } from '../../../shared/format-figures';
import { signedRatio } from '../../../shared/ratio';
import type { TokenizerName } from '../../../shared/tokenizers';
import type { StoreOption } from '../../library/store-option';
import { visibleTokens } from '../../library/visible-tokens';
import { recordModelTokens } from '../../library/record-model-tokens';
import type { VisibleTokens } from '../../../shared/contracts';
import { DescribeIndex, offerDescribeTool, servedDescribeTool, type DescribeOffer, type DescribedTool } from '../../library/describe';
import { catalogBytes, packTools, toolNames, unpackTools, type PackedTools } from './listing-text';
import { shrinkListedTools, type ShrunkTools } from './shrink-listed-tools';
import type { ToolFilter } from './tool-filter';
import type { ClientInfo, ShrunkListing } from './tools-proxy';
import { errorMessage } from '../../../shared/error-message';
import { formatInt } from '../../../shared/format-figures';

/** The options that shape a listing, as plain data (they cross to a worker thread). */
export interface ListingSettings {
  tokenizer: TokenizerName;
  sourceName: string;
  level: LevelName;
  /** Tokens the listing may take as Claude is handed it (with a budget, `level` is the ceiling). */
  budget?: number | undefined;
  /** The profile the level and budget come from, when one chose them. */
  profile?: ProfileName | undefined;
  /** With a budget: the server's tools by how much they were called lately (usage-snapshot.ts); called more, stepped down later. */
  calls?: Readonly<Record<string, number>> | undefined;
  shareSchemas: boolean;
  /** List caveman_describe when a description was shortened. */
  describeTool: boolean;
  includeTools?: string[] | undefined;
  excludeTools?: string[] | undefined;
}

/** A listing made, as plain data: made on a worker thread, served on the relay's. */
export interface ListingProduct extends PackedTools {
  /** (bytes, ends:) each tool's bytes as the client gets them (the describe tool not among them). */
  /** The stderr lines that say what was done. */
  notes: string[];
  /** The describe tool to list after the tools: its name and what it answers from. */
  describe?: { name: string; tools: DescribedTool[] } | undefined;
}

export interface ProxyListingOptions {
  store?: StoreOption | undefined;
  tokenizer: TokenizerName;
  sourceName: string;
  level: LevelName;
  budget?: number | undefined;
  calls?: Readonly<Record<string, number>> | undefined;
  shareSchemas: boolean;
  /** List caveman_describe when a description was shortened. */
  describeTool: boolean;
  filter?: ToolFilter | undefined;
  /** The MCP client the listing is for, recorded with the shrink. */
  clientInfo?: ClientInfo | undefined;
  log(line: string): void;
}

const plural = (n: number) => `${n} tool${n === 1 ? '' : 's'}`;
const encoder = new TextEncoder();

/** The listing for `listed` (each tool's exact bytes as the server wrote them), made on this thread; says what happened in one line. */
export async function proxyListing(listed: readonly Uint8Array[], options: ProxyListingOptions): Promise<ShrunkListing> {
  const product = await listingProduct(listed, options);
  product.notes.forEach((note) => options.log(note));
  return servedListing(product);
}

/** The listing a product describes, with its describe tool answering from the product's index. */
export function servedListing(product: ListingProduct): ShrunkListing {
  const { describe } = product;
  return { tools: unpackTools(product), local: describe && servedDescribeTool(describe.name, DescribeIndex.fromTools(describe.tools)) };
}

/** The listing for `listed` as plain data; `options.filter` wins over the settings' include and exclude lists. */
export async function listingProduct(listed: readonly Uint8Array[], options: Omit<ProxyListingOptions, 'log'>): Promise<ListingProduct> {
  const { filter } = options;
  const notes: string[] = [];
  const log = (note: string) => void notes.push(note);
  const kept = filter === undefined ? listed : keptTools(listed, filter);
  const count =
    filter === undefined
      ? plural(listed.length)
      : `${kept.length} of ${plural(listed.length)} listed (${filter.flags}: ${listed.length - kept.length} filtered out)`;
  const shrunk = await shrinkListedTools(kept, options);
  if ('belowFloor' in shrunk && shrunk.belowFloor !== undefined) log(shrunk.belowFloor);

  if ('unchanged' in shrunk) {
    // Nothing changed at all: nothing to count (a listing above 32 MiB would take seconds to).
    if (filter === undefined) {
      log(`tools/list passed through unchanged (${count}): ${shrunk.unchanged}`);
      return { ...packTools(shrunk.tools), notes };
    }
    log(`tools/list passed through unshrunk (${count}): ${shrunk.unchanged}; ${await seen(listed, shrunk.tools, options.tokenizer)}`);
    return { ...packTools(shrunk.tools), notes };
  }

  const served = await cheapestListing(kept, shrunk, options);
  // History keeps what the model was handed, on the shrink that made it (the level's, or full's when that was served).
  if (served.seen) recordModelTokens(options.store, served.from.handle, served.from.recorded, served.seen);
  const describe = served.offer === undefined ? '' : `; ${served.offer.note}`;
  // Counted once: without a filter the listing is what was compared already.
  const figures = filter === undefined && served.seen ? seenText(served.seen, options.tokenizer) : await seen(listed, served.handedOut, options.tokenizer);
  log(`tools/list ${served.how}: ${count}, ${figures}; original stored as ${shrunk.handle}${describe}${served.why}`);
  if (served.offer?.renamed !== undefined) log(served.offer.renamed);
  const local = served.offer?.tool;
  return { ...packTools(served.tools), notes, describe: local && { name: local.definition.name, tools: [...shrunk.index.tools] } };
}

type StoredShrink = Extract<ShrunkTools, { handle: string }>;

interface Served {
  tools: Uint8Array[];
  /** The tools and the describe tool, as the client gets them. */
  handedOut: Uint8Array[];
  offer?: DescribeOffer | undefined;
  /** "shrunk at leads", "served at full", "served as the server listed it". */
  how: string;
  /** Why not the level asked for, or ''. */
  why: string;
  /** The tools as listed against `handedOut`, as the model sees them, when counted. */
  seen?: VisibleTokens | undefined;
  /** The stored shrink this listing comes from (served as listed: the level's, whose listing the model then sees whole). */
  from: StoredShrink;
}

/** The shrunk tools (and the describe tool), unless they do not cost the model fewer tokens than `kept`: then without deferring, or as listed. */
async function cheapestListing(kept: readonly Uint8Array[], shrunk: StoredShrink, options: Omit<ProxyListingOptions, 'log'>): Promise<Served> {
  const offer = options.describeTool ? offerDescribeTool(shrunk.index, shrunk.tools, { tokenizer: options.tokenizer }) : undefined;
  const handedOut = offer?.tool ? [...shrunk.tools, encoder.encode(JSON.stringify(offer.tool.definition))] : shrunk.tools;
  const asked: Served = { tools: shrunk.tools, handedOut, offer, how: `shrunk at ${shrunkAt(shrunk, options)}`, why: '', from: shrunk };
  const seen = await seenTokens(kept, handedOut, options.tokenizer);
  if (seen === undefined || seen.anthropic.tokens_after < seen.anthropic.tokens_before) return { ...asked, seen };
  const { tokens_before: before, tokens_after: after } = seen.anthropic;
  const withDescribe = offer?.tool ? ` with ${offer.tool.definition.name}` : '';
  const why = `; at ${shrunkAt(shrunk, options)}${withDescribe} it would have been ${formatInt(before)} → ${formatInt(after)} tokens`;
  if (options.level !== 'full') {
    const whole = await shrinkListedTools(kept, { ...options, level: 'full', budget: undefined });
    const wholeSeen = 'unchanged' in whole ? undefined : await seenTokens(kept, whole.tools, options.tokenizer);
    if (!('unchanged' in whole) && wholeSeen !== undefined && wholeSeen.anthropic.tokens_after < wholeSeen.anthropic.tokens_before)
      return { tools: whole.tools, handedOut: whole.tools, how: 'served at full (nothing deferred)', why, seen: wholeSeen, from: whole };
  }
  const asListed = {
    anthropic: { tokens_before: before, tokens_after: before },
    openai: { tokens_before: seen.openai.tokens_before, tokens_after: seen.openai.tokens_before },
  };
  return { tools: [...kept], handedOut: [...kept], how: 'served as the server listed it', why, seen: asListed, from: shrunk };
}

/** "leads", "leads and below, within a budget of 4,000 tokens", or "names" when the budget was below the listing's floor. */
function shrunkAt(shrunk: StoredShrink, options: Pick<ProxyListingOptions, 'level' | 'budget'>): string {
  if (shrunk.belowFloor !== undefined) return 'names';
  return options.budget === undefined ? options.level : `${options.level} and below, within a budget of ${formatInt(options.budget)} tokens`;
}

function keptTools(listed: readonly Uint8Array[], filter: ToolFilter): Uint8Array[] {
  const names = toolNames(listed);
  return listed.filter((_, at) => filter.keeps(names[at]));
}

/** What the model sees of two listings, or undefined when they are not catalogs the renderer reads. */
function seenTokens(before: readonly Uint8Array[], after: readonly Uint8Array[], tokenizer: TokenizerName): Promise<VisibleTokens | undefined> {
  return visibleTokens(catalogBytes(before), catalogBytes(after), tokenizer);
}

/** "1,710 → 903 tokens as the model sees them (47.2% saved; anthropic rendering, inferred, o200k_base)"; a listing that grew says so. */
async function seen(before: readonly Uint8Array[], after: readonly Uint8Array[], tokenizer: TokenizerName): Promise<string> {
  let counted;
  try {
    counted = await seenTokens(before, after, tokenizer);
  } catch (error) {
    return `tokens as the model sees them not counted (${errorMessage(error)})`;
  }
  if (counted === undefined) return 'tokens as the model sees them not counted (not a catalog)';
  return seenText(counted, tokenizer);
}

function seenText({ anthropic }: VisibleTokens, tokenizer: TokenizerName): string {
  const percent = formatPercent(signedRatio(anthropic.tokens_before, anthropic.tokens_after));
  const figures = `${formatInt(anthropic.tokens_before)} → ${formatInt(anthropic.tokens_after)}`;
  return `${figures} tokens as the model sees them (${percent} saved; anthropic rendering, inferred, ${tokenizer})`;
}

/** A product as the store keeps it: its tools' bytes, and the rest as JSON text. */
export function storedProduct(product: ListingProduct): { tools: Uint8Array; meta: string } {
  const { bytes, ...rest } = product;
  return { tools: bytes, meta: JSON.stringify(rest) };
}

/** The product a kept listing holds, its notes saying it was kept. */
export function productFromStore(kept: { tools: Uint8Array; meta: string }): ListingProduct {
  const rest = JSON.parse(kept.meta) as Omit<ListingProduct, 'bytes'>;
  const notes = rest.notes.map((note) => `${note} (a listing seen before with the same options: answered from the store, not shrunk again)`);
  return { ...rest, bytes: kept.tools, notes };
}
