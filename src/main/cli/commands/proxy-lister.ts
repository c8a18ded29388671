// The proxy's listings, made on a worker thread (the job worker, at a lower
// priority), so the relay's thread never waits for a shrink: pings, calls
// and their answers go on while a listing is filtered, shrunk, counted and
// committed. A listing seen before with the same options is answered from
// the store after hashing it (listing-key.ts), without the worker.

import type * as Store from '../../store';
import type { RecoveryStore } from '../../store';
import type { ListingContext, ShrunkListing } from '../../mcp/proxy/tools-proxy';
import type * as ProxyListing from '../../mcp/proxy/proxy-listing';
import type { ListingSettings } from '../../mcp/proxy/proxy-listing';
import { packTools } from '../../mcp/proxy/listing-text';
import { listingKey } from '../../mcp/proxy/listing-key';
import { WorkerClient } from '../../workers/worker-client';
import { usageRanks } from '../../engine/budget/usage-ranks';
import { USAGE_DAYS } from '../../../shared/usage';
import type { TokenizerName } from '../../../shared/tokenizers';
import { errorMessage } from '../../../shared/error-message';

export interface OffThreadLister {
  shrinkTools(tools: readonly Uint8Array[], context: ListingContext): Promise<ShrunkListing>;
  /** Adds relayed calls (per tool name) to the server's counts in the store. */
  recordCalls(counts: ReadonlyMap<string, number>): Promise<void>;
  /** Stops the worker (it would keep the process alive) and lets the store go. */
  close(): Promise<void>;
}

/** The settings of the listing for the client in front of the proxy, and what the stderr line says of that choice. */
export type SettingsFor = (context: ListingContext) => { settings: ListingSettings; said: string };

export interface ListerOptions {
  tokenizer: TokenizerName;
  /** The server's source name, its calls are counted under. */
  sourceName: string;
  settingsFor: SettingsFor;
  /** Under a budget, the tools called lately are stepped down last (false: `--no-usage`). */
  usage: boolean;
}

export function offThreadLister(storePath: string, { tokenizer, sourceName, settingsFor, usage }: ListerOptions, log: (line: string) => void): OffThreadLister {
  // At normal priority: the client is waiting for this listing, and the relay's thread has its own.
  const worker = new WorkerClient({ storePath, maxBytesSetting: process.env.CAVEMAN_CCR_MAX_BYTES, nice: 0 }, 'proxy');
  // Started now, so the first listing does not wait for the worker to load the engine.
  worker.call('prepareProxyListing', { tokenizer }).catch(() => undefined);
  let store: RecoveryStore | undefined;
  let storeCode: Promise<typeof Store> | undefined;
  let made = false;
  let lastSaid: string | undefined;
  let usageUnread = false;
  /** The store, open; undefined when it cannot be (the worker's shrink says what is wrong with it). */
  const opened = async () => {
    try {
      const { RecoveryStore } = await (storeCode ??= import('../../store'));
      return (store ??= RecoveryStore.open(storePath));
    } catch {
      return undefined;
    }
  };
  /** The listing kept under `key`, when the store can be read and has it. */
  const kept = async (key: string) => {
    try {
      return (await opened())?.cachedListing(key);
    } catch {
      return undefined;
    }
  };
  /** The server's calls in the usage window; none when the store will not give them (said once): the listing is then planned without. */
  const recentCalls = async (): Promise<Record<string, number>> => {
    try {
      return (await opened())?.toolCalls(sourceName, USAGE_DAYS) ?? {};
    } catch (error) {
      if (!usageUnread) log(`tool calls not read: the listing is planned as if none was made (${errorMessage(error)})`);
      usageUnread = true;
      return {};
    }
  };
  // The store and the listing's code (the engine's chunks) load after the relay is up, while the server
  // starts: the client's initialize is answered without waiting for them.
  setImmediate(() => void opened());
  let listingCode: Promise<typeof ProxyListing> | undefined;
  const listing = () => (listingCode ??= import('../../mcp/proxy/proxy-listing'));
  setImmediate(() => void listing());
  return {
    async shrinkTools(tools, context) {
      const { settings: chosen, said } = settingsFor(context);
      if (said !== lastSaid) log((lastSaid = said));
      // Read at each listing (at start and on list_changed): between them the listing stays the same bytes.
      const calls = usage && chosen.budget !== undefined ? usageRanks(await recentCalls()) : {};
      const settings = Object.keys(calls).length > 0 ? { ...chosen, calls } : chosen;
      const cacheKey = listingKey(tools, settings);
      const found = await kept(cacheKey);
      const packed = found ? undefined : packTools(tools);
      made ||= found === undefined;
      if (found) worker.call('markListingUsed', { cacheKey }).catch(() => undefined);
      const { productFromStore, servedListing } = await listing();
      const product = found
        ? productFromStore(found)
        : await worker.call('proxyListing', { tools: packed!, settings, context, cacheKey }, { transfer: [packed!.bytes.buffer as ArrayBuffer] });
      product.notes.forEach((note) => log(note));
      return servedListing(product);
    },
    async recordCalls(counts) {
      // On the worker's thread: a write may wait for another process's, and the relay never does.
      await worker.call('recordToolCalls', { server: sourceName, counts: Object.fromEntries(counts) });
    },
    async close() {
      store?.close();
      // The worker keeps a listing once it handed it over (or marks one used): a call after it waits for that before the worker stops.
      if (worker.busy || made) await worker.call('storeInfo', {}).catch(() => undefined);
      await worker.close();
    },
  };
}
