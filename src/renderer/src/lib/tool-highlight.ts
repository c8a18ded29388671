// Marks the lines of the tool a person jumped to, on both sides of the diff,
// so the landing place is visible and not only the cursor on its `{`.

import { uncollapseUnchanged, type Chunk, type MergeView } from '@codemirror/merge';
import { StateEffect, StateField, type EditorState, type Text } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';

/** Line numbers (1-based, inclusive) of one tool's object in a side's text, or null to clear. */
export const setToolLines = StateEffect.define<{ first: number; last: number } | null>();

const toolLine = Decoration.line({ class: 'cm-revealedTool' });

export const toolHighlight = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, transaction) {
    let next = value.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(setToolLines)) continue;
      const lines = effect.value;
      next =
        lines === null
          ? Decoration.none
          : Decoration.set(Array.from({ length: lines.last - lines.first + 1 }, (_, i) => toolLine.range(transaction.state.doc.line(lines.first + i).from)));
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** The first and last line (1-based) of the tool marked on this side, or null when none is. */
export function markedTool(state: EditorState): { first: number; last: number } | null {
  const marks = state.field(toolHighlight, false);
  if (!marks || marks.size === 0) return null;
  let first = 0;
  let last = 0;
  for (const mark = marks.iter(); mark.value; mark.next()) {
    last = state.doc.lineAt(mark.from).number;
    first ||= last;
  }
  return { first, last };
}

/** Lines after a tool's `{` that a jump always shows: name, title, description and the schema's start. */
const TOOL_HEAD_LINES = 6;

/** The text of a tool's first lines (from its `{` on line `first`, ending by line `last`): what a jump keeps open. */
export function toolHead(doc: Text, first: number, last: number): { from: number; to: number } {
  return { from: doc.line(first).from, to: doc.line(Math.min(first + TOOL_HEAD_LINES, last)).to };
}

/**
 * Last line of the pretty-printed JSON value that opens on `first`: the next
 * line at the same indentation that closes it. The diff's texts are
 * pretty-printed, so indentation is structure.
 */
export function closingLine(doc: Text, first: number): number {
  const opening = doc.line(first).text;
  const indent = opening.length - opening.trimStart().length;
  if (!/[{[]\s*$/.test(opening)) return first;
  for (let number = first + 1; number <= doc.lines; number++) {
    const text = doc.line(number).text;
    const ownIndent = text.length - text.trimStart().length;
    if (ownIndent === indent && /^[}\]]/.test(text.trimStart())) return number;
    if (ownIndent < indent && text.trim() !== '') return number - 1;
  }
  return doc.lines;
}

/**
 * Starts of the "N unchanged lines" blocks that hide any of `from`…`to`: the
 * only decorations in the diff that replace text with a block (MergeView's
 * spacers and the change boundaries are blocks that replace nothing).
 */
function collapsedWithin(view: EditorView, from: number, to: number): number[] {
  const starts: number[] = [];
  for (const source of view.state.facet(EditorView.decorations)) {
    const set = typeof source === 'function' ? source(view) : source;
    set.between(from, to, (start, end, decoration) => {
      if (decoration.spec.block && decoration.spec.widget && end > start && start <= to && from <= end) starts.push(start);
    });
  }
  return starts;
}

/** A position in unchanged text on one side, on the other side (as CodeMirror maps a marker click). */
function across(chunks: readonly Chunk[], pos: number, fromA: boolean): number {
  let ours = 0;
  let theirs = 0;
  for (const chunk of chunks) {
    if ((fromA ? chunk.fromA : chunk.fromB) >= pos) break;
    ours = fromA ? chunk.toA : chunk.toB;
    theirs = fromA ? chunk.toB : chunk.toA;
  }
  return theirs + (pos - ours);
}

/**
 * Effects per side that open the unchanged blocks hiding any of a jump's
 * target lines (`rangeA` / `rangeB`: the tool's text on each side, or null
 * for a side with no target, e.g. a search match), on both sides at once: a
 * block opened on one side only would leave the sides out of step until the
 * next change.
 */
export function revealCollapsed(
  view: MergeView,
  rangeA: { from: number; to: number } | null,
  rangeB: { from: number; to: number } | null,
): { a: StateEffect<number>[]; b: StateEffect<number>[] } {
  const startsA = rangeA ? collapsedWithin(view.a, rangeA.from, rangeA.to) : [];
  const startsB = rangeB ? collapsedWithin(view.b, rangeB.from, rangeB.to) : [];
  const a = [...startsA, ...startsB.map((from) => across(view.chunks, from, false))];
  const b = [...startsB, ...startsA.map((from) => across(view.chunks, from, true))];
  return { a: [...new Set(a)].map((from) => uncollapseUnchanged.of(from)), b: [...new Set(b)].map((from) => uncollapseUnchanged.of(from)) };
}
