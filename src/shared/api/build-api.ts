import { channelOf, type ApiEventName, type Api } from './index';
import { contract, local } from './index';
import type { Result } from '../result';

export type Invoke = (channel: string, input: unknown) => Promise<Result<unknown>>;
export type Subscribe = (event: ApiEventName, listener: (payload: unknown) => void) => () => void;

/**
 * Builds window.api from the contract tables: the preload passes Electron's ipc, the browser bridge a
 * WebSocket. Only exposed calls get a function.
 */
export function buildApi(invoke: Invoke, subscribe: Subscribe): Api {
  const api: Record<string, unknown> = {};
  const tables = { ...contract, ...local } as Record<string, Record<string, { exposed?: boolean }>>;
  for (const [group, calls] of Object.entries(tables)) {
    const fns: Record<string, (input?: unknown) => Promise<Result<unknown>>> = {};
    for (const [name, def] of Object.entries(calls)) {
      if (def.exposed === false) continue;
      const channel = channelOf(group, name);
      fns[name] = (input?: unknown) => invoke(channel, input ?? {});
    }
    api[group] = Object.freeze(fns);
  }
  api.on = subscribe;
  return Object.freeze(api) as unknown as Api;
}

/** Every channel the renderer may invoke: what main registers and what the bridge accepts. */
export function exposedChannels(): string[] {
  const tables = { ...contract, ...local } as Record<string, Record<string, { exposed?: boolean }>>;
  return Object.entries(tables).flatMap(([group, calls]) =>
    Object.entries(calls)
      .filter(([, def]) => def.exposed !== false)
      .map(([name]) => channelOf(group, name)),
  );
}
