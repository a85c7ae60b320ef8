import { appendFile, utimes } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../shared/result';
import { BULK_TEXT } from '../../../shared/schemas/bulk';
import { APP_TEXT } from '../../../shared/messages';
import { until } from './testing';
import { server, events, queueWith, callFor, states, item, readStore, useQueueHarness } from './queue-harness';

useQueueHarness();

describe('the scheduler', () => {
  it('never runs more than the concurrency, and uploads everything once', async () => {
    const { queue } = await queueWith(12);
    queue.setConcurrency(3);
    server.auto = () => 'store';
    queue.start();
    await until(() => states(queue).every((s) => s === 'done'), 'all done');
    expect(server.maxActive).toBe(3);
    expect(server.records).toHaveLength(12);
    expect(new Set(server.calls.map((c) => c.item.id)).size).toBe(12);
    expect(() => queue.setConcurrency(7)).toThrow(RangeError);
    expect(() => queue.setConcurrency(0)).toThrow(RangeError);
  });

  it('defaults to 2 at once, in queue order', async () => {
    const { queue, ids } = await queueWith(4);
    queue.start();
    await until(() => server.calls.length === 2);
    expect(server.calls.map((c) => c.item.id).sort()).toEqual(ids.slice(0, 2).sort());
    callFor(ids[0]).succeed();
    await until(() => server.calls.length === 3);
    expect(server.calls[2]!.item.id).toBe(ids[2]);
    expect(server.active).toBe(2);
  });

  it('retries 5xx and 429 with capped, jittered exponential backoff', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { queue, ids } = await queueWith(1);
    queue.start();
    await until(() => server.calls.length === 1);
    server.calls[0]!.answer(fail('http', 'Service Unavailable', 503));
    await until(() => item(queue, ids[0]!).retryAt !== null);
    // failures = 1: 1000 ms, equal jitter with random 0.5 -> 750 ms.
    expect(item(queue, ids[0]!)).toMatchObject({ state: 'waiting', lastError: 'Service Unavailable' });
    await vi.advanceTimersByTimeAsync(749);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => server.calls.length === 2);
    server.calls[1]!.answer(fail('http', 'Too many requests', 429));
    await until(() => item(queue, ids[0]!).retryAt !== null);
    // failures = 2: 2000 ms -> 1500 ms.
    await vi.advanceTimersByTimeAsync(1499);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => server.calls.length === 3);
    server.calls[2]!.succeed();
    await until(() => item(queue, ids[0]!).state === 'done');
    expect(item(queue, ids[0]!).attempts).toBe(3);
  });

  it('gives up after maxFailures with the last message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { queue, ids } = await queueWith(1, { maxFailures: 3 });
    server.auto = () => fail('http', 'Bad Gateway', 502);
    queue.start();
    for (let n = 1; n <= 3; n += 1) {
      await until(() => server.calls.length === n);
      await vi.advanceTimersByTimeAsync(60_000);
    }
    await until(() => item(queue, ids[0]!).state === 'failed');
    expect(item(queue, ids[0]!).lastError).toBe(BULK_TEXT.retriesUsed(3, 'Bad Gateway'));
    expect(server.calls).toHaveLength(3);
  });

  it('a 4xx fails the item with the server message; edited and retried it goes', async () => {
    const { queue, ids } = await queueWith(1);
    queue.start();
    await until(() => server.calls.length === 1);
    server.calls[0]!.answer(fail('http', 'Some of the chosen groups do not exist. Reload the form and choose again.', 400));
    await until(() => item(queue, ids[0]!).state === 'failed');
    expect(item(queue, ids[0]!).lastError).toBe('Some of the chosen groups do not exist. Reload the form and choose again.');
    expect(queue.edit(ids, { keywords: ['65a000000000000000000009'] }).ok).toBe(true);
    expect(item(queue, ids[0]!).state).toBe('failed');
    queue.retryItems(ids);
    await until(() => server.calls.length === 2);
    expect(server.calls[1]!.item.meta.keywords).toEqual(['65a000000000000000000009']);
    server.calls[1]!.succeed();
    await until(() => item(queue, ids[0]!).state === 'done');
    expect(item(queue, ids[0]!).lastError).toBeNull();
  });

  it('a lost network pauses the queue; it resumes when the server answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { queue, ids } = await queueWith(3);
    queue.start();
    await until(() => server.calls.length === 2);
    server.online = false;
    callFor(ids[0]).progress(100); // cut mid-body: nothing can have been stored
    callFor(ids[0]).answer(fail('network', 'connection reset'));
    await until(() => queue.status().offline, 'offline');
    expect(item(queue, ids[0]!)).toMatchObject({ state: 'waiting', lastError: BULK_TEXT.serverUnreachable });
    callFor(ids[1]).answer(fail('network', 'connection reset'));
    await until(() => item(queue, ids[1]!).state === 'waiting');
    expect(server.active).toBe(0);
    // Probed with backoff while down: 750 ms, then 1500 ms (random 0.5).
    const probesBefore = server.probes;
    await vi.advanceTimersByTimeAsync(750);
    await until(() => server.probes === probesBefore + 1);
    expect(server.calls).toHaveLength(2);
    server.online = true;
    await vi.advanceTimersByTimeAsync(1500);
    await until(() => !queue.status().offline, 'online');
    server.auto = () => 'store';
    await until(() => states(queue).every((s) => s === 'done'), 'all done');
    expect(server.records).toHaveLength(3);
    // A network failure while the server is down does not count against the item.
    expect(item(queue, ids[0]!).attempts).toBe(2);
  });

  it('pausing the queue lets the uploads in flight finish and starts nothing new; the status says what finishes', async () => {
    const { queue, ids } = await queueWith(3);
    queue.start();
    await until(() => server.calls.length === 2);
    callFor(ids[0]).progress(2000);
    queue.pause();
    expect(callFor(ids[0]).signal.aborted).toBe(false);
    expect(queue.status()).toMatchObject({ running: false, active: true, finishing: { files: 2, sent: 2000 } });
    callFor(ids[0]).succeed();
    callFor(ids[1]).succeed();
    await until(() => states(queue).filter((s) => s === 'done').length === 2, 'the two in flight done');
    // Sent once each; the third never started.
    expect(server.calls).toHaveLength(2);
    expect(item(queue, ids[2]!).state).toBe('waiting');
    expect(queue.status()).toMatchObject({ running: false, active: false });
    expect(queue.status().finishing).toBeUndefined();
  });

  it('stopping now aborts uploads in flight; resuming sends them again from the start', async () => {
    const { queue, ids } = await queueWith(3);
    queue.start();
    await until(() => server.calls.length === 2);
    callFor(ids[0]).progress(2000);
    queue.pause(true);
    await until(() => server.active === 0);
    expect(callFor(ids[0]).signal.aborted).toBe(true);
    await until(() => states(queue).every((s) => s === 'waiting'));
    expect(item(queue, ids[0]!).sent).toBe(0);
    expect(queue.status()).toMatchObject({ running: false, active: false });
    expect(server.calls).toHaveLength(2);
    await queue.flush();
    const stored = await readStore();
    expect(stored.items.every((i: { inFlight: unknown }) => i.inFlight === null)).toBe(true);
    server.auto = () => 'store';
    queue.start();
    await until(() => states(queue).every((s) => s === 'done'));
    expect(server.records).toHaveLength(3);
    expect(server.reconcileCalls).toBe(0); // bodies were cut: nothing to ask
  });

  it('pause, resume and cancel one item', async () => {
    const { queue, ids } = await queueWith(3);
    queue.start();
    await until(() => server.calls.length === 2);
    queue.pauseItems([ids[0]!]);
    queue.cancelItems([ids[1]!]);
    await until(() => item(queue, ids[0]!).state === 'paused' && item(queue, ids[1]!).state === 'cancelled');
    await until(() => server.calls.length === 3);
    expect(server.calls[2]!.item.id).toBe(ids[2]);
    server.calls[2]!.succeed();
    await until(() => item(queue, ids[2]!).state === 'done');
    // The queue ran out of work it may do: finished, the paused item left as it is.
    await until(() => !queue.status().running);
    await until(() => events.some((e) => e.finished), 'the finished event');
    // Starting the one item works while the queue is stopped.
    queue.resumeItems([ids[0]!], true);
    await until(() => server.calls.length === 4);
    server.calls[3]!.succeed();
    await until(() => item(queue, ids[0]!).state === 'done');
    const summary = queue.summary();
    expect([summary.uploaded, summary.failed, summary.skipped]).toEqual([2, 0, 1]);
    expect(queue.summaryCsv().split('\r\n')[2]).toMatch(/^"skipped","clip_002\.mp4",.*,"Cancelled",1$/);
  });

  it('a file changed since it was queued is not sent: choose it again', async () => {
    const { queue, ids, paths } = await queueWith(2);
    await appendFile(paths[0]!, 'more');
    const later = new Date(Date.now() + 5000);
    await utimes(paths[1]!, later, later);
    queue.start();
    await until(() => states(queue).every((s) => s === 'changed-or-missing'));
    expect(server.calls).toHaveLength(0);
    expect(item(queue, ids[0]!).lastError).toBe(BULK_TEXT.changedOrMissing);
    expect(queue.overall().needAttention).toBe(2);
    expect((await queue.replaceFile(ids[0]!, { path: paths[0]! })).ok).toBe(true);
    expect(item(queue, ids[0]!).file.size).toBe(4100);
    server.auto = () => 'store';
    queue.start();
    await until(() => item(queue, ids[0]!).state === 'done');
    expect(server.records).toHaveLength(1);
  });

  it('the upload saying the file changed marks it changed-or-missing', async () => {
    const { queue, ids, paths } = await queueWith(1);
    queue.start();
    await until(() => server.calls.length === 1);
    await appendFile(paths[0]!, 'x');
    server.calls[0]!.answer(fail('validation', APP_TEXT.fileChanged));
    await until(() => item(queue, ids[0]!).state === 'changed-or-missing');
  });

  it('a 401 pauses the queue and says to sign in', async () => {
    const { queue, ids } = await queueWith(1);
    queue.start();
    await until(() => server.calls.length === 1);
    server.calls[0]!.answer(fail('auth', 'Your session has expired. Please log in again.', 401));
    await until(() => queue.status().notice === BULK_TEXT.signedOut);
    expect(queue.status().running).toBe(false);
    expect(item(queue, ids[0]!).state).toBe('waiting');
  });

  it('invalid items and items being edited: rules of who may change', async () => {
    const { queue, ids } = await queueWith(2);
    queue.edit([ids[1]!], { description: '' });
    expect(item(queue, ids[1]!).state).toBe('invalid');
    queue.start();
    await until(() => server.calls.length === 1);
    expect(queue.edit([ids[0]!], { title: 'New' })).toEqual({ ok: true, data: { changed: 0, skipped: 1 } });
    expect(queue.edit([ids[0]!], { level: 9 } as never).ok).toBe(false);
    server.calls[0]!.succeed();
    await until(() => !queue.status().running);
    expect(server.calls).toHaveLength(1);
    expect(states(queue)).toEqual(['done', 'invalid']);
  });
});

describe('progress', () => {
  it('one throttled stream of events: about 10 a second whatever the uploads do', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { queue } = await queueWith(3, {}, 1_000_000);
    queue.setConcurrency(3);
    queue.start();
    await until(() => server.calls.length === 3);
    await vi.advanceTimersByTimeAsync(200);
    events.length = 0;
    // 3 uploads x 200 progress calls over 2 s.
    for (let step = 1; step <= 200; step += 1) {
      for (const call of server.calls) call.progress(step * 5000);
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(events.length).toBeGreaterThanOrEqual(19);
    expect(events.length).toBeLessThanOrEqual(21);
    const last = events[events.length - 1]!;
    expect(last.progress).toHaveLength(3);
    expect(last.progress[0]).toMatchObject({ sent: 1_000_000, total: 1_000_000, percent: 100 });
    // 5000 bytes per 10 ms per upload = 500 kB/s each, 1.5 MB/s in all.
    expect(last.progress[0]!.rate).toBeGreaterThan(450_000);
    expect(last.progress[0]!.rate).toBeLessThan(550_000);
    expect(last.overall.rate).toBeGreaterThan(1_350_000);
    expect(last.overall.rate).toBeLessThan(1_650_000);
    expect(last.overall).toMatchObject({ filesDone: 0, filesTotal: 3, bytesSent: 3_000_000, bytesTotal: 3_000_000 });
    for (const call of server.calls) call.answer(ok({ id: 'r' }));
    await until(() => states(queue).every((s) => s === 'done'));
    await vi.advanceTimersByTimeAsync(200);
    const end = events[events.length - 1]!;
    expect(end.overall).toMatchObject({ filesDone: 3, secondsLeft: 0 });
    expect(events.filter((e) => e.finished)).toHaveLength(1);
  });

  it('time left from the rate and the bytes left', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { queue } = await queueWith(2, {}, 1_000_000);
    queue.setConcurrency(1);
    queue.start();
    await until(() => server.calls.length === 1);
    for (let step = 1; step <= 10; step += 1) {
      server.calls[0]!.progress(step * 10_000); // 10 kB per 100 ms = 100 kB/s
      await vi.advanceTimersByTimeAsync(100);
    }
    const overall = queue.overall();
    expect(overall.rate).toBeGreaterThan(90_000);
    expect(overall.rate).toBeLessThan(110_000);
    // 1.9 MB left at ~100 kB/s.
    expect(overall.secondsLeft).toBeGreaterThan(17);
    expect(overall.secondsLeft).toBeLessThan(22);
  });
});
