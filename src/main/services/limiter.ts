/**
 * At most `max` pieces of async work at once, the rest waiting in the order they came (the bulk
 * queue's media probes, bulk actions, the course health check). A piece of work is a function that
 * starts it, so that nothing begins before its turn.
 */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly idleWaiters: (() => void)[] = [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`A limiter runs at least one piece of work at once (got ${max}).`);
  }

  /** Pieces running now. */
  get active(): number {
    return this.running;
  }

  /** Pieces waiting for their turn. */
  get pending(): number {
    return this.waiting.length;
  }

  /** Runs `work` when a place is free (at once when one is); settles as the work does. */
  run<T>(work: () => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running += 1;
        let started: Promise<T>;
        try {
          // Started in this turn (not a microtask later): a place given is a place used.
          started = Promise.resolve(work());
        } catch (error) {
          started = Promise.reject(error);
        }
        started.then(resolve, reject).finally(() => this.finished());
      };
      if (this.running < this.max) start();
      else this.waiting.push(start);
    });
  }

  /** Resolves when nothing runs or waits (at once when the limiter is idle already). */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private finished(): void {
    this.running -= 1;
    const next = this.waiting.shift();
    if (next) next();
    else if (this.running === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}

/** Runs `work` on each item, at most `limit` at once, in the items' order; rejects with the first failure once every item settled. */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const limiter = new Limiter(limit);
  const settled = await Promise.allSettled(items.map((item) => limiter.run(() => work(item))));
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) throw failure.reason;
}
