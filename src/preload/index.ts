// The bridge: window.api gets one named method per IPC channel of the
// contract and one subscription per event — nothing generic, no Node, no
// process.env. Listeners receive data only and unsubscribe through the
// function they get back.

import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CHANNELS, EVENTS, type ApiResult, type BridgeApi, type EventName, type EventTypes, type Method, type RequestOf, type ResponseOf } from '../shared/ipc/channels';

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
  getAppInfo: invoke('getAppInfo'),
  analyzeCatalog: invoke('analyzeCatalog'),
  reanalyzeCatalog: invoke('reanalyzeCatalog'),
  openCatalogFiles: invoke('openCatalogFiles'),
  cancelJob: invoke('cancelJob'),
  getDiffLayout: invoke('getDiffLayout'),
  getLintReport: invoke('getLintReport'),
  getPrettyText: invoke('getPrettyText'),
  getCatalogText: invoke('getCatalogText'),
  saveCatalog: invoke('saveCatalog'),
  listHistory: invoke('listHistory'),
  getHistoryEntry: invoke('getHistoryEntry'),
  deleteHistoryEntry: invoke('deleteHistoryEntry'),
  getHistoryTools: invoke('getHistoryTools'),
  openHistoryEntry: invoke('openHistoryEntry'),
  discoverMcpServers: invoke('discoverMcpServers'),
  pickMcpConfig: invoke('pickMcpConfig'),
  importMcpServer: invoke('importMcpServer'),
  onJobProgress: subscribe('jobProgress'),
  onJobFinished: subscribe('jobFinished'),
  onJobsStarted: subscribe('jobsStarted'),
  onMenuCommand: subscribe('menuCommand'),
} satisfies BridgeApi;

contextBridge.exposeInMainWorld('api', api);
