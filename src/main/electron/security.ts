// The window's security rules as plain functions, so tests can
// check them without Electron: hardened web preferences, which URLs the
// window may show, and which links may open in the system browser.

import type { Event, WebContents, WebPreferences } from 'electron';

/** The only web preferences the app window is created with. */
export function hardenedWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

/** True when `url` is the app's own page (hash and query ignored). */
export function isAppUrl(url: unknown, appUrl: string): boolean {
  if (typeof url !== 'string') return false;
  try {
    const parsed = new URL(url);
    const app = new URL(appUrl);
    return parsed.protocol === app.protocol && parsed.host === app.host && parsed.pathname === app.pathname;
  } catch {
    return false;
  }
}

/** The URL to open in the system browser, or undefined: only parsed http(s) URLs, no credentials. */
export function safeExternalUrl(url: unknown): string | undefined {
  if (typeof url !== 'string' || url.length > 2048) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
    if (parsed.username || parsed.password) return undefined;
    return parsed.href;
  } catch {
    return undefined;
  }
}

type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/**
 * Blocks every navigation and redirect away from the app page, denies
 * window.open (opening safe http(s) links in the system browser instead) and
 * refuses webviews.
 */
export function guardWebContents(contents: GuardedContents, appUrl: string, openExternal: (url: string) => void): void {
  const blockForeign = (event: Event, url: string) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault();
  };
  contents.on('will-navigate', blockForeign);
  contents.on('will-redirect', blockForeign);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const external = safeExternalUrl(url);
    if (external) openExternal(external);
    return { action: 'deny' };
  });
}
