// What the proxy tells apart in a JSON-RPC message, and the errors it answers
// with itself: one place for each wording, so every handler says the same.

import { ErrorCode } from '../connection/rpc-error-codes';
import type { UnreadableLine } from '../connection/json-lines';
import type { RpcFrame } from '../connection/rpc-frame';

export type RpcError = { code: number; message: string; data?: unknown };

/** A JSON-RPC error the server answered with, or one the proxy gives for a request of its own. */
export class UpstreamError extends Error {
  constructor(readonly rpc: RpcError) {
    super(rpc.message);
  }
}

export const isRequest = (m: RpcFrame) => m.method !== undefined && m.id !== undefined;
export const isNotification = (m: RpcFrame) => m.method !== undefined && m.id === undefined;
export const isResponse = (m: RpcFrame) => !m.hasMethod && m.id !== undefined && (m.hasResult || m.hasError);

/**
 * Why a message is not one the proxy may forward, or undefined when it is a
 * request, a notification or an answer (result xor error). Checked before
 * anything is relayed: a malformed message sent on would be answered under
 * an id the proxy may be using for a real request.
 */
export function malformed(m: RpcFrame): string | undefined {
  if (m.hasMethod) return m.method !== undefined ? undefined : 'the method must be a string';
  if (m.hasResult && m.hasError) return 'an answer has a result or an error, not both';
  if (!m.hasResult && !m.hasError) return 'no method, and neither a result nor an error';
  return m.id ? undefined : "an answer's id must be a string or a number";
}

/** The error for a request the server can no longer answer. */
export const serverExited = (method: string): RpcError => ({ code: ErrorCode.ConnectionClosed, message: `the server exited before it answered ${method}` });

/** The error for a request whose answer from the server could not be relayed. */
export const unrelayable = (what: string) => (method: string) => ({
  code: ErrorCode.InternalError,
  message: `the server's answer to ${method} could not be relayed: it was ${what}`,
});

/** The error for a client request under an id (its JSON text) that another request in flight has. */
export const alreadyInFlight = (idText: string): RpcError => ({ code: ErrorCode.InvalidRequest, message: `a request with id ${idText} is already in flight` });

/** The error for a tools/call whose `name` is not one string. */
export const invalidToolName = (): RpcError => ({
  code: ErrorCode.InvalidParams,
  message: 'invalid params: a tools/call names its tool with one string, params.name',
});

export function describeUnreadable(problem: UnreadableLine): string {
  if (problem.kind === 'too-large') return `a message of ${problem.bytes} bytes, over the limit of ${problem.limit} bytes`;
  if (problem.kind === 'not-json') return `a line that is not JSON (${problem.detail.slice(0, 120)})`;
  return 'a line that is JSON but not a JSON-RPC 2.0 message';
}

/** The error a client gets for a line it sent that the proxy could not take (its id as a JSON text, or null). */
export function replyToUnreadable(problem: UnreadableLine): { id: string; error: RpcError } {
  if (problem.kind === 'not-json') return { id: 'null', error: { code: ErrorCode.ParseError, message: `parse error: ${problem.detail.slice(0, 200)}` } };
  const id = JSON.stringify(problem.id);
  if (problem.kind === 'not-jsonrpc') return { id, error: { code: ErrorCode.InvalidRequest, message: 'invalid request: not a JSON-RPC 2.0 message' } };
  return {
    id,
    error: { code: ErrorCode.InvalidRequest, message: `the message is ${problem.bytes} bytes, over the proxy's limit of ${problem.limit} bytes` },
  };
}
