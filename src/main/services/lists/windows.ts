// Main's list windows (DESIGN section 12), the facade of the kept lists: what the ipc groups, the door's
// invalidations and the learners' tokens call. The parts: ./loads.ts (one load per list, backpressure,
// refresh behind), ./worker-client.ts (the worker's questions and answers), ./find.ts (Find anything),
// ./worker.ts (the worker itself: ./json-list-stream.ts reads, ./kept-list.ts answers, ./compact/ keeps).
import * as v from 'valibot';
import type { ServiceName } from '../../../shared/api/contract';
import { listDef, LIST_NAMES, type ListName } from '../../../shared/lists';
import { fail, ok, type Result } from '../../../shared/result';
import { OVERTAKEN, type WindowAnswer, type WindowQuery } from '../../../shared/windows';
import { createFind } from './find';
import { createLoads, type LoadsDeps } from './loads';

export type WindowsDeps = LoadsDeps;

interface ViewSlot {
  /** The newest query's number: an answer to an older one is dropped. */
  latest: number;
}

function inputOf(query: Pick<WindowQuery, 'list' | 'input'>): Result<Record<string, unknown>> {
  const parsed = v.safeParse(listDef(query.list).call.input, query.input ?? {});
  return parsed.success ? ok(parsed.output as Record<string, unknown>) : fail('validation', parsed.issues[0]?.message ?? 'Invalid list input.');
}

const overtaken = (): Result<never> => fail('cancelled', OVERTAKEN);

/**
 * Main's list windows. Main keeps each large list once, in a worker it owns, and answers `{ search,
 * filters, sort, offset, limit }` with `{ total, count, rows }`. Two screens of the same list (and input)
 * share it; a load in flight is shared too. `invalidate` drops kept lists (a mutation of their service,
 * a refetch): the next query loads them again. Of the queries of one view only the newest is answered:
 * an older one still running or waiting for the list resolves as 'cancelled' (OVERTAKEN), so no stale
 * window crosses to the renderer.
 */
export function createWindows(deps: WindowsDeps) {
  const loads = createLoads(deps);
  const views = new Map<string, ViewSlot>();

  return {
    /**
     * Find anything (Ctrl+K): the best records of every findable list for `text`, recent ones first. A
     * list not kept yet is loaded in the background and named in `loading` until it is whole.
     */
    find: createFind(loads),

    /** A window of a kept list; loads the list first when it is not kept. */
    async window(query: WindowQuery): Promise<Result<WindowAnswer>> {
      const opened = !views.has(query.view);
      const slot = views.get(query.view) ?? { latest: 0 };
      views.set(query.view, slot);
      const mine = ++slot.latest;
      const input = inputOf(query);
      if (!input.ok) return input;
      const { list, input: _input, view, ...rest } = query;
      // A table's first query is an open: a list kept whole is refreshed behind the answer.
      const current = loads.current(list, input.data);
      if (opened && current) loads.refreshBehind(current, input.data);
      const answer = await loads.askKept<WindowAnswer>(list, input.data, (key) => ({ type: 'window', key, view, query: rest }));
      if (slot.latest !== mine) return overtaken();
      const refreshing = answer.ok && loads.current(list, input.data)?.refresh;
      return refreshing ? ok({ ...answer.data, refreshing: true }) : answer;
    },

    /** A secret of a kept list (a learner's token by mobile key); loads the list when it is not kept, and waits for all of it. */
    async secret(list: ListName, lookup: string): Promise<Result<string | null>> {
      return loads.askKept<string | null>(list, {}, (key) => ({ type: 'secret', key, lookup }));
    },

    /** Drops the kept lists the test names (all when none is given): the next query loads them again. */
    invalidate(which: (list: ListName) => boolean = () => true): void {
      loads.invalidate(which);
    },

    /** The lists a call of this service feeds (the list itself or its joins): a mutation there invalidates them. */
    listsOfService(service: ServiceName): (list: ListName) => boolean {
      const hit = new Set(LIST_NAMES.filter((name) => {
        const def = listDef(name);
        return def.call.service === service || Object.values(def.joins ?? {}).some((c) => c.service === service);
      }));
      return (list) => hit.has(list);
    },

    /**
     * The worker's heap, its buffers outside the heap, the rows it keeps (the bench reports main's memory
     * per 100,000 rows), the fields ranked for sorts; `collect`: the heap after a full collection.
     */
    memory: (collect = false) => loads.worker.ask<{ heapUsed: number; buffers: number; storeBytes: number; lists: number; sortsReady: number }>({ type: 'memory', collect }),

    /** Resolves when a refresh behind the kept list (if one is on its way) has replaced it or failed. */
    async whenRefreshed(list: ListName, input: Record<string, unknown> = {}): Promise<void> {
      await loads.current(list, input)?.refresh;
    },

    /** Resolves when the kept list (loading now) is complete, with its total or why it failed. */
    async whenLoaded(list: ListName, input: Record<string, unknown> = {}): Promise<Result<{ total: number }>> {
      return loads.keep(list, input).ready;
    },

    /** Forgets every kept list and the views (sign-out) and stops the worker. */
    async close(): Promise<void> {
      const closing = loads.worker.close();
      views.clear();
      await closing;
    },

    /** Views that went away: their slots go (a screen unmounting says so). */
    forgetView(view: string): void {
      views.delete(view);
    },
  };
}

export type Windows = ReturnType<typeof createWindows>;
