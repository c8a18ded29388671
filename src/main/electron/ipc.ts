// Registers one ipcMain handler per IPC channel of the contract. Calls from
// anything but the app's own window are refused; everything else goes
// through the validating dispatcher.

import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { CHANNELS, EVENTS, methodsFor, type ApiResult } from '../../shared/ipc/channels';
import type { CallContext, Dispatcher, EventSink } from '../services/dispatch';

export function registerIpcHandlers(ipcMain: Pick<IpcMain, 'handle'>, dispatcher: Dispatcher, isTrustedSender: (event: IpcMainInvokeEvent) => boolean): void {
  for (const method of methodsFor('ipc')) {
    ipcMain.handle(CHANNELS[method].channel, async (event, request: unknown): Promise<ApiResult<unknown>> => {
      if (!isTrustedSender(event)) {
        return { ok: false, code: 'cave_forbidden', message: 'this window may not call the app' };
      }
      return dispatcher.dispatch(method, request, windowContext(event.sender));
    });
  }
}

/** The call context of a window: its events go to that window only, and nowhere once it is gone. */
export function windowContext(contents: Pick<WebContents, 'id' | 'isDestroyed' | 'send'>): CallContext {
  const emit: EventSink = (name, payload) => {
    if (!contents.isDestroyed()) contents.send(EVENTS[name].channel, payload);
  };
  return { clientId: String(contents.id), emit };
}
