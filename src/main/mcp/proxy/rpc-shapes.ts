// What the proxy tells apart in a JSON-RPC message, and the errors it answers
// with itself: one place for each wording, so every handler says the same.

import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { UnreadableLine } from '../connection/json-lines';
import type { RpcMessage } from '../connection/line-peers';

export type RpcId = string | number;
export type RpcError = { code: number; message: string; data?: unknown };

/** A JSON-RPC error the server answered with, or one the proxy gives for a request of its own. */
export class UpstreamError extends Error {
  constructor(readonly rpc: RpcError) {
    super(rpc.message);
  }
}

export const isRequest = (m: RpcMessage) => typeof m.method === 'string' && 'id' in m;
export const isNotification = (m: RpcMessage) => typeof m.method === 'string' && !('id' in m);
export const isResponse = (m: RpcMessage) => typeof m.method !== 'string' && 'id' in m && ('result' in m || 'error' in m);
export const isId = (id: unknown): id is RpcId => typeof id === 'string' || typeof id === 'number';

/**
 * Why a message is not one the proxy may forward, or undefined when it is a
 * request, a notification or an answer (result xor error). Checked before
 * anything is relayed: a malformed message sent on would be answered under
 * an id the proxy may be using for a real request.
 */
export function malformed(m: RpcMessage): string | undefined {
  if ('method' in m) return typeof m.method === 'string' ? undefined : 'the method must be a string';
  const result = 'result' in m;
  const error = 'error' in m;
  if (result && error) return 'an answer has a result or an error, not both';
  if (!result && !error) return 'no method, and neither a result nor an error';
  return isId(m.id) ? undefined : "an answer's id must be a string or a number";
}

/** The error for a request the server can no longer answer. */
export const serverExited = (method: string): RpcError => ({ code: ErrorCode.ConnectionClosed, message: `the server exited before it answered ${method}` });

/** The error for a request whose answer from the server could not be relayed. */
export const unrelayable = (what: string) => (method: string) => ({
  code: ErrorCode.InternalError,
  message: `the server's answer to ${method} could not be relayed: it was ${what}`,
});

export function describeUnreadable(problem: UnreadableLine): string {
  if (problem.kind === 'too-large') return `a message of ${problem.bytes} bytes, over the limit of ${problem.limit} bytes`;
  if (problem.kind === 'not-json') return `a line that is not JSON (${problem.detail.slice(0, 120)})`;
  return 'a line that is JSON but not a JSON-RPC 2.0 message';
}

/** The error a client gets for a line it sent that the proxy could not take. */
export function replyToUnreadable(problem: UnreadableLine): { id: RpcId | null; error: RpcError } {
  if (problem.kind === 'not-json') return { id: null, error: { code: ErrorCode.ParseError, message: `parse error: ${problem.detail.slice(0, 200)}` } };
  if (problem.kind === 'not-jsonrpc')
    return { id: problem.id, error: { code: ErrorCode.InvalidRequest, message: 'invalid request: not a JSON-RPC 2.0 message' } };
  return {
    id: problem.id,
    error: { code: ErrorCode.InvalidRequest, message: `the message is ${problem.bytes} bytes, over the proxy's limit of ${problem.limit} bytes` },
  };
}
