// The theme the page is drawn in: the person's pick (Settings › Theme) or,
// without one, the OS's. The pick goes on the root element, where base.css
// turns it into the page's color-scheme (every colour is light-dark()).

import type { SettingsStore, Theme } from '../state/settings-store';

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

/** Applies the store's theme now (before the first paint) and whenever it changes; returns the unsubscribe. */
export function followTheme(settings: SettingsStore, root: HTMLElement = document.documentElement): () => void {
  applyTheme(settings.getState().theme, root);
  return settings.subscribe((state, previous) => {
    if (state.theme !== previous.theme) applyTheme(state.theme, root);
  });
}
