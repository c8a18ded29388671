// The one app window: hardened preferences, the built renderer loaded from
// disk, every navigation away from it blocked.

import { BrowserWindow, shell } from 'electron';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { guardWebContents, hardenedWebPreferences } from './security';

export const PRELOAD_PATH = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
export const RENDERER_INDEX = fileURLToPath(new URL('../renderer/index.html', import.meta.url));
export const APP_URL = pathToFileURL(RENDERER_INDEX).href;
/** resources/icon.png, copied beside the renderer by the build. */
export const ICON_PATH = fileURLToPath(new URL('../renderer/icon.png', import.meta.url));

// Electronegativity cannot see into hardenedWebPreferences() (contextIsolation, sandbox: true) nor into
// guardWebContents (every new window, middle-click included, is denied; only safeExternalUrl's http(s)
// reaches openExternal); test/reliability/app-security/electron-wiring.test.ts proves what the window gets.
export function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    // eng-disable CONTEXT_ISOLATION_JS_CHECK SANDBOX_JS_CHECK AUXCLICK_JS_CHECK
    width: 1360,
    height: 900,
    minWidth: 1024,
    minHeight: 700,
    icon: ICON_PATH,
    show: false,
    title: 'Caveman Shrink',
    backgroundColor: '#1b1d21',
    webPreferences: hardenedWebPreferences(PRELOAD_PATH),
  });
  guardWebContents(window.webContents, APP_URL, (url) => void shell.openExternal(url)); // eng-disable OPEN_EXTERNAL_JS_CHECK
  window.once('ready-to-show', () => window.show());
  void window.loadFile(RENDERER_INDEX);
  return window;
}
