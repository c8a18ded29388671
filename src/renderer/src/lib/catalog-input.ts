// What the renderer checks before a catalog leaves it: the size limit
// (refused before a single byte is read) and a name the contract accepts.
// The bytes themselves are sent exactly as read.

import { MAX_INPUT_BYTES, inputTooLargeError, type ErrorValue } from '../../../shared/errors';

/** The parts of a File the renderer uses (a real File satisfies it; tests pass plain objects). */
export interface CatalogFile {
  readonly name: string;
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

const PASTED_NAME = 'pasted.json';

/** The name of the n-th paste of a session (from 1): pasted.json, pasted-2.json, pasted-3.json… */
export function pastedName(n: number): string {
  return n <= 1 ? PASTED_NAME : PASTED_NAME.replace(/\.json$/, `-${n}.json`);
}
const MAX_NAME_LENGTH = 255;

/** A name of 1–255 characters: blank names become "catalog.json", long ones keep their end (the extension). */
export function catalogName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') return 'catalog.json';
  const chars = Array.from(trimmed);
  if (chars.length <= MAX_NAME_LENGTH) return trimmed;
  return '…' + chars.slice(chars.length - (MAX_NAME_LENGTH - 1)).join('');
}

/** The refusal for an input above 32 MiB, or null when the size is fine. */
export function sizeRefusal(size: number): ErrorValue | null {
  if (size <= MAX_INPUT_BYTES) return null;
  return inputTooLargeError('the file', size, { left: 'not_read' }).toValue();
}

/** The file's bytes exactly as stored on disk. */
export async function readCatalogBytes(file: CatalogFile): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}
