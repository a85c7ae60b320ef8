// Main's side of the list worker (./worker.ts): starts it on first use, numbers the questions asked of
// it and routes each reply to its asker. A worker that stops fails every question still open.
import { Worker } from 'node:worker_threads';
import { ok, type Result } from '../../../shared/result';
import type { WorkerReply, WorkerRequest } from './protocol';
import { startSourceWorker } from '../source-worker';

/**
 * Starts the list worker: the bundled `list-worker.js` next to main's bundle (electron.vite.config.ts), or,
 * where main runs from source (the bridge host under tsx, vitest), one made from its TypeScript source
 * (../source-worker.ts).
 */
export function spawnListWorker(): Worker {
  const here = import.meta.url;
  // Names in variables: bundlers leave `new URL(variable, import.meta.url)` alone.
  const source = './worker.ts';
  const built = './list-worker.js';
  if (here.endsWith('.ts')) return startSourceWorker(new URL(source, here));
  return new Worker(new URL(built, here));
}

type Request = Extract<WorkerRequest, { id: number }>;
/** A question for the worker, without its number (the client numbers it). */
export type Ask = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

export interface WorkerClientDeps {
  spawn?: () => Worker;
  log(message: string, details?: Record<string, unknown>): void;
  /** The worker refused a load as it arrived (a broken answer): main forgets it. */
  onFailedLoad(workerKey: string): void;
  /** The worker stopped: everything it kept is gone. */
  onStopped(): void;
}

export function createWorkerClient(deps: WorkerClientDeps) {
  const spawn = deps.spawn ?? spawnListWorker;
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, (reply: WorkerReply) => void>();

  function stopped(message: string): void {
    deps.log('list worker stopped', { error: message });
    worker = null;
    deps.onStopped();
    for (const resolve of pending.values()) resolve({ id: 0, ok: false, error: { kind: 'network', message: 'The list could not be kept. Please try again.' } });
    pending.clear();
  }

  function ensure(): Worker {
    if (worker) return worker;
    const w = spawn();
    w.unref();
    w.on('message', (reply: WorkerReply) => {
      if ('failedKey' in reply) {
        // A broken answer: the load is not kept (the next query loads again) and reading it stops.
        deps.onFailedLoad(reply.failedKey);
        return;
      }
      const resolve = pending.get(reply.id);
      pending.delete(reply.id);
      resolve?.(reply);
    });
    w.on('error', (error) => stopped(error.message));
    w.on('exit', (code) => {
      if (worker === w) stopped(`exit ${code}`);
    });
    worker = w;
    return w;
  }

  return {
    /** Whether the worker runs (a load reading on without one stops). */
    get running(): boolean {
      return worker !== null;
    },

    /** Tells the worker something that needs no answer (starting it when it does not run). */
    post(message: Exclude<WorkerRequest, { id: number }>, transfer: ArrayBuffer[] = []): void {
      ensure().postMessage(message, transfer);
    },

    /** Tells the worker something only if it runs (a drop, a failed load: nothing to say to a new one). */
    postIfRunning(message: Exclude<WorkerRequest, { id: number }>): void {
      worker?.postMessage(message);
    },

    /** Asks the worker and resolves with its answer (a refusal's issues are logged, never shown). */
    ask<O>(request: Ask, transfer: ArrayBuffer[] = []): Promise<Result<O>> {
      const w = ensure();
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, (reply) => {
          if (reply.ok) return resolve(ok(reply.data as O));
          if ('issues' in reply && reply.issues) deps.log('list answer refused', { issues: reply.issues });
          resolve({ ok: false, error: reply.error });
        });
        w.postMessage({ ...request, id }, transfer);
      });
    },

    /** Stops the worker: every open question fails, everything kept is forgotten. */
    async close(): Promise<void> {
      const w = worker;
      stopped('closed');
      if (w) await w.terminate();
    },
  };
}
export type WorkerClient = ReturnType<typeof createWorkerClient>;
