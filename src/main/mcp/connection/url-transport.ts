// The SDK's client transport for a server at a URL (streamable HTTP, or the
// older HTTP+SSE), with the rules every caller shares — the import and the
// proxy alike: the headers (often an API key) go to the named origin only,
// so a redirect elsewhere is refused, not followed.

import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { UrlTarget } from './server-target';

export type UrlTransport = SSEClientTransport | StreamableHTTPClientTransport;

/** `fetch`: what the transport fetches with (default: the global fetch). */
export function urlTransport(target: UrlTarget, fetch?: FetchLike): UrlTransport {
  const url = new URL(target.url);
  const options = {
    redirectPolicy: 'same-origin' as const,
    ...(target.headers ? { requestInit: { headers: target.headers } } : {}),
    ...(fetch ? { fetch } : {}),
  };
  return target.transport === 'sse' ? new SSEClientTransport(url, options) : new StreamableHTTPClientTransport(url, options);
}
