// Every page of a tools/list, for the import (list-server-tools.ts) and the
// proxy (tools-proxy.ts) alike: nextCursor is followed until there is none,
// and a server that seems to loop — more than MAX_PAGES pages, a cursor that
// comes back — or whose listing outgrows the largest message we read
// (MAX_MESSAGE_BYTES: the proxy answers with the whole listing in one) is
// stopped with one sentence. Whether a listing above the 32 MiB a shrink
// takes is refused (the import) or handed on unshrunk (the proxy) is the
// caller's.

import { CavemanError, MAX_INPUT_BYTES, formatMiB, inputTooLargeError } from '../../../shared/errors';

/** A server that hands out more pages than this is taken to be looping. */
export const MAX_PAGES = 1000;
/** One JSON-RPC line may be as large as the largest catalog we shrink, and some (the SDK's default is 10 MiB). */
export const MAX_MESSAGE_BYTES = MAX_INPUT_BYTES + 1024 * 1024;
/** The largest tools/call result the proxy relays (docs/mcp.md); results are relayed as bytes, never parsed whole. */
export const MAX_RESULT_BYTES = 256 * 1024 * 1024;
/** The largest message the proxy reads from a server: such a result and its envelope. */
export const MAX_RELAYED_MESSAGE_BYTES = MAX_RESULT_BYTES + 1024 * 1024;

export interface ToolsPage<T> {
  tools: readonly T[];
  nextCursor?: string | undefined;
}

export interface AllPages<T> {
  /** Every tool of every page, in order. */
  tools: T[];
  pages: number;
  /** The size of the catalog `{"tools":[…]}` the tools make, in UTF-8 bytes. */
  bytes: number;
}

export interface PageReader<T> {
  /** The page after `cursor` (the first without one); `page` counts from 0. */
  page(cursor: string | undefined, page: number): Promise<ToolsPage<T>>;
  /** A tool's JSON text, in UTF-8 bytes. */
  bytesOf(tool: T): number;
  /** After each page. */
  onPage?(pages: number, tools: number): void;
}

/** `{"tools":[` and `]}` around the tools. */
const CATALOG_FRAME_BYTES = 12;

/** Lists every page; throws CavemanError cave_mcp_protocol (looping) or cave_input_too_large. */
export async function listAllPages<T>(reader: PageReader<T>): Promise<AllPages<T>> {
  const tools: T[] = [];
  const seen = new Set<string>();
  let bytes = CATALOG_FRAME_BYTES;
  let cursor: string | undefined;
  for (let pages = 0; ;) {
    if (pages >= MAX_PAGES) throw new CavemanError('cave_mcp_protocol', `the server handed out more than ${MAX_PAGES} pages of tools; it seems to be looping`);
    const page = await reader.page(cursor, pages);
    pages += 1;
    for (const tool of page.tools) {
      bytes += reader.bytesOf(tool) + (tools.length > 0 ? 1 : 0);
      tools.push(tool);
    }
    if (bytes > MAX_MESSAGE_BYTES) throw inputTooLargeError("the server's listing", `more than ${formatMiB(MAX_MESSAGE_BYTES)}`);
    reader.onPage?.(pages, tools.length);
    cursor = page.nextCursor;
    if (cursor === undefined) return { tools, pages, bytes };
    if (seen.has(cursor)) throw new CavemanError('cave_mcp_protocol', `the server's pagination loops: cursor ${JSON.stringify(cursor.slice(0, 40))} came back`);
    seen.add(cursor);
  }
}
