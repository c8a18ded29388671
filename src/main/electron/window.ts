// The one app window: hardened preferences, the built renderer loaded from
// disk, every navigation away from it blocked.

import { BrowserWindow, shell } from 'electron';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { guardWebContents, hardenedWebPreferences } from './security';

export const PRELOAD_PATH = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
export const RENDERER_INDEX = fileURLToPath(new URL('../renderer/index.html', import.meta.url));
export const APP_URL = pathToFileURL(RENDERER_INDEX).href;

export function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1360,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Caveman Shrink',
    backgroundColor: '#1b1d21',
    webPreferences: hardenedWebPreferences(PRELOAD_PATH),
  });
  guardWebContents(window.webContents, APP_URL, (url) => void shell.openExternal(url));
  window.once('ready-to-show', () => window.show());
  void window.loadFile(RENDERER_INDEX);
  return window;
}
