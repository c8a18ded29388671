// Both transports build DiffTexts the same way: the layout (changed ranges,
// tool lines) plus the two pretty-printed sides, which travel as UTF-8 bytes.

import { CavemanError } from '../../../shared/errors';
import type { DiffLayout } from '../../../shared/contracts';
import type { DiffTexts } from '../../../shared/ipc/caveman-api';

const decoder = new TextDecoder('utf-8');

/** UTF-8 bytes as text (invalid sequences become U+FFFD, as the original catalog may hold them). */
export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** The layout with its texts; refuses texts whose length does not match the layout (the ranges would point elsewhere). */
export function assembleDiff(layout: DiffLayout, original: Uint8Array, compressed: Uint8Array): DiffTexts {
  const texts = { original: decodeText(original), compressed: decodeText(compressed) };
  if (texts.original.length !== layout.originalChars || texts.compressed.length !== layout.compressedChars) {
    throw new CavemanError('cave_internal', 'internal error: the diff texts do not match their layout');
  }
  return { ...layout, ...texts };
}
