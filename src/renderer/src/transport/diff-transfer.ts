// How a decoded diff crosses from the decoding thread to the page without
// costing the page: structured-cloning both pretty sides of a 32 MiB catalog
// (two strings of ~30 M characters) and its changes would stall the page's
// main thread. Packed, the diff is its sections' bounds (plain
// numbers) and three views: the original side and the changes inside the
// envelope they came in, and the compressed side put together beside it —
// two buffers, moved, not copied, and nothing decoded. The page decodes a
// section only when it is shown.

import type { DiffTools } from '../../../shared/contracts';
import { CHANGE_FIELDS, type ChangeRanges } from '../../../shared/ipc/change-ranges';
import type { DiffPlan, DiffSection, SectionTexts } from '../../../shared/ipc/diff-plan';

export interface PackedDiff {
  tools: DiffTools;
  sections: DiffSection[];
  /** Every change, in UTF-8 bytes of each side. */
  changes: ChangeRanges;
  /** UTF-8 of each whole side. */
  original: Uint8Array;
  compressed: Uint8Array;
}

// A section's text is a piece of a whole: a U+FEFF at its start is text, not a byte-order mark.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The buffers to move with a packed diff, each once (views may share one). */
export function transferOf(packed: PackedDiff): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const view of [packed.changes, packed.original, packed.compressed]) if (view.buffer instanceof ArrayBuffer) buffers.add(view.buffer);
  return [...buffers];
}

/**
 * Turns one side's byte offsets (fields `field` and `field + 1` of every
 * change, ascending, relative to `bytes`) into character offsets, in place,
 * in one pass over the bytes. The envelope's texts were written by a
 * TextEncoder, so they are well-formed UTF-8: a four-byte sequence is two
 * UTF-16 units, any other sequence one.
 */
function toCharOffsets(bytes: Uint8Array, changes: ChangeRanges, field: number): void {
  let byte = 0;
  let char = 0;
  for (let i = field; i < changes.length; i += CHANGE_FIELDS) {
    for (let at = i; at < i + 2; at++) {
      const target = changes[at]!;
      for (; byte < target; byte++) {
        const lead = bytes[byte]!;
        if (lead < 0x80 || (lead >= 0xc0 && lead < 0xf0)) char++;
        else if (lead >= 0xf0) char += 2;
      }
      changes[at] = char;
    }
  }
}

/** Both texts of one section, and its changes in characters from the section's start. */
export function sectionTexts(packed: PackedDiff, index: number): SectionTexts {
  const section = packed.sections[index] as DiffSection;
  const a = packed.original.subarray(section.fromA, section.toA);
  const b = packed.compressed.subarray(section.fromB, section.toB);
  const original = decoder.decode(a);
  const compressed = decoder.decode(b);
  const changes = packed.changes.slice(section.firstChange * CHANGE_FIELDS, section.changeEnd * CHANGE_FIELDS);
  for (let i = 0; i < changes.length; i += CHANGE_FIELDS) {
    changes[i]! -= section.fromA;
    changes[i + 1]! -= section.fromA;
    changes[i + 2]! -= section.fromB;
    changes[i + 3]! -= section.fromB;
  }
  // Plain ASCII (as many characters as bytes): the offsets are characters already.
  if (original.length !== a.byteLength) toCharOffsets(a, changes, 0);
  if (compressed.length !== b.byteLength) toCharOffsets(b, changes, 2);
  return { original, compressed, changes };
}

/** The diff the API answers: its plan, each section's texts decoded when asked for. */
export function unpackDiff(packed: PackedDiff): DiffPlan {
  return {
    tools: packed.tools,
    sections: packed.sections,
    changeCount: packed.changes.length / CHANGE_FIELDS,
    textsOf: (index) => sectionTexts(packed, index),
  };
}
