// The JSON-RPC error codes the proxy answers with: the protocol's own and
// MCP's two. The SDK has them too, but its module loads every message
// schema, which the relay does not need, before the first message it relays.

export const ErrorCode = {
  ConnectionClosed: -32000,
  RequestTimeout: -32001,
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;
