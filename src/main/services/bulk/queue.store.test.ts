import { appendFile, copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fail } from '../../../shared/result';
import { BULK_TEXT } from '../../../shared/schemas/bulk';
import { QUEUE_FILE } from './store';
import { FakeServer, until, writeVideos } from './testing';
import { useServer, root, server, openQueue, queueWith, callFor, states, item, readStore, useQueueHarness } from './queue-harness';

useQueueHarness();

describe('the store', () => {
  it('edits are written at most about once a second; state changes at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { queue, ids } = await queueWith(2);
    await queue.flush();
    const before = queue.storeStats().writes;
    for (let i = 0; i < 20; i += 1) {
      queue.edit([ids[0]!], { description: `take ${i}` });
      await vi.advanceTimersByTimeAsync(100);
    }
    await until(() => queue.storeStats().writes >= before + 2);
    expect(queue.storeStats().writes - before).toBeLessThanOrEqual(3);
    expect((await readStore()).items[0]!.meta.description).toMatch(/^take 1\d$/);
    const count = queue.storeStats().writes;
    queue.pauseItems([ids[1]!]);
    await until(() => queue.storeStats().writes > count);
    expect((await readStore()).items[1]!.state).toBe('paused');
  });

  it('restores after a crash: done stays done, changed files are marked, the queue carries on', async () => {
    const { queue, ids, paths } = await queueWith(4);
    queue.start();
    await until(() => server.calls.length === 2);
    callFor(ids[0]).succeed();
    await until(() => server.calls.length === 3 && item(queue, ids[0]!).state === 'done');
    callFor(ids[1]).progress(1000); // in flight, body cut by the crash
    await queue.flush();
    // The crash: the disk as it is now, opened by a new process.
    const crashed = join(root, 'crashed');
    await mkdir(crashed);
    await copyFile(join(root, 'state', QUEUE_FILE), join(crashed, QUEUE_FILE));
    await rm(paths[3]!);
    const second = new FakeServer();
    second.records.push(...server.records);
    second.auto = () => 'store';
    useServer(second);
    const { queue: restored } = await openQueue({}, crashed);
    await until(() => !restored.status().running, 'finished');
    expect(states(restored)).toEqual(['done', 'done', 'done', 'changed-or-missing']);
    expect(item(restored, ids[0]!).recordId).toBe(server.records[0]!._id);
    // Only the unfinished ones went again.
    expect(second.calls.map((c) => c.item.id).sort()).toEqual([ids[1], ids[2]].sort());
    expect(second.records).toHaveLength(3);
  });

  it('nothing twice: an upload the server stored before the crash is reconciled, not sent again', async () => {
    const { queue, ids } = await queueWith(3);
    queue.setConcurrency(1);
    queue.start();
    await until(() => server.calls.length === 1);
    // The body went out whole and the server stored it; the app died before the answer.
    server.calls[0]!.progress(4096);
    const recordId = server.calls[0]!.store();
    const stored = await readStore();
    expect(stored.items[0]!.state).toBe('uploading');
    expect(stored.items[0]!.inFlight).toMatchObject({ title: 'clip 001', name: 'clip_001.mp4', size: 4096 });
    const crashed = join(root, 'crashed');
    await mkdir(crashed);
    await copyFile(join(root, 'state', QUEUE_FILE), join(crashed, QUEUE_FILE));

    const records = [...server.records];
    useServer(new FakeServer());
    server.records.push(...records);
    server.auto = () => 'store';
    const { queue: restored } = await openQueue({}, crashed);
    await until(() => states(restored).every((s) => s === 'done'), 'all done');
    expect(server.reconcileCalls).toBe(1);
    expect(item(restored, ids[0]!).recordId).toBe(recordId);
    expect(server.calls.map((c) => c.item.id)).toEqual([ids[1], ids[2]]);
    expect(server.records).toHaveLength(3);
    expect(new Set(server.records.map((r) => r.title))).toEqual(new Set(['clip 001', 'clip 002', 'clip 003']));
  });

  it('nothing twice: a lost answer after a whole body is reconciled before a retry', async () => {
    const { queue, ids } = await queueWith(1);
    queue.start();
    await until(() => server.calls.length === 1);
    server.calls[0]!.progress(4096);
    server.calls[0]!.store();
    server.calls[0]!.answer(fail('network', 'socket hang up'));
    await until(() => item(queue, ids[0]!).state === 'done');
    expect(server.calls).toHaveLength(1);
    expect(server.records).toHaveLength(1);
  });

  it('a whole body lost before the server stored it is sent again after reconciliation', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { queue, ids } = await queueWith(1);
    queue.start();
    await until(() => server.calls.length === 1);
    server.calls[0]!.progress(4096);
    server.calls[0]!.answer(fail('http', 'Internal Server Error', 500));
    await until(() => item(queue, ids[0]!).retryAt !== null);
    await vi.advanceTimersByTimeAsync(1000);
    await until(() => server.calls.length === 2);
    expect(server.reconcileCalls).toBe(1);
    server.calls[1]!.succeed();
    await until(() => item(queue, ids[0]!).state === 'done');
    expect(server.records).toHaveLength(1);
  });

  it('a reconciliation that cannot reach the server sends nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { queue, ids } = await queueWith(1);
    queue.start();
    await until(() => server.calls.length === 1);
    server.calls[0]!.progress(4096);
    server.calls[0]!.store();
    server.online = false;
    server.calls[0]!.answer(fail('network', 'socket hang up'));
    await until(() => queue.status().offline);
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.calls).toHaveLength(1);
    server.online = true;
    await vi.advanceTimersByTimeAsync(30_000);
    await until(() => item(queue, ids[0]!).state === 'done');
    expect(server.calls).toHaveLength(1);
    expect(server.records).toHaveLength(1);
  });

  it('a cancel that came too late finds the record and says so', async () => {
    const { queue, ids } = await queueWith(2);
    queue.setConcurrency(1);
    queue.start();
    await until(() => server.calls.length === 1);
    server.calls[0]!.progress(4096);
    server.calls[0]!.store();
    queue.cancelItems([ids[0]!]);
    await until(() => item(queue, ids[0]!).state === 'done');
    expect(item(queue, ids[0]!).lastError).toBe(BULK_TEXT.cancelledTooLate);
  });

  it('a large add shows its first rows before its last file is queued', async () => {
    const paths = await writeVideos(join(root, 'many'), Array.from({ length: 4500 }, (_, i) => `m_${i}.mp4`), 64);
    // Facts never read: 4,500 probes would still be changing items when the test ends.
    const { queue } = await openQueue({ readFacts: () => new Promise(() => undefined) });
    let finished = false;
    const adding = queue.add(paths.map((path) => ({ path }))).then((result) => ((finished = true), result));
    await until(() => queue.list({ limit: 0 }).total > 0, 'the first slice');
    expect(finished).toBe(false);
    expect(queue.list({ limit: 0 }).total).toBeLessThan(4500);
    expect((await adding).added).toHaveLength(4500);
    expect(queue.list({ limit: 0 }).total).toBe(4500);
  });

  it('windows: a search in titles and file names, the whole count, and a selection of a view but some across pages', async () => {
    const { queue, ids } = await queueWith(5);
    queue.edit([ids[4]!], { title: 'Farm visit' });
    const page = queue.list({ offset: 1, limit: 2, search: 'CLIP 00' });
    expect(page).toMatchObject({ total: 4, all: 5, offset: 1 });
    expect(page.rows.map((r) => r.id)).toEqual([ids[1], ids[2]]);
    // clip_005.mp4 is found by its file name, though its title is its own now.
    expect(queue.list({ search: 'clip_005' }).rows.map((r) => r.id)).toEqual([ids[4]]);
    expect(queue.select({ filter: 'all', search: 'clip', except: [ids[1]!] })).toEqual([ids[0], ids[2], ids[3], ids[4]]);
    queue.pauseItems(queue.select({ filter: 'waiting', search: '', except: [ids[0]!] }));
    expect(states(queue)).toEqual(['waiting', 'paused', 'paused', 'paused', 'paused']);
    expect(queue.select([ids[0]!])).toEqual([ids[0]]);
  });

  it('profiles: an edit of every item writes one profile; a queue written and read back equals the one kept', async () => {
    const { queue, ids } = await queueWith(4);
    await queue.flush();
    queue.edit('all', { description: 'Filmed on the farm visit.', keywords: ['k1'] });
    await queue.flush();
    // One profile line (and no item: their state did not change), whatever the queue's length.
    expect(queue.storeStats().lastWriteBytes).toBeLessThan(600);
    const lines = (await readFile(join(root, 'state', QUEUE_FILE), 'utf8')).trimEnd().split('\n');
    expect(JSON.parse(lines[lines.length - 1]!)).toMatchObject({ p: { description: 'Filmed on the farm visit.', keywords: ['k1'] } });
    // Some items only: they move to a profile of their own; a title is the item's own.
    queue.edit([ids[0]!, ids[1]!], { description: 'Two of them.' });
    queue.edit([ids[2]!], { title: 'A title of its own' });
    await queue.flush();
    queue.edit('all', { language: 'Hindi' });
    await queue.flush();
    const read = (await readStore()).items;
    expect(read).toEqual(JSON.parse(JSON.stringify(queue.storedItems())));
    expect(read.map((i) => [i.meta.description, i.meta.language])).toEqual([
      ['Two of them.', 'Hindi'],
      ['Two of them.', 'Hindi'],
      ['Filmed on the farm visit.', 'Hindi'],
      ['Filmed on the farm visit.', 'Hindi'],
    ]);
    expect(read[2]!.meta.title).toBe('A title of its own');
    // A new process reads the same queue.
    const again = join(root, 'again');
    await mkdir(again);
    await copyFile(join(root, 'state', QUEUE_FILE), join(again, QUEUE_FILE));
    const { queue: reopened } = await openQueue({}, again);
    expect(reopened.storedItems().map((i) => i.meta)).toEqual(queue.storedItems().map((i) => i.meta));
    // Removing items drops them from the file as read back.
    queue.remove([ids[1]!]);
    await queue.flush();
    expect((await readStore()).items.map((i) => i.id)).toEqual([ids[0], ids[2], ids[3]]);
  });

  it('a last line cut by a crash during an append is ignored, and the next write starts a clean file', async () => {
    const { queue, ids } = await queueWith(2);
    queue.pauseItems([ids[0]!]);
    await queue.flush();
    const file = join(root, 'state', QUEUE_FILE);
    const crashed = join(root, 'crashed');
    await mkdir(crashed);
    await copyFile(file, join(crashed, QUEUE_FILE));
    await appendFile(join(crashed, QUEUE_FILE), '{"i":{"id":"' + ids[1] + '","state":"pau');
    const { queue: restored, problem } = await openQueue({}, crashed);
    expect(problem).toBeNull();
    expect(states(restored)).toEqual(['paused', 'waiting']);
    restored.pauseItems([ids[1]!]);
    await restored.flush();
    const text = await readFile(join(crashed, QUEUE_FILE), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(text).not.toContain('"state":"pau\n');
    expect((await readStore(crashed)).items.map((i) => i.state)).toEqual(['paused', 'paused']);
  });

  it('a queue file of the first version (one JSON document) is read and written again as lines', async () => {
    const { queue } = await queueWith(2);
    queue.edit('all', { description: 'Filmed on the farm visit.' });
    const kept = JSON.parse(JSON.stringify(queue.storedItems()));
    const old = join(root, 'old');
    await mkdir(old);
    await writeFile(join(old, QUEUE_FILE), JSON.stringify({ version: 1, running: false, concurrency: 3, items: kept }));
    const { queue: restored, problem } = await openQueue({}, old);
    expect(problem).toBeNull();
    expect(restored.status().concurrency).toBe(3);
    expect(restored.storedItems().map((i) => i.meta)).toEqual(kept.map((i: { meta: unknown }) => i.meta));
    await restored.flush();
    expect((await readFile(join(old, QUEUE_FILE), 'utf8')).split('\n')[0]).toBe('{"version":2}');
  });

  it('a damaged queue file is kept aside and the queue starts empty', async () => {
    const folder = join(root, 'state');
    await mkdir(folder, { recursive: true });
    const { writeFile, readdir } = await import('node:fs/promises');
    await writeFile(join(folder, QUEUE_FILE), '{"version":1,"running":tr');
    const { queue, problem } = await openQueue();
    expect(problem).toMatch(/damaged/);
    expect(queue.list().total).toBe(0);
    expect((await readdir(folder)).some((n) => n.startsWith(`${QUEUE_FILE}.bad-`))).toBe(true);
  });
});

describe('thumbnails', () => {
  it('a thumbnail goes with the item; one changed since it was chosen fails the item with why', async () => {
    const { queue, ids } = await queueWith(2);
    const thumb = join(root, 'thumb.png');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(thumb, 'png');
    expect((await queue.setThumbnail('all', { path: thumb, grantId: 't1' })).ok).toBe(true);
    expect(item(queue, ids[0]!).thumbnail).toEqual({ name: 'thumb.png' });
    queue.setConcurrency(1);
    queue.start();
    await until(() => server.calls.length === 1);
    expect(server.calls[0]!.item.thumbnail?.path).toBe(thumb);
    // Changed while the first upload runs: the second item must not go with it.
    await writeFile(thumb, 'another png');
    server.calls[0]!.succeed();
    await until(() => item(queue, ids[0]!).state === 'done');
    await until(() => item(queue, ids[1]!).state === 'failed');
    expect(item(queue, ids[1]!).lastError).toBe(BULK_TEXT.thumbnailChanged);
    expect(server.calls).toHaveLength(1);
  });
});
