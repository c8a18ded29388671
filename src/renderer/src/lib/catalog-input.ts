// What the renderer checks before a catalog leaves it: the size limit
// (refused before a single byte is read) and a name the contract accepts.
// The bytes themselves are sent exactly as read. Every file the page takes
// in (dropped, picked in the browser, an MCP config) goes through takeInFile.

import { MAX_INPUT_BYTES, asCavemanError, inputTooLargeError, type ErrorValue } from '../../../shared/errors';

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

/** A file taken in: its name as the contract accepts it, and its bytes exactly as stored on disk, or why it was not. */
export type FileIntake = { name: string; bytes: Uint8Array; refusal?: undefined } | { name: string; refusal: ErrorValue };

/**
 * The one intake of a file the person picked or dropped: refused above
 * 32 MiB before a byte is read, else read as it is (decoding is main's).
 */
export async function takeInFile(file: CatalogFile): Promise<FileIntake> {
  const name = catalogName(file.name);
  const refusal = sizeRefusal(file.size);
  if (refusal) return { name, refusal };
  try {
    return { name, bytes: new Uint8Array(await file.arrayBuffer()) };
  } catch (error) {
    return { name, refusal: { code: 'cave_internal', message: `the file could not be read: ${asCavemanError(error).message}` } };
  }
}
