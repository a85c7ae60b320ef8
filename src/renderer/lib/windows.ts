import type { QueryKey } from '@tanstack/react-query';
import { OVERTAKEN, type ListName, type WindowAnswer, type WindowView } from '../../shared/lists';
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

/** The call each kept list comes from: a mutation that invalidates that call refetches its windows. */
const LIST_CALLS: Record<ListName, CallId> = {
  questions: 'questionBank.questions',
  media: 'library.mediaList',
  mediaFiltered: 'library.media',
  learners: 'learners.list',
};

/** The query key of a window: under its call's key, so the call's invalidations reach it. */
export function windowKey(source: WindowSource, view?: WindowView): QueryKey {
  return [...callKey(LIST_CALLS[source.list], source.input ?? {}), 'window', ...(view ? [view] : [])];
}

/** Asks main for a window; `viewId` names the table (main answers only its newest query). */
export function fetchWindow<T>(source: WindowSource, viewId: string, view: WindowView): Promise<WindowAnswer<T>> {
  return unwrap(invoke('windows.query', { list: source.list, input: source.input, view: viewId, ...view })) as Promise<WindowAnswer<T>>;
}

/** Main dropped the query because a newer one of the same table replaced it. */
export const isOvertaken = (error: unknown): boolean => error instanceof ApiError && error.kind === 'cancelled' && error.message === OVERTAKEN;

/** Retry: main fetches the list again at the next window. */
export const refreshWindow = (source: WindowSource) => invoke('windows.refresh', { list: source.list });
