import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { WorkQueue } from './work-queue';

/** A scheduler run by hand: each `turn()` runs what was scheduled before it. */
function manual() {
  let next: (() => void)[] = [];
  return {
    later: (run: () => void) => void next.push(run),
    turn() {
      const now = next;
      next = [];
      for (const run of now) run();
      return now.length;
    },
  };
}

describe('WorkQueue', () => {
  it('runs items in order, one per turn', () => {
    const s = manual();
    const q = new WorkQueue(s.later);
    const ran: string[] = [];
    q.push('a', () => ran.push('a1'));
    q.push(null, () => ran.push('ack'));
    q.push('a', () => ran.push('a2'));
    expect(ran).toEqual([]);
    s.turn();
    expect(ran).toEqual(['a1']);
    while (s.turn() > 0);
    expect(ran).toEqual(['a1', 'ack', 'a2']);
    expect(q.length).toBe(0);
  });

  it("a drop forgets the dropped lists' items that have not run; items of no list and of other lists still run", () => {
    const s = manual();
    const q = new WorkQueue(s.later);
    const ran: string[] = [];
    q.push('old', () => ran.push('old1'));
    q.push('old', () => ran.push('old2'));
    q.push(null, () => ran.push('ack'));
    q.push('new', () => ran.push('new1'));
    q.push('old', () => ran.push('old3'));
    s.turn();
    expect(q.drop(['old'])).toBe(2);
    while (s.turn() > 0);
    expect(ran).toEqual(['old1', 'ack', 'new1']);
  });

  it('an item that throws does not stop the ones behind it', () => {
    const s = manual();
    const q = new WorkQueue(s.later);
    const ran: string[] = [];
    q.push('a', () => {
      throw new Error('broken');
    });
    q.push('a', () => ran.push('a2'));
    expect(() => s.turn()).toThrow('broken');
    while (s.turn() > 0);
    expect(ran).toEqual(['a2']);
  });

  it('by default a message that arrives while an item runs is handled before the next item', async () => {
    const q = new WorkQueue();
    const { port1, port2 } = new MessageChannel();
    const ran: string[] = [];
    port2.on('message', (keys: string[]) => {
      ran.push('drop');
      q.drop(keys);
    });
    // As in the worker: a run of one list's bytes, then an ack; main's drop is posted while the first runs.
    const finished = new Promise<void>((resolve) => {
      q.push('old', () => {
        ran.push('old1');
        port1.postMessage(['old']);
      });
      q.push('old', () => ran.push('old2'));
      q.push('old', () => ran.push('old3'));
      q.push(null, () => {
        ran.push('ack');
        resolve();
      });
    });
    await finished;
    port1.close();
    expect(ran).toEqual(['old1', 'drop', 'ack']);
  });
});
