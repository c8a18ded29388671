// The proxy's listings, made on a worker thread (the job worker, at a lower
// priority), so the relay's thread never waits for a shrink: pings, calls
// and their answers go on while a listing is filtered, shrunk, counted and
// committed.

import type { ListingContext, ShrunkListing } from '../../mcp/proxy/tools-proxy';
import { servedListing, type ListingSettings } from '../../mcp/proxy/proxy-listing';
import { packTools } from '../../mcp/proxy/listing-text';
import { WorkerClient } from '../../workers/worker-client';

export interface OffThreadLister {
  shrinkTools(tools: readonly Uint8Array[], context: ListingContext): Promise<ShrunkListing>;
  /** Stops the worker (it would keep the process alive). */
  close(): Promise<void>;
}

export function offThreadLister(storePath: string, settings: ListingSettings, log: (line: string) => void): OffThreadLister {
  const worker = new WorkerClient({ storePath, maxBytesSetting: process.env.CAVEMAN_CCR_MAX_BYTES }, 'proxy');
  return {
    async shrinkTools(tools) {
      const packed = packTools(tools);
      const product = await worker.call('proxyListing', { tools: packed, settings }, { transfer: [packed.bytes.buffer as ArrayBuffer] });
      product.notes.forEach((note) => log(note));
      return servedListing(product);
    },
    close: () => worker.close(),
  };
}
