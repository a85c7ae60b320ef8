import type { QueryKey } from '@tanstack/react-query';
import { LISTS, type ListName } from '../../shared/lists';
import { OVERTAKEN, type WindowAnswer, type WindowView } from '../../shared/windows';
import { ApiError, unwrap } from './api';
import { callKey, invoke, type CallId } from './calls';

/**
 * A list main keeps and serves by window (DESIGN section 12): the table asks for the rows it shows.
 * `input` is the list call's input (the library's server-side filter).
 */
export interface WindowSource {
  list: ListName;
  input?: Record<string, string | number>;
}

/**
 * A list main keeps outside the list worker (the bulk queue), served by window through its own call:
 * `key` is the TanStack key its windows go under (the screen invalidates it when the list changes).
 */
export interface LocalWindowSource<T = unknown> {
  key: QueryKey;
  fetch(view: WindowView): Promise<WindowAnswer<T>>;
}

export type AnyWindowSource = WindowSource | LocalWindowSource;

const isLocal = (source: AnyWindowSource): source is LocalWindowSource => 'fetch' in source;

/**
 * The query key of a window: under the key of the call the registry names for its list (`queryCall`), so
 * that call's invalidations reach it.
 */
export function windowKey(source: AnyWindowSource, view?: WindowView): QueryKey {
  const base = isLocal(source) ? source.key : [...callKey(LISTS[source.list].queryCall as CallId, source.input ?? {}), 'window'];
  return [...base, ...(view ? [view] : [])];
}

/** Asks main for a window; `viewId` names the table (main answers only its newest query). */
export function fetchWindow<T>(source: AnyWindowSource, viewId: string, view: WindowView): Promise<WindowAnswer<T>> {
  if (isLocal(source)) return source.fetch(view) as Promise<WindowAnswer<T>>;
  return unwrap(invoke('windows.query', { list: source.list, input: source.input, view: viewId, ...view })) as Promise<WindowAnswer<T>>;
}

/** The table is gone: main forgets its view (a local source keeps none). */
export const forgetWindowView = (source: AnyWindowSource, viewId: string) => (isLocal(source) ? undefined : void invoke('windows.forget', { view: viewId }));

/** The label a window's arrival is marked with (the benches' timings). */
export const windowLabel = (source: AnyWindowSource) => `window:${isLocal(source) ? String(source.key[0]) : source.list}`;

/** Main dropped the query because a newer one of the same table replaced it. */
export const isOvertaken = (error: unknown): boolean => error instanceof ApiError && error.kind === 'cancelled' && error.message === OVERTAKEN;

/** Retry: main fetches the list again at the next window. */
export const refreshWindow = async (source: AnyWindowSource) => (isLocal(source) ? undefined : invoke('windows.refresh', { list: source.list }));
