import type { Api } from '../shared/api';

declare global {
  interface Window {
    /** Built by the preload (Electron) or the browser bridge (tests, preview) from the contract. */
    api: Api;
  }
}
export {};
