/** Messages between the browser bridge client and its host (a WebSocket stands in for Electron's ipc). */
export interface BridgeRequest {
  id: number;
  channel: string;
  input: unknown;
}
export type BridgeMessage =
  | { type: 'result'; id: number; result: unknown }
  | { type: 'event'; event: string; payload: unknown };

export const BRIDGE_PATH = '/__bridge';
export const BRIDGE_CLIENT_PATH = '/__bridge/client.js';
/** Test-only (bridge host): POST `{ "path": string | null }` queues what the next `files.pick` returns. */
export const BRIDGE_NEXT_PICK_PATH = '/__bridge/test/next-pick';
/**
 * Test-only (bridge host): POST `{ "path": string | null }` queues the file the next drop stands for. In
 * the desktop app the preload resolves a dropped `File` to its path; in the browser the page cannot, so
 * the host takes the queued path instead (the page still sends no path: only the dropped file's name,
 * which must match).
 */
export const BRIDGE_NEXT_DROP_PATH = '/__bridge/test/next-drop';
/** The bridge client's counterpart of the preload's drop call (`window.files.grantDropped`). */
export const BRIDGE_DROP_CHANNEL = 'bridge:files.grantDropped';
/** Media previews (the counterpart of main's cc-media:// protocol): GET `?src=<preview URL>`. */
export const BRIDGE_MEDIA_PATH = '/__bridge/media';
