import { Worker } from 'node:worker_threads';
import * as v from 'valibot';
import type { CallDef, ServiceName } from '../../shared/api/contract';
import { listDef, LIST_NAMES, OVERTAKEN, type ListName, type WindowAnswer, type WindowQuery } from '../../shared/lists';
import { fail, ok, type Result } from '../../shared/result';
import type { WorkerReply, WorkerRequest } from './list-worker';

/**
 * Starts the list worker: from its TypeScript source where main runs from source (the bridge host under
 * tsx, vitest), else the bundled `list-worker.js` next to main's bundle (electron.vite.config.ts).
 */
export function spawnListWorker(): Worker {
  const here = import.meta.url;
  // Names in variables: bundlers leave `new URL(variable, import.meta.url)` alone.
  const boot = './list-worker-tsx.mjs';
  const source = './list-worker.ts';
  const built = './list-worker.js';
  if (here.endsWith('.ts')) return new Worker(new URL(boot, here), { workerData: { entry: new URL(source, here).href } });
  return new Worker(new URL(built, here));
}

export interface WindowsDeps {
  /** The list call's 2xx body, unparsed (the worker parses it); a failure as the generic call reports it. */
  fetchBody(def: CallDef, input: Record<string, unknown>, label: string): Promise<Result<ArrayBuffer>>;
  spawn?: () => Worker;
  log(message: string, details?: Record<string, unknown>): void;
}

interface Kept {
  key: string;
  list: ListName;
  /** The worker's key: the list, its input and the load's version (a dropped load never comes back). */
  workerKey: string;
  ready: Promise<Result<{ total: number }>>;
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
        if (reply.issues) deps.log('list answer refused', { issues: reply.issues });
        resolve({ ok: false, error: reply.error });
      });
      w.postMessage({ ...request, id }, transfer);
    });
  }

  function drop(keys: string[]): void {
    if (keys.length > 0) worker?.postMessage({ type: 'drop', keys } satisfies WorkerRequest);
  }

  async function load(list: ListName, input: Record<string, unknown>, workerKey: string, loadVersion: number): Promise<Result<{ total: number }>> {
    const def = listDef(list);
    const joins = Object.entries(def.joins ?? {});
    const [body, ...joined] = await Promise.all([
      deps.fetchBody(def.call, input, `${def.call.service}${def.call.path} (list window)`),
      ...joins.map(([, call]) => deps.fetchBody(call, {}, `${call.service}${call.path} (list window)`)),
    ]);
    if (!body!.ok) return body!;
    const bodies: Record<string, ArrayBuffer> = {};
    for (let i = 0; i < joins.length; i++) {
      const answer = joined[i]!;
      if (!answer.ok) return answer;
      bodies[joins[i]![0]] = answer.data;
    }
    return ask<{ total: number }>({ type: 'load', key: workerKey, list, version: loadVersion, body: body!.data, joins: bodies }, [body!.data, ...Object.values(bodies)]);
  }

  /** The kept list of a call and input, loaded once however many screens ask at the same time. */
  function keep(list: ListName, input: Record<string, unknown>): Kept {
    const key = `${list} ${JSON.stringify(input)}`;
    const current = kept.get(key);
    if (current) return current;
    version += 1;
    const workerKey = `${key} #${version}`;
    const entry: Kept = { key, list, workerKey, ready: load(list, input, workerKey, version) };
    kept.set(key, entry);
    void entry.ready.then((result) => {
      // A failed load is not kept (the next query tries again); one invalidated meanwhile is dropped.
      if (kept.get(key) !== entry) drop([workerKey]);
      else if (!result.ok) kept.delete(key);
    });
    return entry;
  }

  function inputOf(query: Pick<WindowQuery, 'list' | 'input'>): Result<Record<string, unknown>> {
    const parsed = v.safeParse(listDef(query.list).call.input, query.input ?? {});
    return parsed.success ? ok(parsed.output as Record<string, unknown>) : fail('validation', parsed.issues[0]?.message ?? 'Invalid list input.');
  }

  const overtaken = (): Result<never> => fail('cancelled', OVERTAKEN);

  /**
   * The kept list, loaded. A load invalidated while in flight (a mutation meanwhile) is stale: the
   * caller waits for the newer one instead (a few times at most).
   */
  async function loaded(list: ListName, input: Record<string, unknown>): Promise<Result<Kept>> {
    for (let attempt = 0; ; attempt++) {
      const entry = keep(list, input);
      const ready = await entry.ready;
      if (!ready.ok) return ready;
      if (kept.get(entry.key) === entry || attempt >= 3) return ok(entry);
    }
  }

  return {
    /** A window of a kept list; loads the list first when it is not kept. */
    async window(query: WindowQuery): Promise<Result<WindowAnswer>> {
      const slot = views.get(query.view) ?? { latest: 0 };
      views.set(query.view, slot);
      const mine = ++slot.latest;
      const input = inputOf(query);
      if (!input.ok) return input;
      const entry = await loaded(query.list, input.data);
      if (slot.latest !== mine) return overtaken();
      if (!entry.ok) return entry;
      const { list: _list, input: _input, view, ...rest } = query;
      const answer = await ask<WindowAnswer>({ type: 'window', key: entry.data.workerKey, view, query: rest });
      return slot.latest !== mine ? overtaken() : answer;
    },

    /** A secret of a kept list (a learner's token by mobile key); loads the list when it is not kept. */
    async secret(list: ListName, lookup: string): Promise<Result<string | null>> {
      const entry = await loaded(list, {});
      if (!entry.ok) return entry;
      return ask<string | null>({ type: 'secret', key: entry.data.workerKey, lookup });
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

    /** The worker's heap and the rows it keeps (the bench reports main's memory per 100,000 rows). */
    memory: () => ask<{ heapUsed: number; lists: number }>({ type: 'memory' }),

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
