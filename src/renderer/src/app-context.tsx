// Hands the API, the stores and the commands to every component, with one
// hook per store (selectors keep re-renders to what a component reads).

import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { CavemanApi } from '../../shared/ipc/caveman-api';
import type { AppCommands } from './state/app-commands';
import type { AppStores } from './state/app-stores';
import type { CatalogsState } from './state/catalogs-store';
import type { HistoryState } from './state/history-store';
import type { McpState } from './state/mcp-store';
import type { SettingsState } from './state/settings-store';
import type { UiState } from './state/ui-store';

export interface AppContextValue {
  api: CavemanApi;
  stores: AppStores;
  commands: AppCommands;
  /** macOS: shortcuts read ⌘ instead of Ctrl. */
  mac: boolean;
}

const AppContext = createContext<AppContextValue | null>(null);

export function AppProvider({ value, children }: { value: AppContextValue; children: ReactNode }) {
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp outside AppProvider');
  return value;
}

export const useCatalogs = <T,>(selector: (state: CatalogsState) => T): T => useStore(useApp().stores.catalogs, selector);
export const useHistory = <T,>(selector: (state: HistoryState) => T): T => useStore(useApp().stores.history, selector);
export const useMcp = <T,>(selector: (state: McpState) => T): T => useStore(useApp().stores.mcp, selector);
export const useSettings = <T,>(selector: (state: SettingsState) => T): T => useStore(useApp().stores.settings, selector);
export const useUi = <T,>(selector: (state: UiState) => T): T => useStore(useApp().stores.ui, selector);
