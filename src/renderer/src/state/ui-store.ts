// What is on screen, apart from the data: the tab, the paste and MCP import dialogs,
// transient notices (saved, copied, errors of actions), and one-shot
// requests between views (jump the diff to a tool, focus the find box), and
// whether the diff has the whole analysis to itself.

import { createStore, type StoreApi } from 'zustand/vanilla';

export type AppTab = 'results' | 'history' | 'servers';

/** Why Paste JSON offers its dialog: the host would not give the clipboard's text, or the clipboard holds none. */
export type PasteDialogReason = 'unreadable' | 'empty';

export interface Notice {
  id: number;
  kind: 'info' | 'error';
  text: string;
  /** How many times it was said in a row (three saves of the same file are one notice, ×3); 1 when absent. */
  count?: number;
}

export interface RevealRequest {
  /** The analysis whose diff should move. */
  analysisId: string;
  /** Position of the tool in the catalog (DiffPlan.tools index). */
  index: number;
  name: string;
  /** Changes on every request, so asking twice for the same tool scrolls again. */
  seq: number;
}

export interface UiState {
  tab: AppTab;
  /** The paste dialog is open, and why; null when it is closed. */
  pasteDialog: PasteDialogReason | null;
  /** The keyboard shortcuts sheet (? or View › Keyboard Shortcuts). */
  shortcutsOpen: boolean;
  mcpDialogOpen: boolean;
  notices: Notice[];
  reveal: RevealRequest | null;
  /** Bumped to ask the current tab to focus its filter or search box. */
  findSeq: number;
  /** The diff takes the whole analysis (the summary and the table give it their room). */
  diffExpanded: boolean;

  setTab(tab: AppTab): void;
  setPasteDialog(reason: PasteDialogReason | null): void;
  setShortcutsOpen(open: boolean): void;
  setMcpDialogOpen(open: boolean): void;
  notify(kind: Notice['kind'], text: string): number;
  dismiss(id: number): void;
  revealTool(analysisId: string, index: number, name: string): void;
  requestFind(): void;
  setDiffExpanded(expanded: boolean): void;
}

export type UiStore = StoreApi<UiState>;

/** At most this many notices stay on screen (more would cover the content); older ones give way. */
const MAX_NOTICES = 2;

export function createUiStore(): UiStore {
  let nextId = 0;
  return createStore<UiState>()((set, get) => ({
    tab: 'results',
    pasteDialog: null,
    shortcutsOpen: false,
    mcpDialogOpen: false,
    notices: [],
    reveal: null,
    findSeq: 0,
    diffExpanded: false,

    setTab: (tab) => set({ tab }),
    setPasteDialog: (pasteDialog) => set({ pasteDialog }),
    setShortcutsOpen: (shortcutsOpen) => set({ shortcutsOpen }),
    setMcpDialogOpen: (mcpDialogOpen) => set({ mcpDialogOpen }),
    notify(kind, text) {
      const last = get().notices.at(-1);
      // The same words again: the notice on screen counts it (and stays for its time again) instead of a second one.
      if (last && last.kind === kind && last.text === text) {
        set((state) => ({ notices: state.notices.map((notice) => (notice === last ? { ...last, count: (last.count ?? 1) + 1 } : notice)) }));
        return last.id;
      }
      const id = ++nextId;
      set((state) => ({ notices: [...state.notices, { id, kind, text }].slice(-MAX_NOTICES) }));
      return id;
    },
    dismiss: (id) => set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) })),
    revealTool: (analysisId, index, name) => set((state) => ({ reveal: { analysisId, index, name, seq: (state.reveal?.seq ?? 0) + 1 } })),
    requestFind: () => set((state) => ({ findSeq: state.findSeq + 1 })),
    setDiffExpanded: (diffExpanded) => set({ diffExpanded }),
  }));
}
