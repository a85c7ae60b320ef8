import { channelOf, contract, local, type Api } from './index';
import { apiFromCalls, type ExposedCalls, type Invoke, type Subscribe } from './api-from-calls';

export type { Invoke, Subscribe, ExposedCalls };

/** Each group's exposed calls, read off the contract tables (calls marked `exposed: false` left out). */
export function exposedCalls(): ExposedCalls {
  const tables = { ...contract, ...local } as Record<string, Record<string, { exposed?: boolean }>>;
  return Object.fromEntries(Object.entries(tables).map(([group, calls]) => [group, Object.keys(calls).filter((name) => calls[name]?.exposed !== false)]));
}

/**
 * Builds window.api from the contract tables: the preload passes Electron's ipc, the browser bridge a
 * WebSocket. Only exposed calls get a function.
 */
export function buildApi(invoke: Invoke, subscribe: Subscribe): Api {
  return apiFromCalls(exposedCalls(), invoke, subscribe);
}

/** Every channel the renderer may invoke: what main registers and what the bridge accepts. */
export function exposedChannels(): string[] {
  return Object.entries(exposedCalls()).flatMap(([group, names]) => names.map((name) => channelOf(group, name)));
}
