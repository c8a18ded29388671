// CodeMirror configuration for the side-by-side diff: read-only JSON with
// line numbers, search, and colours taken from the app's CSS variables (so
// light/dark follow the OS). The changed ranges come from main, exactly:
// the renderer never diffs multi-megabyte texts itself.

import { defaultKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Change, goToNextChunk, goToPreviousChunk } from '@codemirror/merge';
import { search, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, drawSelection, highlightSpecialChars, keymap, lineNumbers } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import type { DiffTools } from '../../../shared/contracts';
import { CHANGE_FIELDS, type ChangeRanges } from '../../../shared/ipc/change-ranges';
import { additiveHeightEstimates } from './height-estimates';
import { announceMatch, onMatchFound, type TextRange } from './search-reveal';
import { toolHighlight } from './tool-highlight';

/** The changes main computed, as CodeMirror Change objects (for diffConfig.override). */
export function toChanges(changes: ChangeRanges): readonly Change[] {
  const list: Change[] = [];
  for (let i = 0; i < changes.length; i += CHANGE_FIELDS) list.push(new Change(changes[i]!, changes[i + 1]!, changes[i + 2]!, changes[i + 3]!));
  return list;
}

/** Which tool a reveal request means: by position when the names agree, else by name. */
export function findToolLines(layout: { tools: DiffTools }, index: number, name: string): { originalLine: number; compressedLine: number } | null {
  const byIndex = layout.tools[index];
  if (byIndex && byIndex.name === name) return byIndex;
  return layout.tools.find((tool) => tool.name === name) ?? byIndex ?? null;
}

const jsonHighlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--syn-key)' },
  { tag: tags.string, color: 'var(--syn-string)' },
  { tag: tags.number, color: 'var(--syn-number)' },
  { tag: [tags.bool, tags.null], color: 'var(--syn-keyword)' },
  { tag: [tags.separator, tags.squareBracket, tags.brace, tags.punctuation], color: 'var(--syn-punct)' },
  { tag: tags.invalid, color: 'var(--bad)' },
]);

function editorTheme(dark: boolean): Extension {
  return EditorView.theme(
    {
      '&': { backgroundColor: 'var(--surface)', color: 'var(--text)', fontSize: '12.5px' },
      // Unwrapped, each side scrolls sideways under the bar below the diff (a native bar would sit at the end of the text).
      '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.6', scrollbarWidth: 'none' },
      '.cm-content': { caretColor: 'var(--text)', padding: '6px 0' },
      '&.cm-focused': { outline: '2px solid var(--focus)', outlineOffset: '-2px' },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'var(--selection)' },
      '.cm-gutters': { backgroundColor: 'var(--surface-2)', color: 'var(--text-faint)', borderRight: '1px solid var(--border)' },
      '.cm-lineNumbers .cm-gutterElement': { padding: '0 8px 0 10px' },
      '&.cm-merge-a .cm-changedLine, .cm-deletedChunk': { backgroundColor: 'var(--diff-removed-line)' },
      '&.cm-merge-b .cm-changedLine': { backgroundColor: 'var(--diff-kept-line)' },
      '&.cm-merge-a .cm-changedText': { background: 'var(--diff-removed-text)', borderRadius: '2px' },
      '&.cm-merge-b .cm-changedText': { background: 'var(--diff-added-text)', borderRadius: '2px' },
      '&.cm-merge-a .cm-changedLineGutter, .cm-deletedLineGutter': { background: 'var(--bad)' },
      '&.cm-merge-b .cm-changedLineGutter': { background: 'var(--ok)' },
      // A fixed height equal to the widget's estimate (27px), so both sides agree before they are measured.
      '.cm-collapsedLines': {
        color: 'var(--text-muted)',
        background: 'var(--surface-2)',
        borderTop: '1px dashed var(--border-strong)',
        borderBottom: '1px dashed var(--border-strong)',
        fontFamily: 'var(--font-ui)',
        fontSize: '12px',
        lineHeight: '15px',
        height: '27px',
        boxSizing: 'border-box',
      },
      // CodeMirror brackets the marker with "⦚", which common UI fonts lack (a missing-glyph box).
      '.cm-collapsedLines:before, .cm-collapsedLines:after': { content: 'none' },
      '.cm-revealedTool': { backgroundColor: 'var(--reveal-line)', boxShadow: 'inset 3px 0 0 var(--accent)' },
      // The search UI lives outside the editors (a panel inside one side would shift it against the other).
      '.cm-panels': { display: 'none' },
      '.cm-searchMatch': { backgroundColor: 'var(--search-match)', outline: '1px solid var(--search-match-border)' },
      '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'var(--search-current)' },
      '.cm-activeLine': { backgroundColor: 'transparent' },
    },
    { dark },
  );
}

/** Holds the theme so a change of the OS appearance can swap it in place. */
export const themeCompartment = new Compartment();

export function themeFor(dark: boolean): Extension {
  return [editorTheme(dark), EditorView.darkTheme.of(dark)];
}

/** Holds line wrapping, so the "Wrap lines" switch can turn it on and off in place. */
export const wrapCompartment = new Compartment();

/**
 * Long lines wrap (the default: a description is read whole beside its
 * shortened copy) or run on to the right, scrolled sideways. Either way the
 * sides stay aligned to the pixel: unwrapped, every line is one line high;
 * wrapped, the estimates for undrawn lines add up (height-estimates.ts).
 */
export function wrapFor(wrap: boolean): Extension {
  return wrap ? EditorView.lineWrapping : [];
}

/**
 * The search state without CodeMirror's own panel: the panel is an empty,
 * hidden element (matches are highlighted only while a panel is open), and
 * the diff's search bar drives the query.
 */
const hiddenSearch = search({
  // A step shows its match through the diff (search-reveal.ts): it may sit in collapsed lines.
  scrollToMatch: announceMatch,
  createPanel: () => {
    const dom = document.createElement('div');
    dom.hidden = true;
    return { dom, top: true };
  },
});

/** Keys that step between changes inside the diff (CodeMirror key names), and how buttons show them. */
export const CHANGE_KEYS = { next: 'Alt-ArrowDown', previous: 'Alt-ArrowUp', nextLabel: 'Alt+↓', previousLabel: 'Alt+↑' } as const;

export interface SideOptions {
  /** Names the side's text area for assistive technology. */
  label: string;
  dark: boolean;
  /** Number of the first line shown (a section of a large diff starts further down). */
  firstLine: number;
  /** Digits of the largest line number on either side: both gutters get this width. */
  numberDigits: number;
  /** Long lines wrap (else they scroll sideways). */
  wrap: boolean;
  /** Answers Ctrl/Cmd+F inside the editor. */
  onFind(view: EditorView): void;
  /** A search step (the bar, Enter, F3…) landed on `range` of this side: show it. */
  onMatch(view: EditorView, range: TextRange): void;
}

/** Everything one side of the diff needs. */
export function sideExtensions({ label, dark, firstLine, numberDigits, wrap, onFind, onMatch }: SideOptions): Extension {
  return [
    // Equal gutters keep equal text widths, so unchanged lines wrap alike and stay side by side.
    EditorView.theme({ '.cm-lineNumbers .cm-gutterElement': { minWidth: `${Math.max(3, numberDigits)}ch` } }),
    lineNumbers(firstLine === 1 ? {} : { formatNumber: (line) => String(line + firstLine - 1) }),
    highlightSpecialChars(),
    drawSelection(),
    EditorState.readOnly.of(true),
    wrapCompartment.of(wrapFor(wrap)),
    additiveHeightEstimates,
    json(),
    syntaxHighlighting(jsonHighlight),
    hiddenSearch,
    onMatchFound(onMatch),
    keymap.of([
      { key: 'Mod-f', run: (view) => (onFind(view), true), preventDefault: true },
      { key: CHANGE_KEYS.next, run: goToNextChunk, preventDefault: true },
      { key: CHANGE_KEYS.previous, run: goToPreviousChunk, preventDefault: true },
      ...searchKeymap.filter((binding) => binding.key !== 'Mod-f' && binding.key !== 'Escape'),
      ...defaultKeymap,
    ]),
    EditorView.contentAttributes.of({ 'aria-label': label }),
    EditorState.phrases.of({ '$ unchanged lines': '$ unchanged lines — click to show' }),
    toolHighlight,
    themeCompartment.of(themeFor(dark)),
  ];
}

export const COLLAPSE_CONFIG = { margin: 3, minSize: 6 } as const;

/** Lines in a text (1 + its line breaks), without splitting it. */
export function countLines(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}
