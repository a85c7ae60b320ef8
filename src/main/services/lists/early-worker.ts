import type { Worker } from 'node:worker_threads';
import { spawnListWorker } from './worker-client';

/**
 * The list worker started ahead of the first list: once someone is signed in (a list screen comes
 * next), not at a screen's first open, whose wait it was most of (a thread and its code: about 1 s
 * built and 2 s from source on a busy 2-core machine, measured 2026-12-05). The list windows take it
 * through `spawn` once; a later spawn (after a worker failed) starts a new one, as before.
 */
export function earlyListWorker(start: () => Worker = spawnListWorker) {
  let early: Worker | null = null;
  let handedOut = false;
  return {
    /** Starts the worker in the background unless it is started already. */
    warm(): void {
      if (early || handedOut) return;
      const w = start();
      // Idle, it must not keep the process alive (the list windows unref theirs too).
      w.unref();
      w.once('exit', () => {
        if (early === w) early = null;
      });
      early = w;
    },
    /** For the list windows: the early worker when there is one, else a new one. */
    spawn(): Worker {
      handedOut = true;
      const w = early ?? start();
      early = null;
      return w;
    },
    /** Ends a worker started early that the list windows never took. */
    async close(): Promise<void> {
      const w = early;
      early = null;
      if (w) await w.terminate();
    },
  };
}
