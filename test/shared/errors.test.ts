// The cancellation sentence is worded in one place: each caller names only
// what differs (what stopped the work, when, what it left).

import { describe, expect, it } from 'vitest';
import { cancelledError } from '../../src/shared/errors';

describe('cancelledError', () => {
  it('says "cancelled — nothing was stored" by default, with the code cave_cancelled', () => {
    expect(cancelledError()).toMatchObject({ code: 'cave_cancelled', message: 'cancelled — nothing was stored' });
  });

  it('puts when (or why) after "cancelled", and what it left after the dash', () => {
    expect(cancelledError({ when: 'before it started' }).message).toBe('cancelled before it started — nothing was stored');
    expect(cancelledError({ outcome: { left: 'server_stopped' } }).message).toBe('cancelled — the server was stopped and nothing was stored');
  });

  it('names a decline in place of "cancelled"', () => {
    expect(cancelledError({ what: 'you chose not to run that command', outcome: { left: 'nothing_started' } }).message).toBe(
      'you chose not to run that command — nothing was started',
    );
  });
});
