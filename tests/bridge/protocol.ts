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
