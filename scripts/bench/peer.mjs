// The peer row: caveman-shrink@0.1.1 (an MCP proxy of the same family that
// rewrites description prose), applied the way its proxy does — its own
// compressDescriptionsInPlace over the catalog — then serialised compactly as
// a proxy would send it. Timed and measured beside ours.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { compressDescriptionsInPlace } = require('caveman-shrink/compress.js');

/** The peer's output for a catalog text. */
export function peerShrink(text) {
  const catalog = JSON.parse(text);
  compressDescriptionsInPlace(catalog, ['description']);
  return JSON.stringify(catalog);
}
