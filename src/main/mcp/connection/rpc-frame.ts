// One JSON-RPC message as it was read: its exact bytes, and where its
// top-level members sit in them (json-scan.ts), never parsed into objects.
// The relay reads `id` and `method` from it, relays the same bytes, and
// rewrites only the id's bytes in place when the id changes side.

import { JsonScanError, memberSpan, scanObject, stringAt, type Member, type Span } from './json-scan';

/** An id as its exact JSON text (`9007199254740993`, `"a"`), and a key that tells `1` from `"1"` and `"\u0061"` = `"a"`. */
export interface FrameId {
  text: string;
  key: string;
}

export class NotJsonRpcError extends Error {
  constructor(readonly id: string | number | null) {
    super('not a JSON-RPC 2.0 message');
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The key of an id's JSON text, or undefined when it is neither a string nor a number. */
export function idKeyOf(text: string): string | undefined {
  const first = text.charCodeAt(0);
  if (first === 0x22) return `s:${JSON.parse(text) as string}`;
  if (first === 0x2d || (first >= 0x30 && first <= 0x39)) return `n:${text}`;
  return undefined;
}

/** The id of a JSON text as a value, for a person (error messages, logs). */
const idValue = (text: string): string | number | null => {
  const value = JSON.parse(text) as unknown;
  return typeof value === 'string' || typeof value === 'number' ? value : null;
};

export class RpcFrame {
  /** The id's text and key; null when the id is there but neither a string nor a number; undefined when there is none. */
  readonly id: FrameId | null | undefined;
  /** The method when it is a string; `method` present but not a string is `methodIsString === false`. */
  readonly method: string | undefined;
  readonly hasMethod: boolean;
  readonly hasResult: boolean;
  readonly hasError: boolean;

  private constructor(
    readonly bytes: Uint8Array,
    private readonly members: readonly Member[],
  ) {
    const id = memberSpan(members, 'id');
    const idText = id === undefined ? undefined : this.text(id);
    const key = idText === undefined ? undefined : idKeyOf(idText);
    this.id = idText === undefined ? undefined : key === undefined ? null : { text: idText, key };
    const method = memberSpan(members, 'method');
    this.hasMethod = method !== undefined;
    this.method = method !== undefined && bytes[method.start] === 0x22 ? stringAt(bytes, method) : undefined;
    this.hasResult = memberSpan(members, 'result') !== undefined;
    this.hasError = memberSpan(members, 'error') !== undefined;
  }

  /** The message in `bytes`; throws JsonScanError when it is not JSON, NotJsonRpcError when it is not a JSON-RPC 2.0 object. */
  static of(bytes: Uint8Array): RpcFrame {
    const first = bytes.findIndex((byte) => byte !== 0x20 && byte !== 0x09 && byte !== 0x0d && byte !== 0x0a);
    if (first !== -1 && bytes[first] !== 0x7b) {
      // JSON, but not an object: as JSON.parse would say when it is not JSON at all.
      JSON.parse(decoder.decode(bytes));
      throw new NotJsonRpcError(null);
    }
    const members = scanObject(bytes);
    const frame = new RpcFrame(bytes, members);
    const version = memberSpan(members, 'jsonrpc');
    const twice = (key: string) => members.filter((member) => member.key === key).length > 1;
    if (version === undefined || frame.text(version) !== '"2.0"' || twice('id') || twice('method')) {
      const id = frame.id ? idValue(frame.id.text) : null;
      throw new NotJsonRpcError(id);
    }
    return frame;
  }

  /** A message the proxy writes itself. */
  static from(message: Record<string, unknown>): RpcFrame {
    return RpcFrame.of(encoder.encode(JSON.stringify(message)));
  }

  /** The bytes of a member's value. */
  span(key: string): Span | undefined {
    return memberSpan(this.members, key);
  }

  /** A member's value parsed (for small members: params of a notification, an error); undefined when absent. */
  json(key: string): unknown {
    const span = this.span(key);
    return span === undefined ? undefined : JSON.parse(this.text(span));
  }

  /** The members of `params` when it is an object (scanned, not parsed); undefined otherwise. */
  params(): Member[] | undefined {
    const span = this.span('params');
    if (span === undefined || this.bytes[span.start] !== 0x7b) return undefined;
    return scanObject(this.bytes, span.start, span.end);
  }

  /** Bytes of a span (a view, not a copy). */
  slice(span: Span): Uint8Array {
    return this.bytes.subarray(span.start, span.end);
  }

  text(span: Span): string {
    return decoder.decode(this.slice(span));
  }

  /** The message with its id's bytes replaced by `idText`, every other byte as read: pieces to write in order. */
  withId(idText: string): Uint8Array[] {
    const id = this.span('id');
    if (id === undefined) return [this.bytes];
    return [this.bytes.subarray(0, id.start), encoder.encode(idText), this.bytes.subarray(id.end)];
  }

  /** The message parsed (for an SDK client that takes objects). */
  parsed(): Record<string, unknown> {
    return JSON.parse(decoder.decode(this.bytes)) as Record<string, unknown>;
  }
}

export { JsonScanError };
