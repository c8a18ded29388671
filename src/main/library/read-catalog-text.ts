// The first steps every entry point shares: refuse oversized input before
// doing any work, then decode the bytes (a BOM is accepted, invalid UTF-8 is
// reported, never rewritten).

import { MAX_INPUT_BYTES, inputTooLargeError } from '../../shared/errors';
import { decodeInput, type DecodedInput } from '../engine/text/decode-input';

export type CatalogInput = Uint8Array | string;

export interface ReadInput {
  /** The input exactly; also what is counted (as UTF-8: a BOM counts as U+FEFF, invalid bytes as U+FFFD). */
  bytes: Uint8Array;
  decoded: DecodedInput;
}

const encoder = new TextEncoder();

/** Throws cave_input_too_large above 32 MiB (docs/transform.md). */
export function assertInputSize(byteLength: number): void {
  if (byteLength > MAX_INPUT_BYTES) throw inputTooLargeError('the catalog', byteLength, { left: 'nothing_loaded_or_stored' });
}

export function readInput(input: CatalogInput): ReadInput {
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  assertInputSize(bytes.byteLength);
  return { bytes, decoded: decodeInput(bytes) };
}
