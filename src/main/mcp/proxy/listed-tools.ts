// A tool as the proxy's listing has it, found by the name a tools/call
// gives: its exact bytes in the server's answer (what a call is checked
// against) and its bytes as the client is handed them (what tells whether
// its listing deferred anything).

import { toolNames } from './listing-text';

export interface ListedTool {
  /** Its exact bytes in the server's answer. */
  original: Uint8Array;
  /** Its bytes as the client is handed them; undefined when the listing leaves it out. */
  listed: Uint8Array | undefined;
}

/**
 * Each tool of the server's listing by name, with what the client is handed
 * of it. A name listed twice is left out: which of the two a call means is
 * the server's to say.
 */
export function listedToolsByName(originals: readonly Uint8Array[], handedOut: readonly Uint8Array[]): Map<string, ListedTool> {
  const listed = uniquelyNamed(handedOut);
  const tools = new Map<string, ListedTool>();
  for (const [name, original] of uniquelyNamed(originals)) tools.set(name, { original, listed: listed.get(name) });
  return tools;
}

function uniquelyNamed(tools: readonly Uint8Array[]): Map<string, Uint8Array> {
  const byName = new Map<string, Uint8Array>();
  const twice = new Set<string>();
  toolNames(tools).forEach((name, at) => {
    if (name === undefined) return;
    if (byName.has(name)) twice.add(name);
    byName.set(name, tools[at]!);
  });
  for (const name of twice) byName.delete(name);
  return byName;
}
