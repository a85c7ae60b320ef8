import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildApi } from '../shared/api/build-api';
import { eventChannel, type ApiEventName } from '../shared/api';
import { PRELOAD_CHANNELS, mediaPreviewUrl, type FilesApi, type GrantView } from '../shared/api/app';
import { APP_TEXT } from '../shared/messages';
import type { BulkAddResult } from '../shared/schemas/bulk';
import type { ImportPreview } from '../shared/schemas/course-import';
import { fail, type Result } from '../shared/result';

/**
 * window.api, built from the contract: one function per exposed call, each an ipc invoke on its own
 * channel. No raw ipcRenderer reaches the page.
 */
const api = buildApi(
  (channel, input) => ipcRenderer.invoke(channel, input) as Promise<Result<unknown>>,
  (event: ApiEventName, listener) => {
    const channel = eventChannel(event);
    const wrapped = (_e: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => void ipcRenderer.removeListener(channel, wrapped);
  },
);

/** The path of each dropped item, '' for one that is not a file on disk (or not a File at all). */
function pathsOf(dropped: readonly File[]): string[] {
  return dropped.map((file) => {
    try {
      return webUtils.getPathForFile(file);
    } catch {
      return '';
    }
  });
}

/**
 * Dropped files: the page hands over the `File` itself; its path is resolved here and goes straight to
 * main in the same call, so the page never sends (or learns) a path. A `File` the page made itself
 * has no path ('') and is refused.
 */
const files: FilesApi = {
  async grantDropped(file) {
    const [path] = pathsOf([file]);
    if (!path) return fail('validation', APP_TEXT.dropNotOnDisk);
    return (await ipcRenderer.invoke(PRELOAD_CHANNELS.grantDropped, { path })) as Result<GrantView>;
  },
  previewUrl: mediaPreviewUrl,
  async bulkDropped(dropped) {
    const paths = pathsOf(dropped).filter(Boolean);
    if (paths.length === 0) return fail('validation', APP_TEXT.dropNotOnDisk);
    return (await ipcRenderer.invoke(PRELOAD_CHANNELS.bulkDropped, { paths })) as Result<BulkAddResult>;
  },
  async importDropped(dropped, target) {
    // One path per dropped item ('' for one not on disk): main takes exactly one folder.
    const paths = pathsOf(dropped);
    if (!paths.some(Boolean)) return fail('validation', APP_TEXT.dropNotOnDisk);
    return (await ipcRenderer.invoke(PRELOAD_CHANNELS.importDropped, { paths, target })) as Result<ImportPreview>;
  },
};

contextBridge.exposeInMainWorld('api', api);
contextBridge.exposeInMainWorld('files', files);
