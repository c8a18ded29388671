// The bridge: window.api gets one named method per IPC channel of the
// channel table and one subscription per event — built from the table, but
// nothing generic is exposed (no invoke(channel, …)), no Node, no
// process.env. Listeners receive data only and unsubscribe through the
// function they get back.

import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  CHANNELS,
  EVENTS,
  methodsFor,
  subscriptionName,
  type ApiResult,
  type BridgeApi,
  type EventName,
  type EventTypes,
  type Method,
  type RequestOf,
  type ResponseOf,
} from '../shared/ipc/channels';

const invoke =
  <M extends Method>(method: M) =>
  (request: RequestOf<M>): Promise<ApiResult<ResponseOf<M>>> =>
    ipcRenderer.invoke(CHANNELS[method].channel, request) as Promise<ApiResult<ResponseOf<M>>>;

const subscribe =
  <E extends EventName>(event: E) =>
  (listener: (payload: EventTypes[E]) => void): (() => void) => {
    const wrapped = (_event: IpcRendererEvent, payload: EventTypes[E]) => listener(payload);
    ipcRenderer.on(EVENTS[event].channel, wrapped);
    return () => void ipcRenderer.removeListener(EVENTS[event].channel, wrapped);
  };

const api = {
  ...Object.fromEntries(methodsFor('ipc').map((method) => [method, invoke(method)])),
  ...Object.fromEntries((Object.keys(EVENTS) as EventName[]).map((event) => [subscriptionName(event), subscribe(event)])),
} as BridgeApi;

contextBridge.exposeInMainWorld('api', api);
