/**
 * Loaded by the page before the app when it runs in a plain browser: builds window.api from the same
 * contract as the preload does (its calls read off the contract by the host, so the page does not load
 * the schemas twice), sending each call over a WebSocket to the bridge host, which runs the real
 * main-process handlers. Only Electron's ipc transport is swapped out.
 */
import { apiFromCalls, type ExposedCalls } from '../../src/shared/api/api-from-calls';
import type { Result } from '../../src/shared/result';
import type { FilesApi, GrantView } from '../../src/shared/api/app';
import type { BulkAddResult } from '../../src/shared/schemas/bulk';
import type { ImportPreview } from '../../src/shared/schemas/course-import';
import { BRIDGE_BULK_DROP_CHANNEL, BRIDGE_DROP_CHANNEL, BRIDGE_IMPORT_DROP_CHANNEL, BRIDGE_MEDIA_KEY_META, BRIDGE_MEDIA_PATH, BRIDGE_PATH, BRIDGE_RESULT_PATH, type BridgeMessage, type BridgeRequest } from './protocol';

const pending = new Map<number, (result: Result<unknown>) => void>();
const listeners = new Map<string, Set<(payload: unknown) => void>>();
let nextId = 1;
let socket: WebSocket | null = null;
let opened: Promise<WebSocket> | null = null;

function connect(): Promise<WebSocket> {
  if (opened) return opened;
  opened = new Promise((resolve, reject) => {
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${BRIDGE_PATH}`);
    ws.onopen = () => {
      socket = ws;
      resolve(ws);
    };
    ws.onerror = () => reject(new Error('bridge connection failed'));
    ws.onclose = () => {
      socket = null;
      opened = null;
      for (const [id, settle] of pending) {
        pending.delete(id);
        settle({ ok: false, error: { kind: 'network', message: 'The connection to the app host was lost.' } });
      }
    };
    ws.onmessage = (message) => {
      const data = JSON.parse(String(message.data)) as BridgeMessage;
      if (data.type === 'result') {
        pending.get(data.id)?.(data.result as Result<unknown>);
        pending.delete(data.id);
      } else if (data.type === 'result-ref') {
        const settle = pending.get(data.id);
        pending.delete(data.id);
        void fetchResult(data.ref).then((result) => settle?.(result));
      } else {
        listeners.get(data.event)?.forEach((listener) => listener(data.payload));
      }
    };
  });
  return opened;
}

/** A large result, over HTTP (protocol.ts, BRIDGE_RESULT_PATH). */
async function fetchResult(ref: string): Promise<Result<unknown>> {
  try {
    const response = await fetch(`${BRIDGE_RESULT_PATH}/${encodeURIComponent(ref)}`);
    if (!response.ok) throw new Error(String(response.status));
    return ((await response.json()) as { result: Result<unknown> }).result;
  } catch {
    return { ok: false, error: { kind: 'network', message: 'The connection to the app host was lost.' } };
  }
}

async function invoke(channel: string, input: unknown): Promise<Result<unknown>> {
  try {
    const ws = socket ?? (await connect());
    const id = nextId++;
    const request: BridgeRequest = { id, channel, input };
    return await new Promise((resolve) => {
      pending.set(id, resolve);
      ws.send(JSON.stringify(request));
    });
  } catch {
    return { ok: false, error: { kind: 'network', message: 'The app host cannot be reached.' } };
  }
}

// Open the socket as the page loads: Electron's ipc needs no connection, so the app's first calls
// (its preferences and session, asked before React renders) should not wait for one either.
void connect().catch(() => undefined);

/** window.api's calls, read off the contract by the host and put in this script when it bundled it (host.ts). */
declare const BRIDGE_EXPOSED_CALLS: ExposedCalls;

window.api = apiFromCalls(BRIDGE_EXPOSED_CALLS, invoke, (event, listener) => {
  const set = listeners.get(event) ?? new Set();
  set.add(listener);
  listeners.set(event, set);
  void connect().catch(() => undefined);
  return () => void set.delete(listener);
});

/**
 * The preload's drop call: in the browser a `File` has no path, so the host's stand-in supplies the file
 * a test queued; the page sends only the dropped file's name.
 */
const mediaKey = document.querySelector<HTMLMetaElement>(`meta[name="${BRIDGE_MEDIA_KEY_META}"]`)?.content ?? '';
const files: FilesApi = {
  grantDropped: async (file) => (await invoke(BRIDGE_DROP_CHANNEL, { name: file.name })) as Result<GrantView>,
  // Same origin as the page: the host streams it through the core like main's cc-media:// protocol,
  // for the holder of this run's key only (the host put it in the page).
  previewUrl: (src) => `${BRIDGE_MEDIA_PATH}?src=${encodeURIComponent(src)}&key=${encodeURIComponent(mediaKey)}`,
  bulkDropped: async (dropped) => (await invoke(BRIDGE_BULK_DROP_CHANNEL, { names: dropped.map((file) => file.name) })) as Result<BulkAddResult>,
  importDropped: async (dropped, target) => (await invoke(BRIDGE_IMPORT_DROP_CHANNEL, { names: dropped.map((file) => file.name), target })) as Result<ImportPreview>,
};
window.files = files;
