// The key a shrunk listing is kept under: a hash of the server's listing
// (each tool's exact bytes) and of everything that shapes the answer — the
// settings as a whole (so an option added to them later is part of the key
// without a word here) and this version of the engine.

import { createHash } from 'node:crypto';
import { packageVersion } from '../../library/package-version';
import type { ListingSettings } from './proxy-listing';

export function listingKey(tools: readonly Uint8Array[], settings: ListingSettings): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ engine: packageVersion(), settings: Object.entries(settings).sort(([a], [b]) => a.localeCompare(b)) }));
  for (const tool of tools) {
    hash.update(`\n${tool.length}:`);
    hash.update(tool);
  }
  return `listing_${hash.digest('hex')}`;
}
