import { channelOf } from './contract';
import type { ApiEventName, Api } from './index';
import type { Result } from '../result';

export type Invoke = (channel: string, input: unknown) => Promise<Result<unknown>>;
export type Subscribe = (event: ApiEventName, listener: (payload: unknown) => void) => () => void;
/** Each service group's exposed calls by name: window.api's shape as data (build-api.ts reads it off the contract). */
export type ExposedCalls = Readonly<Record<string, readonly string[]>>;

/**
 * window.api from its calls: one function per call, each an invoke on its own channel. Kept apart from
 * the contract's tables so that the browser bridge's client, which gets the calls from its host, loads none
 * of the schemas (a tenth of a second of every page load in the walks).
 */
export function apiFromCalls(calls: ExposedCalls, invoke: Invoke, subscribe: Subscribe): Api {
  const api: Record<string, unknown> = {};
  for (const [group, names] of Object.entries(calls)) {
    const fns: Record<string, (input?: unknown) => Promise<Result<unknown>>> = {};
    for (const name of names) {
      const channel = channelOf(group, name);
      fns[name] = (input?: unknown) => invoke(channel, input ?? {});
    }
    api[group] = Object.freeze(fns);
  }
  api.on = subscribe;
  return Object.freeze(api) as unknown as Api;
}
