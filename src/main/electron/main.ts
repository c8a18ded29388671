// Electron lifecycle: one instance, one hardened window, the services on
// worker threads, IPC from the contract, the menu. Everything else lives in
// modules that never import Electron.

import { app, dialog, ipcMain, Menu, session, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { EVENTS } from '../../shared/ipc/channels';
import { createAppServices, type AppServices } from '../services/app-services';
import { launchPaths } from '../services/launch-paths';
import { registerIpcHandlers, windowContext } from './ipc';
import { menuTemplate } from './menu';
import { askInNativeDialog, nativeDialogHandlers } from './native-dialogs';
import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy';
import { isAppUrl } from './security';
import { APP_URL, createMainWindow } from './window';

let mainWindow: BrowserWindow | undefined;
let services: AppServices | undefined;
/** Files named before the services were up (the launch's own argv, an early "open file" from the OS). */
const earlyPaths: string[] = [];

/** Files to open in the window: from argv, the OS's "open file", or a second launch. */
function openWith(paths: readonly string[]): void {
  if (services) services.inbox.add(paths);
  else earlyPaths.push(...paths);
}

/** The file arguments of an Electron launch (`electron .` in development has the app folder first). */
const argvPaths = (argv: readonly string[], cwd: string) => launchPaths({ argv, skip: process.defaultApp ? 2 : 1, cwd });

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  openWith(argvPaths(process.argv, process.cwd()));
  // A second launch (`caveman-shrink-desktop b.json` while the app runs) opens its files here instead.
  app.on('second-instance', (_event, commandLine, workingDirectory) => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
    openWith(argvPaths(commandLine, workingDirectory));
  });
  // macOS delivers "Open With" and files dropped on the Dock icon this way, possibly before ready.
  app.on('open-file', (event, path) => {
    event.preventDefault();
    openWith([path]);
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
    warmUp: true,
    platform: 'electron',
    // A wrapped entry runs this app's own binary as Node (app-launcher.ts); an AppImage by its file.
    launcherHost: { kind: 'electron', execPath: process.execPath, appImage: process.env.APPIMAGE },
    startPolicy: { kind: 'ask', ask: (question) => askInNativeDialog(dialog, mainWindow, question) },
    extend: (core) => nativeDialogHandlers(core, { dialog, window: () => mainWindow }),
  });
  const isTrustedSender = (event: IpcMainInvokeEvent) =>
    mainWindow !== undefined && event.sender === mainWindow.webContents && isAppUrl(event.senderFrame?.url, APP_URL);
  registerIpcHandlers(ipcMain, services.dispatcher, isTrustedSender);

  const inbox = services.inbox;
  inbox.add(earlyPaths.splice(0));
  const window = createMainWindow();
  mainWindow = window;
  const context = windowContext(window.webContents);
  // Opened files start once the page listens for events (again after a reload).
  window.webContents.on('did-finish-load', () => inbox.attach(context));
  window.on('closed', () => {
    inbox.detach(context.clientId);
    mainWindow = undefined;
  });
  const send = (command: Parameters<Parameters<typeof menuTemplate>[0]>[0]) => mainWindow?.webContents.send(EVENTS.menuCommand.channel, { command });
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(send, process.platform === 'darwin')));
}
