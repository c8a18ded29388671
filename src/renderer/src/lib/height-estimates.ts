// Height estimates for the lines CodeMirror has not drawn that add up, so
// MergeView's alignment spacers come out exact with wrapped lines.
//
// CodeMirror draws only the lines near the visible part of the text and
// estimates the height of the rest. With wrapping on, it estimates a stretch
// of undrawn lines from its line and character counts with a rounded-up
// number of extra rows (HeightOracle.heightForGap), and that estimate does
// not add up: split a stretch in two and the halves can come out a row taller
// or shorter than the whole. MergeView aligns the sides with spacer widgets,
// and a spacer splits the stretch it lands in on one side only, so after a
// jump the same line sat at different heights on the two sides, one to three
// rows apart, and every re-measure flipped it.
//
// Here a stretch is estimated as the sum of CodeMirror's own estimate for
// each of its lines (HeightOracle.heightForLine), from a running total per
// document, so any split adds up to the whole and the same text is estimated
// the same on both sides. Drawn lines are still measured as they are.
//
// Inside an undrawn stretch, CodeMirror places a line by interpolating over
// the stretch's characters, which is not where that line would be once the
// stretch is split there; and MergeView reads exactly such positions (where
// each change starts and ends) to size its spacers, then splits the stretch
// with the spacer. So each side also gets an empty, zero-height block at
// every change boundary: the stretches are always split there, on both sides
// alike, and a boundary's height is a sum, not an interpolation. Without
// them a narrow diff could cycle between spacer sizes on every frame.
//
// CodeMirror has no public hook for its estimates: this replaces the method on
// the view's own height oracle (a private object of @codemirror/view, pinned
// in package.json). Where it is not found, nothing changes (the diff then
// aligns approximately with wrapped lines); the browser journeys check the
// alignment to the pixel with lines wrapped, so an upgrade that moves it fails
// them.

import { getChunks, type Chunk } from '@codemirror/merge';
import { RangeSetBuilder, StateField, type EditorState, type Text } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, WidgetType, type DecorationSet } from '@codemirror/view';

/** The part of @codemirror/view's HeightOracle this uses. */
export interface HeightOracleLike {
  doc: Text;
  lineWrapping: boolean;
  lineHeight: number;
  lineLength: number;
  heightForLine(length: number): number;
  heightForGap(from: number, to: number): number;
}

interface RunningTotal {
  doc: Text;
  lineHeight: number;
  lineLength: number;
  /** sums[n]: estimated height of lines 1…n. */
  sums: Float64Array;
}

const patched = new WeakSet<object>();

/** Makes `oracle.heightForGap` the sum of `heightForLine` over the stretch's lines when lines wrap (unwrapped, CodeMirror's estimate already adds up). */
export function makeGapEstimatesAdditive(oracle: HeightOracleLike): void {
  if (patched.has(oracle)) return;
  patched.add(oracle);
  const original = oracle.heightForGap;
  let total: RunningTotal | null = null;
  oracle.heightForGap = function heightForGap(this: HeightOracleLike, from: number, to: number): number {
    if (!this.lineWrapping) return original.call(this, from, to);
    const { doc, lineHeight, lineLength } = this;
    if (!total || total.doc !== doc || total.lineHeight !== lineHeight || total.lineLength !== lineLength) {
      const sums = new Float64Array(doc.lines + 1);
      let line = 0;
      for (const lines = doc.iterLines(); !lines.next().done;) {
        line++;
        sums[line] = (sums[line - 1] as number) + this.heightForLine(lines.value.length);
      }
      total = { doc, lineHeight, lineLength, sums };
    }
    return (total.sums[doc.lineAt(to).number] as number) - (total.sums[doc.lineAt(from).number - 1] as number);
  };
}

/** An empty block of no height: it only splits CodeMirror's height map where it sits. */
class Boundary extends WidgetType {
  override eq(): boolean {
    return true;
  }
  toDOM(): HTMLElement {
    const element = document.createElement('div');
    element.className = 'cm-changeBoundary';
    element.setAttribute('aria-hidden', 'true');
    return element;
  }
  override get estimatedHeight(): number {
    return 0;
  }
}

const boundary = Decoration.widget({ widget: new Boundary(), block: true, side: -1 });

function boundariesOf(state: EditorState, chunks: readonly Chunk[] | null, side: 'a' | 'b' | null): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  let last = 0;
  for (const chunk of chunks ?? []) {
    for (const pos of side === 'b' ? [chunk.fromB, chunk.toB] : [chunk.fromA, chunk.toA]) {
      if (pos <= last || pos > state.doc.length) continue;
      builder.add(pos, pos, boundary);
      last = pos;
    }
  }
  return builder.finish();
}

/** The zero-height blocks at every change boundary, rebuilt when MergeView's chunks change. */
export const changeBoundaries = StateField.define<{ chunks: readonly Chunk[] | null; deco: DecorationSet }>({
  create: () => ({ chunks: null, deco: Decoration.none }),
  update(value, transaction) {
    const found = getChunks(transaction.state);
    if ((found?.chunks ?? null) === value.chunks) return value;
    return { chunks: found?.chunks ?? null, deco: boundariesOf(transaction.state, found?.chunks ?? null, found?.side ?? null) };
  },
  provide: (field) => EditorView.decorations.from(field, (value) => value.deco),
});

/** The view's height oracle, when this version of @codemirror/view has it where expected. */
function oracleOf(view: EditorView): HeightOracleLike | null {
  const oracle = (view as unknown as { viewState?: { heightOracle?: Partial<HeightOracleLike> } }).viewState?.heightOracle;
  if (!oracle || typeof oracle.heightForGap !== 'function' || typeof oracle.heightForLine !== 'function' || typeof oracle.lineWrapping !== 'boolean')
    return null;
  return oracle as HeightOracleLike;
}

/**
 * Gives an editor additive height estimates. CodeMirror re-estimates every
 * undrawn stretch on its first measure (its line height differs from the
 * oracle's starting guess) and whenever wrapping is switched, so patching
 * after the view is built is early enough.
 */
const additiveOracle = ViewPlugin.define((view) => {
  const oracle = oracleOf(view);
  if (oracle) makeGapEstimatesAdditive(oracle);
  return {};
});

/** Additive estimates and the change boundaries: what each side of the diff needs for exact alignment with wrapped lines. */
export const additiveHeightEstimates = [additiveOracle, changeBoundaries];
