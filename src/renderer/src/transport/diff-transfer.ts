// How a decoded diff crosses from the decoding thread to the page without
// costing the page: structured-cloning both pretty sides of a 32 MiB catalog
// (two strings of ~30 M characters) and its changes took the page's main
// thread for about 340 ms. Packed, every section carries its texts as UTF-8
// and its changes as numbers, all in transferable buffers (moved, not
// copied; a plain-ASCII original side as views into the envelope it came
// in, not encoded again); the page decodes a section only when it is shown.

import type { DiffLayout } from '../../../shared/contracts';
import type { DiffTexts } from '../../../shared/ipc/caveman-api';
import { rememberPlan, type DiffChange, type DiffSection } from '../lib/diff-sections';

export interface PackedSection extends Omit<DiffSection, 'changes'> {
  /** fromA, toA, fromB, toB of each change, relative to the section's start, then 1 for deferred text (else 0). */
  changes: Int32Array;
  /** UTF-8 of the section's text on each side. */
  original: Uint8Array;
  compressed: Uint8Array;
}

export interface PackedDiff {
  tools: DiffLayout['tools'];
  originalChars: number;
  compressedChars: number;
  sections: PackedSection[];
}

/** Numbers per packed change: fromA, toA, fromB, toB, deferred (1 or 0). */
const PACKED_FIELDS = 5;

const encoder = new TextEncoder();
// A section's text is a piece of a whole: a U+FEFF at its start is text, not a byte-order mark.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

export interface PackOptions {
  /**
   * The original side's UTF-8 as it arrived. When it is plain ASCII (as many
   * bytes as characters) each section's original text is a view into it, not
   * encoded again.
   */
  originalBytes?: Uint8Array;
  /** Hears 0…1 as the sections are packed. */
  onProgress?: (fraction: number) => void;
}

/** Packs a diff and its sections; `transfer` lists the buffers to move with it (each once). */
export function packDiff(diff: DiffTexts, sections: readonly DiffSection[], options: PackOptions = {}): { packed: PackedDiff; transfer: ArrayBuffer[] } {
  const transfer = new Set<ArrayBuffer>();
  const move = (view: ArrayBufferView) => {
    if (view.buffer instanceof ArrayBuffer) transfer.add(view.buffer);
  };
  const asciiOriginal = options.originalBytes !== undefined && options.originalBytes.byteLength === diff.original.length ? options.originalBytes : undefined;
  const packedSections = sections.map(({ changes, ...section }, index) => {
    const numbers = new Int32Array(changes.length * PACKED_FIELDS);
    changes.forEach((change, i) => numbers.set([change.fromA, change.toA, change.fromB, change.toB, change.deferred ? 1 : 0], i * PACKED_FIELDS));
    const original = asciiOriginal ? asciiOriginal.subarray(section.fromA, section.toA) : encoder.encode(diff.original.slice(section.fromA, section.toA));
    const compressed = encoder.encode(diff.compressed.slice(section.fromB, section.toB));
    move(numbers);
    move(original);
    move(compressed);
    options.onProgress?.((index + 1) / sections.length);
    return { ...section, changes: numbers, original, compressed };
  });
  return {
    packed: { tools: diff.tools, originalChars: diff.originalChars, compressedChars: diff.compressedChars, sections: packedSections },
    transfer: [...transfer],
  };
}

function unpackChanges(numbers: Int32Array): DiffChange[] {
  const changes: DiffChange[] = [];
  for (let i = 0; i < numbers.length; i += PACKED_FIELDS) {
    const change = { fromA: numbers[i]!, toA: numbers[i + 1]!, fromB: numbers[i + 2]!, toB: numbers[i + 3]! };
    changes.push(numbers[i + 4] === 1 ? { ...change, deferred: true } : change);
  }
  return changes;
}

/** Defines `key` on `target` as computed on first read, then kept. */
function lazy<T extends object, K extends PropertyKey, V>(target: T, key: K, compute: () => V): T & Record<K, V> {
  let value: V | undefined;
  let done = false;
  return Object.defineProperty(target, key, {
    enumerable: true,
    get: () => {
      if (!done) {
        value = compute();
        done = true;
      }
      return value;
    },
  }) as T & Record<K, V>;
}

/**
 * The diff the API answers, with its plan remembered (diff-sections.ts
 * planOf). Its texts and changes are decoded on first read: the diff view
 * reads only the section it shows.
 */
export function unpackDiff(packed: PackedDiff): DiffTexts {
  const sections: DiffSection[] = packed.sections.map((section) => {
    const { fromA, toA, fromB, toB, firstLineA, firstLineB, linesA, firstTool, toolCount } = section;
    return lazy({ fromA, toA, fromB, toB, firstLineA, firstLineB, linesA, firstTool, toolCount }, 'changes', () => unpackChanges(section.changes));
  });
  const side = (index: number, which: 'original' | 'compressed') => decoder.decode((packed.sections[index] as PackedSection)[which]);
  const whole = (which: 'original' | 'compressed') => packed.sections.map((_, index) => side(index, which)).join('');
  const layout = { tools: packed.tools, originalChars: packed.originalChars, compressedChars: packed.compressedChars };
  const texts = lazy(
    lazy(layout, 'original', () => whole('original')),
    'compressed',
    () => whole('compressed'),
  );
  const diff: DiffTexts = lazy(texts, 'changes', () =>
    sections.flatMap((section) =>
      section.changes.map((change) => ({
        ...change,
        fromA: change.fromA + section.fromA,
        toA: change.toA + section.fromA,
        fromB: change.fromB + section.fromB,
        toB: change.toB + section.fromB,
      })),
    ),
  );
  rememberPlan(diff, {
    sections,
    changeCount: packed.sections.reduce((sum, section) => sum + section.changes.length / PACKED_FIELDS, 0),
    textsOf: (index) => ({ original: side(index, 'original'), compressed: side(index, 'compressed') }),
  });
  return diff;
}
