import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { earlyListWorker } from './early-worker';
import { createWindows } from './windows';
import { spawnListWorker } from './worker-client';
import { ok } from '../../../shared/result';
import { Session } from '../session';
import { memoryTokenStore } from '../token-stores';

// The real worker thread (started from source through tsx); `start` only counts the starts.
const started: Worker[] = [];
const counting = () => {
  const w = spawnListWorker();
  started.push(w);
  return w;
};
afterEach(async () => {
  await Promise.all(started.splice(0).map((w) => w.terminate()));
});

const answered = (w: Worker) =>
  new Promise<unknown>((resolve) => {
    w.once('message', resolve);
    w.postMessage({ type: 'memory', id: 7 });
  });

describe('earlyListWorker', () => {
  it('hands the worker it started early to the list windows, and starts no second one', async () => {
    const early = earlyListWorker(counting);
    early.warm();
    early.warm();
    expect(started).toHaveLength(1);
    const taken = early.spawn();
    expect(taken).toBe(started[0]);
    expect(await answered(taken)).toMatchObject({ id: 7, ok: true });
    // Once the windows have theirs, a new session starts nothing.
    early.warm();
    expect(started).toHaveLength(1);
  });

  it('starts a worker at the windows’ ask when none was started early, and a new one after a failure', () => {
    const early = earlyListWorker(counting);
    const first = early.spawn();
    const second = early.spawn();
    expect(started).toEqual([first, second]);
    expect(first).not.toBe(second);
  });

  it('ends a worker started early that the windows never took', async () => {
    const early = earlyListWorker(counting);
    early.warm();
    const exited = new Promise((resolve) => started[0]!.once('exit', resolve));
    await early.close();
    await exited;
  });

  it('serves the list windows their first window from the worker started with the session', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'early-worker-'));
    try {
      const early = earlyListWorker(counting);
      const session = new Session(memoryTokenStore('test'), dir);
      session.onSignedIn = () => early.warm();
      await session.start('http://127.0.0.1:1', { id: 'a1', name: 'Ada', email: 'ada@example.org', role: 'Admin' }, 'token');
      expect(started).toHaveLength(1);
      const users = [{ _id: 'l1', userInfo: { mobileNumber: '9800000001', loginTime: '2026-11-20T10:00:00.000Z', preferredLanguage: 'Hindi', token: 't1' }, currentProgress: { progress: 5, moduleId: '' } }];
      const windows = createWindows({
        fetchBody: async () => ok(new Blob([JSON.stringify({ error: false, message: 'ok', users })]).stream()),
        spawn: early.spawn,
        log: () => undefined,
      });
      const answer = await windows.window({ list: 'learners', view: 'v', search: '', filters: [], sort: null, offset: 0, limit: 20 });
      expect(answer).toMatchObject({ ok: true, data: { total: 1 } });
      expect(started).toHaveLength(1);
      await windows.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
