/** Messages between the browser bridge client and its host (a WebSocket stands in for Electron's ipc). */
export interface BridgeRequest {
  id: number;
  channel: string;
  input: unknown;
}
export type BridgeMessage =
  | { type: 'result'; id: number; result: unknown }
  /** A large result, fetched once from BRIDGE_RESULT_PATH/{ref} (see there). */
  | { type: 'result-ref'; id: number; ref: string }
  | { type: 'event'; event: string; payload: unknown };

/**
 * Results of more than BRIDGE_INLINE_MAX characters of JSON are fetched by the page over HTTP, once, instead of
 * riding the WebSocket: Playwright's Network domain copies every WebSocket frame into a DevTools event on
 * the page's main thread (about 80 ms for a 4 MB answer, after the message and before the page's next
 * task), work that Electron's IPC does not do and that the table bench would otherwise count as the
 * screen's. An HTTP body is not copied that way.
 */
export const BRIDGE_RESULT_PATH = '/__bridge/result';
export const BRIDGE_INLINE_MAX = 64 * 1024;

export const BRIDGE_PATH = '/__bridge';
export const BRIDGE_CLIENT_PATH = '/__bridge/client.js';
/**
 * Test-only (bridge host): POST `{ "path": string | null }` queues what the next `files.pick` (or the
 * bulk queue's folder dialog, with a folder path) returns; `{ "paths": [...] }` several files for the
 * bulk queue's file dialog.
 */
export const BRIDGE_NEXT_PICK_PATH = '/__bridge/test/next-pick';
/**
 * Test-only (bridge host): POST `{ "path": string | null }` queues the file the next drop stands for. In
 * the desktop app the preload resolves a dropped `File` to its path; in the browser the page cannot, so
 * the host takes the queued path instead (the page still sends no path: only the dropped file's name,
 * which must match).
 */
export const BRIDGE_NEXT_DROP_PATH = '/__bridge/test/next-drop';
/** Test-only (bridge host): POST `{ "command": "about" }` sends the window what that app menu command sends. */
export const BRIDGE_MENU_COMMAND_PATH = '/__bridge/test/menu-command';
/**
 * Test-only (bridge host): GET the accessibility engines the walks put in the page (axe-core, HTML_CodeSniffer),
 * by name (`axe.js`, `htmlcs.js`). Fetched by the page and cached by it, V8's compiled code included, instead
 * of sent through Playwright's protocol at every load of the app.
 */
export const BRIDGE_TEST_SCRIPT_PATH = '/__bridge/test/script';
/** Test-only (bridge host): GET an empty page of the host's origin, for content a test sets itself that needs the host's scripts. */
export const BRIDGE_TEST_BLANK_PATH = '/__bridge/test/blank';
/** The bridge client's counterpart of the preload's drop call (`window.files.grantDropped`). */
export const BRIDGE_DROP_CHANNEL = 'bridge:files.grantDropped';
/** The bridge client's counterpart of the preload's bulk drop call (`window.files.bulkDropped`). */
export const BRIDGE_BULK_DROP_CHANNEL = 'bridge:bulk.addDropped';
/** The bridge client's counterpart of the preload's folder-import drop call (`window.files.importDropped`). */
export const BRIDGE_IMPORT_DROP_CHANNEL = 'bridge:courseImport.dropped';
/**
 * The save dialog's stand-in writes into `<stateDir>/exports/<suggested name>` (tests read it there).
 */
export const BRIDGE_EXPORTS_FOLDER = 'exports';
/** Show in folder's stand-in appends each path it was asked to show to `<stateDir>/<this file>`. */
export const BRIDGE_SHOWN_FILE = 'shown-in-folder.txt';
/**
 * Media previews (the counterpart of main's cc-media:// protocol): GET `?src=<preview URL>&key=<this
 * run's key>`, the key given to the page in index.html's meta `BRIDGE_MEDIA_KEY_META`.
 */
export const BRIDGE_MEDIA_PATH = '/__bridge/media';
export const BRIDGE_MEDIA_KEY_META = 'cc-bridge-media-key';
