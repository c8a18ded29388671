import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isRecoveryHandle, recoveryHandleFor } from '../../../src/main/store/index';

describe('recoveryHandleFor', () => {
  it('is ccr_ plus the first 32 hex digits of SHA-256 (known vector)', () => {
    // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
    expect(recoveryHandleFor(new TextEncoder().encode('abc'))).toBe('ccr_ba7816bf8f01cfea414140de5dae2223');
  });

  it('hashes the empty payload too', () => {
    expect(recoveryHandleFor(new Uint8Array())).toBe('ccr_e3b0c44298fc1c149afbf4c8996fb924');
  });

  it('depends only on the bytes, not on the view over them', () => {
    const backing = new Uint8Array([9, 1, 2, 3, 9]);
    const view = backing.subarray(1, 4);
    const digest = createHash('sha256')
      .update(Buffer.from([1, 2, 3]))
      .digest('hex');
    expect(recoveryHandleFor(view)).toBe(`ccr_${digest.slice(0, 32)}`);
    expect(recoveryHandleFor(Buffer.from([1, 2, 3]))).toBe(recoveryHandleFor(view));
  });

  it('produces handles that isRecoveryHandle accepts', () => {
    expect(isRecoveryHandle(recoveryHandleFor(new Uint8Array([0xff, 0x00])))).toBe(true);
  });
});

describe('isRecoveryHandle', () => {
  it.each(['ccr_ba7816bf8f01cfea414140de5dae2223', 'ccr_00000000000000000000000000000000'])('accepts %s', (value) => {
    expect(isRecoveryHandle(value)).toBe(true);
  });

  it.each([
    ['upper-case hex', 'ccr_BA7816BF8F01CFEA414140DE5DAE2223'],
    ['upper-case prefix', 'CCR_ba7816bf8f01cfea414140de5dae2223'],
    ['too short', 'ccr_ba7816bf8f01cfea414140de5dae222'],
    ['too long', 'ccr_ba7816bf8f01cfea414140de5dae22231'],
    ['no prefix', 'ba7816bf8f01cfea414140de5dae2223'],
    ['trailing newline', 'ccr_ba7816bf8f01cfea414140de5dae2223\n'],
    ['non-hex', 'ccr_ga7816bf8f01cfea414140de5dae2223'],
    ['empty', ''],
  ])('rejects %s', (_label, value) => {
    expect(isRecoveryHandle(value)).toBe(false);
  });

  it('rejects values that are not strings', () => {
    expect(isRecoveryHandle(undefined)).toBe(false);
    expect(isRecoveryHandle(42)).toBe(false);
  });
});
