// The kept lists' loads (DESIGN section 12): each list (and input) loaded once into the worker however
// many screens ask, its bytes handed over as they arrive with backpressure, a later open refreshed
// behind the kept one, and a load dropped when its list is invalidated.
import type { Worker } from 'node:worker_threads';
import type { CallDef } from '../../../shared/api/contract';
import { listDef, type ListName } from '../../../shared/lists';
import { fail, ok, type Result } from '../../../shared/result';
import { streamFailureMessage } from '../transport';
import { GONE } from './protocol';
import { createWorkerClient, type Ask, type WorkerClient } from './worker-client';

/** Bytes of a list answer main hands the worker before it waits for the worker to catch up. */
const IN_FLIGHT = 8 * 2 ** 20;
/** A list's connection that ended without a reason of its own. */
const LOST = 'The connection was lost while the list arrived. Please try again.';

export interface LoadsDeps {
  /** The list call's 2xx body as its bytes arrive (the worker parses them); a failure as the generic call reports it. */
  fetchBody(def: CallDef, input: Record<string, unknown>, label: string): Promise<Result<ReadableStream<Uint8Array>>>;
  spawn?: () => Worker;
  /** A later open refreshes a kept list loaded longer ago than this (default 30 s; opens in a row share one list). */
  refreshAfterMs?: number;
  log(message: string, details?: Record<string, unknown>): void;
}

export interface Kept {
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

/** The joins of a list (small, whole), read before the list; a failure as the call reports it. */
async function fetchJoins(fetchBody: LoadsDeps['fetchBody'], list: ListName): Promise<Result<Record<string, ArrayBuffer>>> {
  const bodies: Record<string, ArrayBuffer> = {};
  for (const [name, call] of Object.entries(listDef(list).joins ?? {})) {
    const answer = await fetchBody(call, {}, `${call.service}${call.path} (list window)`);
    if (!answer.ok) return answer;
    try {
      bodies[name] = await readAll(answer.data);
    } catch (error) {
      return fail('network', streamFailureMessage(error, LOST));
    }
  }
  return ok(bodies);
}

/** Hands the list's bytes to the worker as they arrive, until the end or until the load is stale. */
async function streamInto(worker: WorkerClient, key: string, body: ReadableStream<Uint8Array>, stale: () => boolean): Promise<void> {
  const reader = body.getReader();
  let posted = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // Dropped meanwhile (a mutation, sign-out): no use reading on.
    if (stale() || !worker.running) {
      await reader.cancel().catch(() => undefined);
      break;
    }
    const bytes = own(value);
    worker.post({ type: 'chunk', key, bytes });
    // Backpressure: at most IN_FLIGHT bytes wait in the worker; then main stops reading (and the
    // server stops sending) until the worker has caught up. (Letting main read on while the worker
    // parses the previous IN_FLIGHT bytes, or 32 MB of them, loaded a million learners no sooner and
    // held more.)
    posted += bytes.byteLength;
    if (posted >= IN_FLIGHT) {
      posted = 0;
      await worker.ask({ type: 'ack' });
    }
  }
}

/** The key of a list and its call's input (a kept list each). */
export const keptKey = (list: ListName, input: Record<string, unknown>): string => `${list} ${JSON.stringify(input)}`;

export function createLoads(deps: LoadsDeps) {
  const kept = new Map<string, Kept>();
  let version = 0;
  const worker = createWorkerClient({
    spawn: deps.spawn,
    log: deps.log,
    onFailedLoad: (workerKey) => {
      for (const [key, entry] of kept) if (entry.workerKey === workerKey) kept.delete(key);
    },
    onStopped: () => kept.clear(),
  });

  function drop(keys: string[]): void {
    if (keys.length > 0) worker.postIfRunning({ type: 'drop', keys });
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
      if (!result.ok) worker.postIfRunning({ type: 'fail', key, error: result.error });
      return result;
    };
    const joins = await fetchJoins(deps.fetchBody, entry.list);
    if (!joins.ok) return failed(joins);
    const body = await deps.fetchBody(def.call, input, `${def.call.service}${def.call.path} (list window)`);
    if (!body.ok) return failed(body);
    worker.post({ type: 'joins', key, joins: joins.data }, Object.values(joins.data));
    try {
      await streamInto(worker, key, body.data, stale);
    } catch (error) {
      // A stalled or oversized answer says so (its stream is bounded by the http client).
      return failed(fail('network', streamFailureMessage(error, LOST)));
    }
    return worker.ask<{ total: number }>({ type: 'end', key });
  }

  /** A load of a list into the worker under a new key (its entry is not kept yet). */
  function startLoad(key: string, list: ListName): Kept {
    version += 1;
    const workerKey = `${key} #${version}`;
    // The worker learns of the load at once: queries may wait there for its first rows.
    worker.post({ type: 'begin', key: workerKey, list, version });
    return { key, list, workerKey, ready: Promise.resolve(ok({ total: 0 })), done: false, loadedAt: 0, refresh: null };
  }

  /** The kept list of a call and input, loaded once however many screens ask at the same time. */
  function keep(list: ListName, input: Record<string, unknown>): Kept {
    const key = keptKey(list, input);
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

  return {
    worker,
    keep,
    refreshBehind,
    /** The kept list of a call and input, if one is kept (not loading one). */
    current: (list: ListName, input: Record<string, unknown>): Kept | undefined => kept.get(keptKey(list, input)),

    /**
     * Asks the worker about the kept list of a call and input, loading it when it is not kept. The worker
     * answers as soon as it can (a window in the list's order once its rows arrived). A load dropped
     * meanwhile (a mutation) answers GONE: the query goes to the newer load instead (a few times at most).
     */
    async askKept<O>(list: ListName, input: Record<string, unknown>, request: (workerKey: string) => Ask): Promise<Result<O>> {
      for (let attempt = 0; ; attempt++) {
        const entry = keep(list, input);
        const answer = await worker.ask<O>(request(entry.workerKey));
        if (answer.ok || answer.error.message !== GONE || attempt >= 3) return answer;
      }
    },

    /** Drops the kept lists the test names: the next query loads them again. */
    invalidate(which: (list: ListName) => boolean): void {
      const keys: string[] = [];
      for (const [key, entry] of kept) {
        if (!which(entry.list)) continue;
        kept.delete(key);
        keys.push(entry.workerKey);
      }
      drop(keys);
    },
  };
}
export type Loads = ReturnType<typeof createLoads>;
