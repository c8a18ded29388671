// A tools/list listing as bytes, never re-serialised: each tool is the exact
// slice of the server's own answer (found with the byte scanner), so `1.0`,
// `\u00e9`, `1e400`, the server's spacing and any byte that is not UTF-8
// survive into the catalog that is shrunk and stored, and into what the
// describe tool answers. The same listing therefore gives the same catalog
// bytes, and the same handle, on every run and every machine. The result's
// other members (`_meta`, keys MCP may add) are kept for the client's answer.

import { CavemanError } from '../../../shared/errors';
import { memberSpan, scanArray, scanObject, stringAt } from '../connection/json-scan';
import type { RpcFrame } from '../connection/rpc-frame';

export interface ListingPage {
  /** Each tool's exact bytes in the answer. */
  tools: Uint8Array[];
  nextCursor?: string | undefined;
  /** The result's members other than `tools` and `nextCursor`, each `"key":value` as the server wrote it. */
  extras: Uint8Array[];
}

const encoder = new TextEncoder();
const OPEN = encoder.encode('{"tools":[');
const CLOSE = encoder.encode(']}');
const COMMA = encoder.encode(',');

/** The page a tools/list answer holds. Throws cave_mcp_protocol when its result has no tools array. */
export function pageOfAnswer(answer: RpcFrame): ListingPage {
  const result = answer.span('result');
  const members = result !== undefined && answer.bytes[result.start] === 0x7b ? scanObject(answer.bytes, result.start, result.end) : undefined;
  const list = members && memberSpan(members, 'tools');
  if (!members || !list || answer.bytes[list.start] !== 0x5b)
    throw new CavemanError('cave_mcp_protocol', 'the server answered tools/list without a tools array');
  const cursor = memberSpan(members, 'nextCursor');
  return {
    tools: scanArray(answer.bytes, list.start, list.end).map((item) => answer.slice(item)),
    nextCursor: cursor !== undefined && answer.bytes[cursor.start] === 0x22 ? stringAt(answer.bytes, cursor) : undefined,
    extras: members.filter((m) => m.key !== 'tools' && m.key !== 'nextCursor').map((m) => answer.slice({ start: m.start, end: m.value.end })),
  };
}

/** `parts` joined by `separator`, as pieces to write or concatenate. */
export function joined(parts: readonly Uint8Array[], separator: Uint8Array = COMMA): Uint8Array[] {
  return parts.flatMap((part, at) => (at === 0 ? [part] : [separator, part]));
}

/** The catalog that is shrunk and stored: `{"tools":[` + the tools' bytes joined by `,` + `]}`. */
export function catalogBytes(tools: readonly Uint8Array[]): Uint8Array {
  return Buffer.concat([OPEN, ...joined(tools), CLOSE]);
}

/** Each tool's bytes in a `{"tools":[…]}` catalog (the engine's output has that shape too). */
export function toolTexts(catalog: Uint8Array): Uint8Array[] {
  const list = memberSpan(scanObject(catalog), 'tools');
  if (list === undefined || catalog[list.start] !== 0x5b) throw new CavemanError('cave_internal', 'the catalog has no tools array');
  return scanArray(catalog, list.start, list.end).map((item) => catalog.subarray(item.start, item.end));
}

/** Each tool's `name`, read from its bytes (undefined when it is not one string, or the tool is not an object). */
export function toolNames(tools: readonly Uint8Array[]): (string | undefined)[] {
  return tools.map((tool) => {
    if (tool[0] !== 0x7b) return undefined;
    const members = scanObject(tool);
    if (members.filter((m) => m.key === 'name').length !== 1) return undefined;
    const name = memberSpan(members, 'name')!;
    return tool[name.start] === 0x22 ? stringAt(tool, name) : undefined;
  });
}

/** The answer to the client's tools/list: one page, the tools and then the server's other result members. */
export function listingAnswer(idText: string, tools: readonly Uint8Array[], extras: readonly Uint8Array[]): Uint8Array[] {
  const head = encoder.encode(`{"jsonrpc":"2.0","id":${idText},"result":{"tools":[`);
  const tail = extras.length === 0 ? [encoder.encode(']}}')] : [encoder.encode('],'), ...joined(extras), encoder.encode('}}')];
  return [head, ...joined(tools), ...tail];
}

/** Tools in one buffer, to cross to another thread by transfer, not copy: the bytes, and where each tool ends. */
export interface PackedTools {
  bytes: Uint8Array;
  ends: number[];
}

export function packTools(tools: readonly Uint8Array[]): PackedTools {
  const bytes = new Uint8Array(tools.reduce((sum, tool) => sum + tool.length, 0));
  const ends: number[] = [];
  for (const tool of tools) {
    const at = ends.at(-1) ?? 0;
    bytes.set(tool, at);
    ends.push(at + tool.length);
  }
  return { bytes, ends };
}

export function unpackTools({ bytes, ends }: PackedTools): Uint8Array[] {
  return ends.map((end, at) => bytes.subarray(at === 0 ? 0 : ends[at - 1], end));
}
