// Recovery handles name stored originals by content, exactly as the Go caveman
// tools do, so a handle minted here resolves there and vice versa.
import { createHash } from 'node:crypto';

const HANDLE_PREFIX = 'ccr_';
const HASH_HEX_DIGITS = 32;
const HANDLE_PATTERN = /^ccr_[0-9a-f]{32}$/;

/** `ccr_` + the first 32 lowercase hex digits of SHA-256(bytes); equal bytes always give the same handle. */
export function recoveryHandleFor(bytes: Uint8Array): string {
  return recoveryHandleOfDigest(createHash('sha256').update(bytes).digest('hex'));
}

/** The handle of bytes whose SHA-256 in lowercase hex is `hexDigest` (taken elsewhere, e.g. on a worker). */
export function recoveryHandleOfDigest(hexDigest: string): string {
  return HANDLE_PREFIX + hexDigest.slice(0, HASH_HEX_DIGITS);
}

/** True only for the exact handle shape this store mints (lowercase hex, no padding). */
export function isRecoveryHandle(value: unknown): value is string {
  return typeof value === 'string' && HANDLE_PATTERN.test(value);
}
