import type { Api } from '../shared/api';
import type { FilesApi } from '../shared/api/app';

declare global {
  interface Window {
    /** Built by the preload (Electron) or the browser bridge (tests, preview) from the contract. */
    api: Api;
    /** Dropped files: the preload (Electron) or the bridge's stand-in turns a `File` into a grant. */
    files: FilesApi;
  }
}
export {};
