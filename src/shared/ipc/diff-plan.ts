// What catalog:diff answers once decoded: the diff cut into sections that the
// diff view shows one at a time (planned on the decoding thread from the
// envelope's bytes: src/renderer/src/lib/diff-sections.ts), each section's
// texts decoded only when it is shown.

import type { DiffTools } from '../contracts';
import type { ChangeRanges } from './change-ranges';

/** A stretch of both sides; bounds in UTF-8 bytes of each side. */
export interface DiffSection {
  fromA: number;
  toA: number;
  fromB: number;
  toB: number;
  /** 1-based number of the section's first line on each side. */
  firstLineA: number;
  firstLineB: number;
  /** Number of lines of the original side in the section. */
  linesA: number;
  /** The section's changes: from this index of the diff's changes to the one before `changeEnd`. */
  firstChange: number;
  changeEnd: number;
  /** Indices (into DiffPlan.tools) of the tools that start in this section. */
  firstTool: number;
  toolCount: number;
}

/** One section as the editor shows it: both texts, and its changes in characters from the section's start. */
export interface SectionTexts {
  original: string;
  compressed: string;
  changes: ChangeRanges;
}

/** Both sides of the diff, pretty-printed the same way, cut into sections, with each tool's first line on each side. */
export interface DiffPlan {
  tools: DiffTools;
  sections: readonly DiffSection[];
  changeCount: number;
  /** Both sides of one section and its changes (decoded when asked). */
  textsOf(index: number): SectionTexts;
}
