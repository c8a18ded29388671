// Checks what a caller wants stored next to an original and turns it into
// column values, so a bad number is refused before any transaction starts.
import { CavemanError, NOTHING_STORED } from '../../shared/errors';
import { METADATA_SOURCE } from './schema';
import type { PutMeta } from './types';

export const DEFAULT_CONTENT_TYPE = 'toolschema';
export const DEFAULT_COMPRESSOR = 'toolschema';

export interface PutColumns {
  tokensBefore: number;
  tokensAfter: number;
  contentType: string;
  compressor: string;
  sourceName: string | null;
  toolCount: number | null;
  tokenizer: string | null;
  /** The MCP client, as JSON text `{"name":…,"version":…}`, or null. */
  clientInfo: string | null;
  /** The calls a budget's plan stepped by, as JSON text with the names in order (like calls, like text), or null for none. */
  calls: string | null;
  /** Small JSON blob for `recoveries.metadata`, readable by other tools. */
  metadata: Buffer;
}

function badRequest(message: string): CavemanError {
  return new CavemanError('cave_bad_request', message, { outcome: NOTHING_STORED });
}

function count(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw badRequest(`${name} must be a whole number of 0 or more`);
  }
  return value;
}

function optionalCount(name: string, value: unknown): number | null {
  return value === undefined ? null : count(name, value);
}

function label(name: string, value: unknown, fallback: string | null): string | null {
  if (value === undefined) return fallback;
  if (typeof value !== 'string') throw badRequest(`${name} must be text`);
  return value;
}

function metadataBlob(toolCount: number | null, tokenizer: string | null, shareSchemas: boolean, level: string | null): Buffer {
  const fields: Record<string, string | number | boolean> = { source: METADATA_SOURCE };
  if (tokenizer !== null) fields.tokenizer = tokenizer;
  if (toolCount !== null) fields.tool_count = toolCount;
  if (shareSchemas) fields.share_schemas = true;
  if (level !== null) fields.level = level;
  return Buffer.from(JSON.stringify(fields), 'utf8');
}

function clientInfoColumn(client: PutMeta['clientInfo']): string | null {
  if (client === undefined) return null;
  if (typeof client?.name !== 'string' || typeof client.version !== 'string') throw badRequest('clientInfo must have a text name and version');
  return JSON.stringify({ name: client.name, version: client.version });
}

function callsColumn(calls: PutMeta['calls']): string | null {
  if (calls === undefined) return null;
  if (typeof calls !== 'object' || calls === null) throw badRequest('calls must map tool names to counts');
  const names = Object.keys(calls).sort();
  for (const name of names) {
    const value = calls[name];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw badRequest(`calls of ${name} must be a whole number of 1 or more`);
  }
  return names.length === 0 ? null : JSON.stringify(Object.fromEntries(names.map((name) => [name, calls[name]])));
}

/** Column values for `meta`; throws cave_bad_request for negative or fractional counts and non-text labels. */
export function putColumnsFor(meta: PutMeta): PutColumns {
  const toolCount = optionalCount('toolCount', meta.toolCount);
  const tokenizer = label('tokenizer', meta.tokenizer, null);
  return {
    tokensBefore: count('tokensBefore', meta.tokensBefore),
    tokensAfter: count('tokensAfter', meta.tokensAfter),
    contentType: label('contentType', meta.contentType, DEFAULT_CONTENT_TYPE) ?? DEFAULT_CONTENT_TYPE,
    compressor: label('compressor', meta.compressor, DEFAULT_COMPRESSOR) ?? DEFAULT_COMPRESSOR,
    sourceName: label('sourceName', meta.sourceName, null),
    toolCount,
    tokenizer,
    clientInfo: clientInfoColumn(meta.clientInfo),
    calls: callsColumn(meta.calls),
    metadata: metadataBlob(toolCount, tokenizer, meta.shareSchemas === true, label('level', meta.level, null)),
  };
}
