// What a harness run can be measured under: variables added to each
// client's environment (KEY=VALUE items), kept apart from the client's own.

import { describe, expect, it } from 'vitest';
import { CLAUDE_CODE } from '../../../scripts/clients/drivers/claude-code';
import { parseClientEnv, withClientEnv } from '../../../scripts/clients/run-conditions';

describe('the client environment a run adds', () => {
  it('reads KEY=VALUE items, a value may hold "=", and an item without a key is refused', () => {
    expect(parseClientEnv(undefined)).toEqual({});
    expect(parseClientEnv('MCP_CONNECTION_NONBLOCKING=false,EXTRA=a=b')).toEqual({ MCP_CONNECTION_NONBLOCKING: 'false', EXTRA: 'a=b' });
    expect(() => parseClientEnv('=x')).toThrow('--client-env takes KEY=VALUE items, not "=x"');
    expect(() => parseClientEnv('NOVALUE')).toThrow('not "NOVALUE"');
  });

  it('adds to the environment the driver starts its client with, the driver’s own variables kept', () => {
    const own = CLAUDE_CODE.env('/home', 'http://127.0.0.1:1');
    const added = withClientEnv(CLAUDE_CODE, { MCP_CONNECTION_NONBLOCKING: 'false' }).env('/home', 'http://127.0.0.1:1');
    expect(added).toEqual({ ...own, MCP_CONNECTION_NONBLOCKING: 'false' });
    expect(withClientEnv(CLAUDE_CODE, {})).toBe(CLAUDE_CODE);
  });
});
