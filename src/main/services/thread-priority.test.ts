import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MediaFactsService, mediaWorkerCount } from './media-facts';
import { lowerThisThreadPriority, WORKER_NICE } from './thread-priority';

/** The nice value of each thread of this process, from /proc (field 19 of a task's stat, after the name's closing parenthesis). */
function niceByThread(): Map<number, number> {
  const nice = new Map<number, number>();
  for (const task of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      nice.set(Number(task), Number(fields[16]));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return nice;
}

describe('the media workers run below main', () => {
  it('does nothing where a process has one priority', () => {
    expect(lowerThisThreadPriority(WORKER_NICE, 'darwin')).toBeNull();
    expect(lowerThisThreadPriority(WORKER_NICE, 'win32')).toBeNull();
  });

  it.runIf(process.platform === 'linux')('each media worker lowers its own thread on Linux, and main keeps its priority', async () => {
    const lowered = () => [...niceByThread()].filter(([, nice]) => nice === WORKER_NICE).map(([id]) => id);
    // Threads lowered before (media workers another test of this process left running) are not this service's.
    const before = new Set(lowered());
    expect(niceByThread().get(process.pid)).toBe(0);
    const service = new MediaFactsService();
    try {
      service.warm();
      let mine: number[] = [];
      for (let tries = 0; tries < 200 && mine.length < service.counts.started; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        mine = lowered().filter((id) => !before.has(id));
      }
      // One thread per worker warm() started: the worker's own (not its V8 helpers, not libuv's pool, which main shares).
      expect(service.counts.started).toBeGreaterThan(0);
      expect(mine).toHaveLength(service.counts.started);
      expect(mine).not.toContain(process.pid);
      expect(niceByThread().get(process.pid)).toBe(0);
    } finally {
      await service.close();
    }
  });
});

describe('how many media workers read at once', () => {
  it('two on Linux from two cores (they run below main); a core kept free for main elsewhere', () => {
    expect(mediaWorkerCount(1, 'linux')).toBe(1);
    expect(mediaWorkerCount(2, 'linux')).toBe(2);
    expect(mediaWorkerCount(16, 'linux')).toBe(2);
    expect(mediaWorkerCount(1, 'win32')).toBe(1);
    expect(mediaWorkerCount(2, 'win32')).toBe(1);
    expect(mediaWorkerCount(2, 'darwin')).toBe(1);
    expect(mediaWorkerCount(3, 'darwin')).toBe(2);
    expect(mediaWorkerCount(8, 'win32')).toBe(2);
  });
});
