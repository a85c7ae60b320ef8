import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildApi } from '../shared/api/build-api';
import type { ApiEventName } from '../shared/api';
import type { Result } from '../shared/result';

/**
 * window.api, built from the contract: one function per exposed call, each an ipc invoke on its own
 * channel. No raw ipcRenderer reaches the page.
 */
const api = buildApi(
  (channel, input) => ipcRenderer.invoke(channel, input) as Promise<Result<unknown>>,
  (event: ApiEventName, listener) => {
    const channel = `event:${event}`;
    const wrapped = (_e: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => void ipcRenderer.removeListener(channel, wrapped);
  },
);

contextBridge.exposeInMainWorld('api', api);
// Dropped files: the page gets the path only through this, and main grants it before any use.
contextBridge.exposeInMainWorld('files', { pathOf: (file: File) => webUtils.getPathForFile(file) });
