import { Worker } from 'node:worker_threads';
import * as v from 'valibot';
import type { CallDef, ServiceName } from '../../../shared/api/contract';
import { listDef, LIST_NAMES, type ListName } from '../../../shared/lists';
import { OVERTAKEN, type WindowAnswer, type WindowQuery } from '../../../shared/windows';
import { fail, ok, type Result } from '../../../shared/result';
import { GONE, type WorkerReply, type WorkerRequest } from './worker';
import { streamFailureMessage } from '../transport';
import { mergeFound, type FindAnswer, type Found } from '../../../shared/find';

/** The lists Find anything looks in: those that say how their records show (`find`). */
const FINDABLE = LIST_NAMES.filter((name) => listDef(name).find);
/** A list that could not be loaded for Find anything is tried again after this long. */
const FIND_RETRY_MS = 30_000;

/**
 * Starts the list worker: from its TypeScript source where main runs from source (the bridge host under
 * tsx, vitest), else the bundled `list-worker.js` next to main's bundle (electron.vite.config.ts).
 */
export function spawnListWorker(): Worker {
  const here = import.meta.url;
  // Names in variables: bundlers leave `new URL(variable, import.meta.url)` alone.
  const boot = '../tsx-worker.mjs';
  const source = './worker.ts';
  const built = './list-worker.js';
  if (here.endsWith('.ts')) return new Worker(new URL(boot, here), { workerData: { entry: new URL(source, here).href } });
  return new Worker(new URL(built, here));
}

/** Bytes of a list answer main hands the worker before it waits for the worker to catch up. */
const IN_FLIGHT = 8 * 2 ** 20;
/** A list's connection that ended without a reason of its own. */
const LOST = 'The connection was lost while the list arrived. Please try again.';

export interface WindowsDeps {
  /** The list call's 2xx body as its bytes arrive (the worker parses them); a failure as the generic call reports it. */
  fetchBody(def: CallDef, input: Record<string, unknown>, label: string): Promise<Result<ReadableStream<Uint8Array>>>;
  spawn?: () => Worker;
  /** A later open refreshes a kept list loaded longer ago than this (default 30 s; opens in a row share one list). */
  refreshAfterMs?: number;
  log(message: string, details?: Record<string, unknown>): void;
}

interface Kept {
  key: string;
  list: ListName;
  /** The worker's key: the list, its input and the load's version (a dropped load never comes back). */
  workerKey: string;
  ready: Promise<Result<{ total: number }>>;
  /** The load completed (the whole list is in the worker). */
  done: boolean;
  /** When it completed (performance.now()). */
  loadedAt: number;
  /** A newer load of the same list on its way behind this one (a later open refreshes it). */
  refresh: Promise<void> | null;
}

interface ViewSlot {
  /** The newest query's number: an answer to an older one is dropped. */
  latest: number;
}

/**
 * Main's list windows (DESIGN section 12). Main keeps each large list once, in a worker it owns, and
 * answers `{ search, filters, sort, offset, limit }` with `{ total, count, rows }`. Two screens of the
 * same list (and input) share it; a load in flight is shared too. `invalidate` drops kept lists (a
 * mutation of their service, a refetch): the next query loads them again. Of the queries of one view
 * only the newest is answered: an older one still running or waiting for the list resolves as
 * 'cancelled' (OVERTAKEN), so no stale window crosses to the renderer.
 */
export function createWindows(deps: WindowsDeps) {
  const spawn = deps.spawn ?? spawnListWorker;
  let worker: Worker | null = null;
  let nextId = 1;
  let version = 0;
  const pending = new Map<number, (reply: WorkerReply) => void>();
  const kept = new Map<string, Kept>();
  const views = new Map<string, ViewSlot>();

  function workerFailed(message: string): void {
    deps.log('list worker stopped', { error: message });
    worker = null;
    kept.clear();
    for (const resolve of pending.values()) resolve({ id: 0, ok: false, error: { kind: 'network', message: 'The list could not be kept. Please try again.' } });
    pending.clear();
  }

  function ensureWorker(): Worker {
    if (worker) return worker;
    const w = spawn();
    w.unref();
    w.on('message', (reply: WorkerReply) => {
      if ('failedKey' in reply) {
        // A broken answer: the load is not kept (the next query loads again) and reading it stops.
        for (const [key, entry] of kept) if (entry.workerKey === reply.failedKey) kept.delete(key);
        return;
      }
      const resolve = pending.get(reply.id);
      pending.delete(reply.id);
      resolve?.(reply);
    });
    w.on('error', (error) => workerFailed(error.message));
    w.on('exit', (code) => {
      if (worker === w) workerFailed(`exit ${code}`);
    });
    worker = w;
    return w;
  }

  type Request = Extract<WorkerRequest, { id: number }>;
  type Ask = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;
  function ask<O>(request: Ask, transfer: ArrayBuffer[] = []): Promise<Result<O>> {
    const w = ensureWorker();
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, (reply) => {
        if (reply.ok) return resolve(ok(reply.data as O));
        if ('issues' in reply && reply.issues) deps.log('list answer refused', { issues: reply.issues });
        resolve({ ok: false, error: reply.error });
      });
      w.postMessage({ ...request, id }, transfer);
    });
  }

  function drop(keys: string[]): void {
    if (keys.length > 0) worker?.postMessage({ type: 'drop', keys } satisfies WorkerRequest);
  }

  /**
   * A chunk's bytes as an ArrayBuffer of their own, for the worker. Posted as a copy, not transferred:
   * transferred chunks were freed long after the worker had read them (a fast server's 300 MB answer:
   * main's count of buffers reached 280 MB, and a million learners from PostgreSQL peaked at 665 MB RSS);
   * copied, 32 MB and 568 MB, and no slower (a copy costs a few ms per 100 MB).
   */
  const own = (chunk: Uint8Array): ArrayBuffer =>
    chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength && chunk.buffer instanceof ArrayBuffer ? chunk.buffer : (chunk.slice().buffer as ArrayBuffer);

  async function readAll(stream: ReadableStream<Uint8Array>): Promise<ArrayBuffer> {
    return new Response(stream).arrayBuffer();
  }

  /**
   * Loads a list into the worker as it arrives: its joins first (small, whole), then the list's bytes
   * chunk by chunk, so the worker answers the first window long before the answer is complete. The
   * joins are fetched before the list: a server that streams the list holding its database (PGlite)
   * would make them wait for the whole list otherwise.
   */
  async function load(entry: Kept, input: Record<string, unknown>, stale = () => kept.get(entry.key) !== entry): Promise<Result<{ total: number }>> {
    const def = listDef(entry.list);
    const key = entry.workerKey;
    const failed = (result: Result<never>): Result<never> => {
      if (!result.ok) worker?.postMessage({ type: 'fail', key, error: result.error } satisfies WorkerRequest);
      return result;
    };
    const bodies: Record<string, ArrayBuffer> = {};
    for (const [name, call] of Object.entries(def.joins ?? {})) {
      const answer = await deps.fetchBody(call, {}, `${call.service}${call.path} (list window)`);
      if (!answer.ok) return failed(answer);
      try {
        bodies[name] = await readAll(answer.data);
      } catch (error) {
        return failed(fail('network', streamFailureMessage(error, LOST)));
      }
    }
    const body = await deps.fetchBody(def.call, input, `${def.call.service}${def.call.path} (list window)`);
    if (!body.ok) return failed(body);
    ensureWorker().postMessage({ type: 'joins', key, joins: bodies } satisfies WorkerRequest, Object.values(bodies));
    const reader = body.data.getReader();
    let posted = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        // Dropped meanwhile (a mutation, sign-out): no use reading on.
        if (stale() || !worker) {
          await reader.cancel().catch(() => undefined);
          break;
        }
        const bytes = own(value);
        worker.postMessage({ type: 'chunk', key, bytes } satisfies WorkerRequest);
        // Backpressure: at most IN_FLIGHT bytes wait in the worker; then main stops reading (and the
        // server stops sending) until the worker has caught up. (Letting main read on while the worker
        // parses the previous IN_FLIGHT bytes, or 32 MB of them, loaded a million learners no sooner and
        // held more.)
        posted += bytes.byteLength;
        if (posted >= IN_FLIGHT) {
          posted = 0;
          await ask({ type: 'ack' });
        }
      }
    } catch (error) {
      // A stalled or oversized answer says so (its stream is bounded by the http client).
      return failed(fail('network', streamFailureMessage(error, LOST)));
    }
    return ask<{ total: number }>({ type: 'end', key });
  }

  /** A load of a list into the worker under a new key (its entry is not kept yet). */
  function startLoad(key: string, list: ListName): Kept {
    version += 1;
    const workerKey = `${key} #${version}`;
    // The worker learns of the load at once: queries may wait there for its first rows.
    ensureWorker().postMessage({ type: 'begin', key: workerKey, list, version } satisfies WorkerRequest);
    const entry: Kept = { key, list, workerKey, ready: Promise.resolve(ok({ total: 0 })), done: false, loadedAt: 0, refresh: null };
    return entry;
  }

  /** The kept list of a call and input, loaded once however many screens ask at the same time. */
  function keep(list: ListName, input: Record<string, unknown>): Kept {
    const key = `${list} ${JSON.stringify(input)}`;
    const current = kept.get(key);
    if (current) return current;
    const entry = startLoad(key, list);
    kept.set(key, entry);
    entry.ready = load(entry, input);
    void entry.ready.then((result) => {
      entry.done = result.ok;
      entry.loadedAt = performance.now();
      // A failed load is not kept (the next query tries again); one invalidated meanwhile is dropped.
      if (kept.get(key) !== entry) drop([entry.workerKey]);
      else if (!result.ok) kept.delete(key);
    });
    return entry;
  }

  /**
   * A later open of a kept list: it is answered from what main keeps at once, while a newer load comes
   * behind it; once that one is whole it replaces the kept one (its windows say `refreshing` until then).
   * A failed refresh keeps the list as it was.
   */
  function refreshBehind(entry: Kept, input: Record<string, unknown>): void {
    if (!entry.done || entry.refresh || kept.get(entry.key) !== entry) return;
    if (performance.now() - entry.loadedAt < (deps.refreshAfterMs ?? 30_000)) return;
    const next = startLoad(entry.key, entry.list);
    // Loads while it is not the kept entry: `load` reads on while the entry it is given is current.
    next.ready = load(next, input, () => kept.get(entry.key) !== entry);
    entry.refresh = next.ready.then((result) => {
      entry.refresh = null;
      if (result.ok && kept.get(entry.key) === entry) {
        next.done = true;
        next.loadedAt = performance.now();
        kept.set(entry.key, next);
        drop([entry.workerKey]);
      } else {
        if (!result.ok) deps.log('list refresh failed', { list: entry.list, error: result.error.message });
        drop([next.workerKey]);
      }
    });
  }

  function inputOf(query: Pick<WindowQuery, 'list' | 'input'>): Result<Record<string, unknown>> {
    const parsed = v.safeParse(listDef(query.list).call.input, query.input ?? {});
    return parsed.success ? ok(parsed.output as Record<string, unknown>) : fail('validation', parsed.issues[0]?.message ?? 'Invalid list input.');
  }

  const overtaken = (): Result<never> => fail('cancelled', OVERTAKEN);

  /**
   * Asks the worker about the kept list of a call and input, loading it when it is not kept. The worker
   * answers as soon as it can (a window in the list's order once its rows arrived). A load dropped
   * meanwhile (a mutation) answers GONE: the query goes to the newer load instead (a few times at most).
   */
  async function askKept<O>(list: ListName, input: Record<string, unknown>, request: (workerKey: string) => Ask): Promise<Result<O>> {
    for (let attempt = 0; ; attempt++) {
      const entry = keep(list, input);
      const answer = await ask<O>(request(entry.workerKey));
      if (answer.ok || answer.error.message !== GONE || attempt >= 3) return answer;
    }
  }

  /** Lists Find anything could not load: why, and when (tried again after FIND_RETRY_MS). */
  const findFailures = new Map<ListName, { message: string; at: number }>();

  return {
    /**
     * Find anything (Ctrl+K): the best records of every findable list for `text`, recent ones first. A
     * list not kept yet is loaded in the background and named in `loading` until it is whole.
     */
    async find(text: string, recent: readonly string[]): Promise<Result<FindAnswer>> {
      const loading: string[] = [];
      const failed: FindAnswer['failed'] = [];
      const asks: Promise<Found[]>[] = [];
      for (const list of FINDABLE) {
        const screen = listDef(list).find!.screen;
        const failure = findFailures.get(list);
        if (failure && performance.now() - failure.at < FIND_RETRY_MS) {
          failed.push({ screen, message: failure.message });
          continue;
        }
        findFailures.delete(list);
        const entry = keep(list, {});
        if (!entry.done) {
          loading.push(screen);
          void entry.ready.then((result) => {
            if (!result.ok) findFailures.set(list, { message: result.error.message, at: performance.now() });
          });
          continue;
        }
        const mine = recent.filter((key) => key.startsWith(`${list}:`)).map((key) => key.slice(list.length + 1));
        asks.push(
          askKept<Found[]>(list, {}, (key) => ({ type: 'find', key, text, recent: mine })).then((answer) => {
            if (answer.ok) return answer.data.map((found) => ({ ...found, list }));
            failed.push({ screen, message: answer.error.message });
            return [];
          }),
        );
      }
      const found = mergeFound(await Promise.all(asks), recent);
      return ok({ found, loading, failed });
    },

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
      const current = kept.get(`${list} ${JSON.stringify(input.data)}`);
      if (opened && current) refreshBehind(current, input.data);
      const answer = await askKept<WindowAnswer>(list, input.data, (key) => ({ type: 'window', key, view, query: rest }));
      if (slot.latest !== mine) return overtaken();
      const refreshing = answer.ok && kept.get(`${list} ${JSON.stringify(input.data)}`)?.refresh;
      return refreshing ? ok({ ...answer.data, refreshing: true }) : answer;
    },

    /** A secret of a kept list (a learner's token by mobile key); loads the list when it is not kept, and waits for all of it. */
    async secret(list: ListName, lookup: string): Promise<Result<string | null>> {
      return askKept<string | null>(list, {}, (key) => ({ type: 'secret', key, lookup }));
    },

    /** Drops the kept lists the test names (all when none is given): the next query loads them again. */
    invalidate(which: (list: ListName) => boolean = () => true): void {
      const keys: string[] = [];
      for (const [key, entry] of kept) {
        if (!which(entry.list)) continue;
        kept.delete(key);
        keys.push(entry.workerKey);
      }
      drop(keys);
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
    memory: (collect = false) => ask<{ heapUsed: number; buffers: number; storeBytes: number; lists: number; sortsReady: number }>({ type: 'memory', collect }),

    /** Resolves when a refresh behind the kept list (if one is on its way) has replaced it or failed. */
    async whenRefreshed(list: ListName, input: Record<string, unknown> = {}): Promise<void> {
      await kept.get(`${list} ${JSON.stringify(input)}`)?.refresh;
    },

    /** Resolves when the kept list (loading now) is complete, with its total or why it failed. */
    async whenLoaded(list: ListName, input: Record<string, unknown> = {}): Promise<Result<{ total: number }>> {
      return keep(list, input).ready;
    },

    /** Forgets every kept list and the views (sign-out) and stops the worker. */
    async close(): Promise<void> {
      const w = worker;
      workerFailed('closed');
      views.clear();
      if (w) await w.terminate();
    },

    /** Views that went away: their slots go (a screen unmounting says so). */
    forgetView(view: string): void {
      views.delete(view);
    },
  };
}
export type Windows = ReturnType<typeof createWindows>;
