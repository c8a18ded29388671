import { ErrorCode as SdkErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../../src/main/mcp/connection/rpc-error-codes';

describe('the error codes the proxy answers with', () => {
  it('are the codes the MCP SDK names', () => {
    for (const [name, code] of Object.entries(ErrorCode)) expect(code, name).toBe(SdkErrorCode[name as keyof typeof SdkErrorCode]);
  });
});
