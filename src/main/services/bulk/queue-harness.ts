// The bulk queue's tests share this harness: a fresh folder and fake server per test, and after each
// test the check that what is on disk is what the queue holds. Each queue.*.test.ts file calls
// useQueueHarness() at its top: the unit tests share a worker's module load (vitest `isolate: false`), so
// hooks registered when this module is first imported would reach the first file only.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { type BulkEvent } from '../../../shared/schemas/bulk';
import { BulkQueue } from './queue';
import { QueueStore } from './store';
import { FakeServer, VALID_PATCH, fakeDeps, until, writeVideos } from './testing';


export let root: string;
export let server: FakeServer;
export let events: BulkEvent[];
/** The queues a test opened (each closed, and checked against its file, after the test). */
export const open: BulkQueue[] = [];

/** Another fake server from here on (a restart against a server that kept its records). */
export function useServer(next: FakeServer): void {
  server = next;
}

/** Registers the per-test folder, fake server and on-disk check in the calling test file. */
export function useQueueHarness(): void {
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'cc-bulk-'));
    server = new FakeServer();
    events = [];
  });

  afterEach(async () => {
    vi.useRealTimers();
    for (const queue of open.splice(0)) {
      // What is on disk is what the queue holds (its per-item JSON cache is never stale). An upload may
      // still be starting (stat, then its own write): let that settle first.
      await queue.flush();
      await new Promise((resolve) => setTimeout(resolve, 30));
      await queue.flush();
      const onDisk = (await readStore(dirname(queue.storeStats().path))).items;
      const noSent = (items: { sent: number }[]) => items.map((i) => ({ ...i, sent: 0 }));
      expect(noSent(onDisk)).toEqual(noSent(JSON.parse(JSON.stringify(queue.storedItems()))));
      await queue.close().catch(() => undefined);
    }
    await rm(root, { recursive: true, force: true });
  });
}

export async function openQueue(over: Parameters<typeof fakeDeps>[3] = {}, folder = join(root, 'state')) {
  const { queue, problem } = await BulkQueue.open(fakeDeps(folder, server, events, over));
  open.push(queue);
  return { queue, problem };
}

/** A queue with `n` valid, probed videos in it. */
export async function queueWith(n: number, over: Parameters<typeof fakeDeps>[3] = {}, size = 4096) {
  const paths = await writeVideos(join(root, 'videos'), Array.from({ length: n }, (_, i) => `clip_${String(i + 1).padStart(3, '0')}.mp4`), size);
  const { queue } = await openQueue(over);
  const added = await queue.add(paths.map((path) => ({ path })));
  expect(queue.edit('all', VALID_PATCH).ok).toBe(true);
  await until(() => queue.list().rows.every((r) => r.probe !== 'pending'), 'probes');
  return { queue, paths, ids: added.added };
}

/** The upload of an item (uploads start in queue order but reach the network in any order). */
export const callFor = (id: string | undefined, nth = 0) => server.calls.filter((c) => c.item.id === id)[nth]!;
export const states = (queue: BulkQueue) => queue.list({ limit: 10_000 }).rows.map((r) => r.state);
export const item = (queue: BulkQueue, id: string) => queue.get([id])[0]!;
/** The queue file as a new process reads it (items with their profiles' fields). */
export const readStore = async (folder = join(root, 'state')) => {
  const loaded = await new QueueStore(folder, { changes: () => [], everything: () => [] }).load();
  expect(loaded.problem).toBeNull();
  return { items: loaded.queue?.items ?? [] };
};
