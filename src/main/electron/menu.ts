// The application menu: file commands go to the renderer as menu:command
// events (the renderer knows what is open); edit and view are the standard roles.

import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommandEvent } from '../../shared/contracts';

export function menuTemplate(send: (command: MenuCommandEvent['command']) => void, isMac: boolean): MenuItemConstructorOptions[] {
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      { label: 'Open…', accelerator: 'CmdOrCtrl+O', click: () => send('open') },
      { label: 'Paste JSON', accelerator: 'CmdOrCtrl+Shift+V', click: () => send('paste') },
      { label: 'Import from MCP Server…', click: () => send('import-mcp') },
      { type: 'separator' },
      { label: 'Save compressed…', accelerator: 'CmdOrCtrl+S', click: () => send('save-compressed') },
      { label: 'Save original…', accelerator: 'CmdOrCtrl+Shift+S', click: () => send('save-original') },
      { type: 'separator' },
      isMac ? { role: 'close' } : { role: 'quit' },
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
      { type: 'separator' },
      { label: 'Find…', accelerator: 'CmdOrCtrl+F', click: () => send('find') },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      { label: 'Results', accelerator: 'CmdOrCtrl+1', click: () => send('show-results') },
      { label: 'History', accelerator: 'CmdOrCtrl+2', click: () => send('show-history') },
      { label: 'Servers', accelerator: 'CmdOrCtrl+3', click: () => send('show-servers') },
      { label: 'Keyboard Shortcuts (?)', click: () => send('show-shortcuts') },
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  return [...(isMac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []), file, edit, view, { role: 'windowMenu' }];
}
