// Aligns the diff's sides where both start drawing, in every unchanged
// stretch. MergeView aligns the sides at each change, and inside an
// unchanged stretch longer than 1000 characters also at the first line both
// sides draw, when both start below its first line; otherwise it does not,
// and it skips the updates that carry its own spacer changes, so a height
// measured in one of them leaves the sides apart. Each side draws from the
// line its own heights put near the top, and the lines one side has drawn
// (measured: a description wrapped at a narrow width) and the other has not
// (estimated) differ in height: the same line sat a row or two apart on the
// two sides of a narrow diff. This aligns them there after every update: a
// spacer of our own, on the side that is higher, at the first line both
// sides draw, as tall as what MergeView's spacers leave apart (nothing, when
// they align it).

import type { MergeView } from '@codemirror/merge';
import { StateEffect, StateField, type EditorState, type Extension } from '@codemirror/state';
import { Decoration, EditorView, WidgetType, type DecorationSet } from '@codemirror/view';
import { textTop } from './settle-scroll';

/** Where the sync spacer of one side sits, and how tall it is. */
interface SyncSpacer {
  pos: number;
  height: number;
}

class SpacerWidget extends WidgetType {
  constructor(readonly height: number) {
    super();
  }
  override eq(other: SpacerWidget): boolean {
    return other.height === this.height;
  }
  toDOM(): HTMLElement {
    const element = document.createElement('div');
    element.className = 'cm-viewportSync';
    element.setAttribute('aria-hidden', 'true');
    element.style.height = `${this.height}px`;
    return element;
  }
  override get estimatedHeight(): number {
    return this.height;
  }
}

const setSyncSpacer = StateEffect.define<SyncSpacer | null>();

const syncSpacerField = StateField.define<{ spacer: SyncSpacer | null; deco: DecorationSet }>({
  create: () => ({ spacer: null, deco: Decoration.none }),
  update(value, transaction) {
    for (const effect of transaction.effects) {
      if (!effect.is(setSyncSpacer)) continue;
      const spacer = effect.value;
      return {
        spacer,
        deco: spacer
          ? Decoration.set(Decoration.widget({ widget: new SpacerWidget(spacer.height), block: true, side: -1 }).range(spacer.pos))
          : Decoration.none,
      };
    }
    if (transaction.docChanged) return { spacer: null, deco: Decoration.none };
    return value;
  },
  provide: (field) => EditorView.decorations.from(field, (value) => value.deco),
});

const spacerOf = (state: EditorState) => state.field(syncSpacerField, false)?.spacer ?? null;

/**
 * Where both sides start drawing inside one unchanged stretch (the later of
 * the two starts, on each side: where MergeView aligns a long stretch too),
 * or null when they start in different stretches or both at its first line
 * (MergeView aligns there).
 */
function syncPoint(view: MergeView): { a: number; b: number } | null {
  const { a, b } = view;
  const startA = a.viewport.from;
  const startB = b.viewport.from;
  let posA = 0;
  let posB = 0;
  let endA = a.state.doc.length;
  let endB = b.state.doc.length;
  for (const chunk of view.chunks) {
    if (chunk.fromA > startA || chunk.fromB > startB) {
      endA = chunk.fromA;
      endB = chunk.fromB;
      break;
    }
    posA = chunk.toA;
    posB = chunk.toB;
  }
  const inside = posA <= startA && startA < endA && posB <= startB && startB < endB;
  const offset = Math.max(startA - posA, startB - posB);
  if (!inside || offset === 0) return null;
  return { a: posA + offset, b: posB + offset };
}

/** The spacer each side should have for `point`, given the tops now (which include the spacers there are). */
function spacersFor(view: MergeView, point: { a: number; b: number } | null): { a: SyncSpacer | null; b: SyncSpacer | null } {
  if (!point) return { a: null, b: null };
  // How far B's line sits above A's without our spacers (a spacer at the line is above its text, so it counts).
  let gap = textTop(view.a, point.a) - textTop(view.b, point.b);
  const ownA = spacerOf(view.a.state);
  const ownB = spacerOf(view.b.state);
  if (ownA && ownA.pos <= point.a) gap -= ownA.height;
  if (ownB && ownB.pos <= point.b) gap += ownB.height;
  if (Math.abs(gap) < 0.5) return { a: null, b: null };
  return gap > 0 ? { a: null, b: { pos: point.b, height: gap } } : { a: { pos: point.a, height: -gap }, b: null };
}

const same = (x: SyncSpacer | null, y: SyncSpacer | null) => (x === null ? y === null : y !== null && x.pos === y.pos && Math.abs(x.height - y.height) < 0.5);

/** Puts each side's spacer where it belongs now; nothing is dispatched when they are already there. */
function resync(view: MergeView): void {
  const wanted = spacersFor(view, syncPoint(view));
  if (!same(spacerOf(view.a.state), wanted.a)) view.a.dispatch({ effects: setSyncSpacer.of(wanted.a) });
  if (!same(spacerOf(view.b.state), wanted.b)) view.b.dispatch({ effects: setSyncSpacer.of(wanted.b) });
}

/**
 * The extension both sides take, and `attach`, which names the MergeView
 * once it is built. The sides are aligned after every change of height or of
 * what is drawn, once MergeView has placed its own spacers for it.
 */
export function viewportSync(): { extension: Extension; attach(view: MergeView): void } {
  let merge: MergeView | null = null;
  let queued = false;
  const listener = EditorView.updateListener.of((update) => {
    if (!merge || queued || !(update.heightChanged || update.viewportChanged)) return;
    queued = true;
    // MergeView places its spacers in its own listener of this same update, which runs after this one.
    queueMicrotask(() => {
      queued = false;
      if (merge && merge.dom.isConnected) resync(merge);
    });
  });
  return {
    extension: [syncSpacerField, listener],
    attach(view) {
      merge = view;
    },
  };
}
