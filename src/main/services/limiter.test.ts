import { describe, expect, it } from 'vitest';
import { eachLimited, Limiter } from './limiter';

/** A piece of work the test finishes by hand. */
function gate<T = void>() {
  let open!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Limiter', () => {
  it('runs at most max at once and starts the waiting ones in order as places free', async () => {
    const limiter = new Limiter(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const done = gates.map((g, i) =>
      limiter.run(() => {
        started.push(i);
        return g.promise;
      }),
    );
    expect(started).toEqual([0, 1]);
    expect(limiter.active).toBe(2);
    expect(limiter.pending).toBe(2);
    gates[1]!.open();
    await turn();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    await turn();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(limiter.pending).toBe(0);
    gates[2]!.open();
    gates[3]!.open();
    await Promise.all(done);
    expect(limiter.active).toBe(0);
  });

  it('starts work in the same turn when a place is free', () => {
    const limiter = new Limiter(1);
    let started = false;
    void limiter.run(async () => {
      started = true;
    });
    expect(started).toBe(true);
  });

  it('settles with the work: its value, or its failure (thrown or rejected), and a failure frees its place', async () => {
    const limiter = new Limiter(1);
    const thrown = limiter.run(() => {
      throw new Error('thrown');
    });
    const rejected = limiter.run(() => Promise.reject(new Error('rejected')));
    const value = limiter.run(() => 42);
    await expect(thrown).rejects.toThrow('thrown');
    await expect(rejected).rejects.toThrow('rejected');
    await expect(value).resolves.toBe(42);
  });

  it('idle() resolves once nothing runs or waits', async () => {
    const limiter = new Limiter(1);
    await limiter.idle();
    const a = gate();
    const b = gate();
    void limiter.run(() => a.promise);
    void limiter.run(() => b.promise);
    let idle = false;
    void limiter.idle().then(() => (idle = true));
    a.open();
    await turn();
    expect(idle).toBe(false);
    b.open();
    await turn();
    expect(idle).toBe(true);
  });

  it('refuses a limit below one or not whole', () => {
    expect(() => new Limiter(0)).toThrow(RangeError);
    expect(() => new Limiter(1.5)).toThrow(RangeError);
  });
});

describe('eachLimited', () => {
  it('runs every item, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await turn();
      seen.push(n);
      running -= 1;
    });
    expect(most).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('rejects with the first failure after every item has settled', async () => {
    const seen: number[] = [];
    const run = eachLimited([1, 2, 3], 1, async (n) => {
      seen.push(n);
      if (n === 1) throw new Error('first');
    });
    await expect(run).rejects.toThrow('first');
    expect(seen).toEqual([1, 2, 3]);
  });
});
