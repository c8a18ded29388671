// Electron lifecycle: one instance, one hardened window, the services on
// worker threads, IPC from the contract, the menu. Everything else lives in
// modules that never import Electron.

import { app, dialog, ipcMain, Menu, session, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { EVENTS } from '../../shared/ipc/channels';
import { createAppServices, type AppServices } from '../services/app-services';
import { registerIpcHandlers } from './ipc';
import { menuTemplate } from './menu';
import { askInNativeDialog, nativeDialogHandlers } from './native-dialogs';
import { CONTENT_SECURITY_POLICY, isAppUrl } from './security';
import { APP_URL, createMainWindow } from './window';

let mainWindow: BrowserWindow | undefined;
let services: AppServices | undefined;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  // Every webContents, not only ours: no webviews, no new windows, no navigation away.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => void services?.close());
  void app.whenReady().then(start);
}

async function start(): Promise<void> {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });

  services = await createAppServices({
    platform: 'electron',
    startPolicy: { kind: 'ask', ask: (question) => askInNativeDialog(dialog, mainWindow, question) },
    extend: (core) => nativeDialogHandlers(core, { dialog, window: () => mainWindow }),
  });
  const isTrustedSender = (event: IpcMainInvokeEvent) =>
    mainWindow !== undefined && event.sender === mainWindow.webContents && isAppUrl(event.senderFrame?.url, APP_URL);
  registerIpcHandlers(ipcMain, services.dispatcher, isTrustedSender);

  mainWindow = createMainWindow();
  mainWindow.on('closed', () => (mainWindow = undefined));
  const send = (command: Parameters<Parameters<typeof menuTemplate>[0]>[0]) => mainWindow?.webContents.send(EVENTS.menuCommand.channel, { command });
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(send, process.platform === 'darwin')));
}
