import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, RETRY_BACKOFF } from './backoff';
import { checkIdentity, identityOf } from './identity';
import { RateMeter, Throttle } from './progress';
import { matchRecords, type ReconcileQuery, type RecordFacts } from './reconcile';
import { fileTypeOfHead, scanFolder, scanFolderInBatches } from './sniff';
import { QueueStore } from './store';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'cc-bulk-parts-'));
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(root, { recursive: true, force: true });
});

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('fileTypeOfHead', () => {
  it('reads containers from their magic numbers', () => {
    expect(fileTypeOfHead(bytes([0, 0, 0, 0x18], 'ftypisom'), 'a.bin')).toBe('video');
    expect(fileTypeOfHead(bytes([0, 0, 0, 0x18], 'ftypM4A '), 'a.mp4')).toBe('audio');
    expect(fileTypeOfHead(bytes([0x1a, 0x45, 0xdf, 0xa3]), 'a.webm')).toBe('video');
    expect(fileTypeOfHead(bytes('RIFF', [0, 0, 0, 0], 'WAVE'), 'a.bin')).toBe('audio');
    expect(fileTypeOfHead(bytes('RIFF', [0, 0, 0, 0], 'AVI '), 'a.bin')).toBe('video');
    expect(fileTypeOfHead(bytes('ID3', [3, 0]), 'a.bin')).toBe('audio');
    expect(fileTypeOfHead(bytes([0xff, 0xfb, 0x90]), 'a.bin')).toBe('audio');
    expect(fileTypeOfHead(bytes('OggS'), 'a.ogv')).toBe('video');
    expect(fileTypeOfHead(bytes('OggS'), 'a.ogg')).toBe('audio');
    expect(fileTypeOfHead(bytes('fLaC'), 'a.bin')).toBe('audio');
  });

  it('a media name with other content is other', () => {
    expect(fileTypeOfHead(bytes('hello world, plain text'), 'movie.mp4')).toBe('other');
    expect(fileTypeOfHead(new Uint8Array(), 'empty.mp4')).toBe('other');
  });
});

describe('scanFolder', () => {
  it('finds media files recursively in natural order, skipping hidden ones, links and other files', async () => {
    await mkdir(join(root, 'a', 'deeper'), { recursive: true });
    await mkdir(join(root, '.hidden'));
    for (const name of ['clip 10.mp4', 'clip 2.MP4', 'notes.txt', 'a/x.webm', 'a/deeper/y.mp3', '.hidden/z.mp4', '.dot.mp4']) {
      await writeFile(join(root, name), 'x');
    }
    await symlink(join(root, 'a'), join(root, 'loop'));
    const { paths, truncated } = await scanFolder(root);
    expect(truncated).toBe(false);
    expect(paths.map((p) => p.slice(root.length + 1))).toEqual(['a/deeper/y.mp3', 'a/x.webm', 'clip 2.MP4', 'clip 10.mp4']);
    expect((await scanFolder(root, 2)).truncated).toBe(true);
  });

  it('gives the files of each folder as a batch as it walks, in the same order as the whole scan', async () => {
    for (const name of ['b/2.mp4', 'b/1.mp4', 'a.mp4', 'b.mp4', 'c/d/e.mp4', 'c/x.mp4', 'z.mp4']) {
      await mkdir(dirname(join(root, name)), { recursive: true });
      await writeFile(join(root, name), 'x');
    }
    const batches: string[][] = [];
    const scan = scanFolderInBatches(root);
    for await (const batch of scan.batches) batches.push(batch.map((p) => p.slice(root.length + 1)));
    // A folder's files up to each sub-folder ('b' the folder sorts before 'b.mp4'), then the rest.
    expect(batches).toEqual([['a.mp4'], ['b/1.mp4', 'b/2.mp4'], ['b.mp4'], ['c/d/e.mp4'], ['c/x.mp4'], ['z.mp4']]);
    expect(scan.truncated).toBe(false);
    expect((await scanFolder(root)).paths.map((p) => p.slice(root.length + 1))).toEqual(batches.flat());
    const limited = scanFolderInBatches(root, 3);
    const firstThree: string[] = [];
    for await (const batch of limited.batches) firstThree.push(...batch.map((p) => p.slice(root.length + 1)));
    expect(firstThree).toEqual(['a.mp4', 'b/1.mp4', 'b/2.mp4']);
    expect(limited.truncated).toBe(true);
  });
});

describe('identity', () => {
  it('says same, changed (size, mtime, replaced) or missing', async () => {
    const path = join(root, 'f.mp4');
    await writeFile(path, 'abc');
    const id = await identityOf(path);
    expect(await checkIdentity(id)).toBe('same');
    await writeFile(path, 'abcd');
    expect(await checkIdentity(id)).toBe('changed');
    const id2 = await identityOf(path);
    await rm(path);
    await writeFile(path, 'abcd'); // a new file in its place: new inode
    const replaced = await checkIdentity(id2);
    expect(replaced === 'changed' || (await identityOf(path)).inode === id2.inode).toBe(true);
    await rm(path);
    expect(await checkIdentity(id2)).toBe('missing');
    await expect(identityOf(root)).rejects.toThrow(/not a regular file/);
  });
});

describe('backoffDelay', () => {
  it('doubles, is capped, and jitters within the upper half', () => {
    expect(backoffDelay(1, () => 0)).toBe(500);
    expect(backoffDelay(1, () => 0.999999)).toBe(1000);
    expect(backoffDelay(3, () => 0.5)).toBe(3000);
    expect(backoffDelay(30, () => 0.999999)).toBe(RETRY_BACKOFF.capMs);
    expect(backoffDelay(30, () => 0)).toBe(RETRY_BACKOFF.capMs / 2);
  });
});

describe('Throttle', () => {
  it('fires at once, then at most once per interval, with the last request kept', () => {
    vi.useFakeTimers();
    const fire = vi.fn();
    const throttle = new Throttle(100, fire);
    throttle.request();
    expect(fire).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i += 1) {
      throttle.request();
      vi.advanceTimersByTime(10);
    }
    // 500 ms of requests: the first at 0, then one per 100 ms.
    expect(fire).toHaveBeenCalledTimes(6);
    vi.advanceTimersByTime(1000);
    expect(fire).toHaveBeenCalledTimes(6);
    throttle.request();
    expect(fire).toHaveBeenCalledTimes(7);
    throttle.dispose();
  });
});

describe('RateMeter', () => {
  it('bytes per second over the window; 0 once it stalls', () => {
    const meter = new RateMeter(1000);
    for (let t = 0; t <= 2000; t += 100) meter.sample(t, t * 50);
    expect(meter.rate(2000)).toBe(50_000);
    expect(meter.rate(3500)).toBe(0);
  });
});

describe('matchRecords', () => {
  const q = (id: string, over: Partial<ReconcileQuery> = {}): ReconcileQuery => ({
    id, key: `k-${id}`, title: 'Intro', name: 'intro.mp4', size: 100, startedAt: Date.parse('2026-01-01T10:00:00Z'), ...over,
  });
  const r = (id: string, over: Partial<RecordFacts> = {}): RecordFacts => ({
    _id: id, title: 'Intro', fileName: 'intro.mp4', fileSize: 100, metaInfo: { created: { at: '2026-01-01T10:01:00Z' } }, ...over,
  });

  it('by key first, else by title, name, size and time; each record answers one attempt', () => {
    const out = matchRecords(
      [q('a'), q('b'), q('c'), q('d', { key: 'K' })],
      [r('r1'), r('r2', { title: 'Other' }), r('r3', { metaInfo: { created: { at: '2025-12-31T00:00:00Z' } } }), r('r4', { clientKey: 'K' })],
    );
    expect(Object.fromEntries(out)).toEqual({ a: 'r1', b: null, c: null, d: 'r4' });
  });

  it('records the queue already holds answer nothing; a keyed record never matches by fingerprint', () => {
    const out = matchRecords([q('a'), q('b')], [r('r1'), r('r2', { clientKey: 'someone-else' })], new Set(['r1']));
    expect(Object.fromEntries(out)).toEqual({ a: null, b: null });
  });
});

describe('QueueStore', () => {
  it('coalesces flushes: requests before a write joins it; requests during a write make one more', async () => {
    let state = 0;
    const seen: number[] = [];
    const lines = () => {
      seen.push(state);
      return [];
    };
    const store = new QueueStore(root, { changes: lines, everything: lines }, 1000);
    const first = store.flush();
    expect(store.flush()).toBe(first);
    while (seen.length === 0) await Promise.resolve();
    // The first write is under way (its snapshot taken): these two share one more write.
    state = 1;
    const second = store.flush();
    const third = store.flush();
    expect(second).toBe(third);
    expect(second).not.toBe(first);
    await Promise.all([first, second]);
    expect(seen).toEqual([0, 1]);
    expect(store.writes).toBe(2);
  });

  it('appends what changed, and rewrites the whole file once the appended lines outgrow it', async () => {
    let n = 0;
    const settings = () => `{"q":{"running":${n % 2 === 0},"concurrency":2}}`;
    const store = new QueueStore(root, { changes: () => [settings()], everything: () => [settings()] }, 1000, 200);
    const lineCount = async () => (await readFile(store.path, 'utf8')).trimEnd().split('\n').length;
    await store.flush(); // the first write: the whole file, a header and one line
    expect(await lineCount()).toBe(2);
    n += 1;
    await store.flush();
    expect(await lineCount()).toBe(3);
    for (; n < 20; n += 1) await store.flush();
    // 36 bytes a line: about six lines are appended before the file is written whole again.
    expect(await lineCount()).toBeLessThanOrEqual(8);
    expect((await store.load()).queue).toMatchObject({ running: n % 2 === 1, concurrency: 2 });
  });

  it('markDirty writes once after the debounce', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const lines = () => ['{"q":{"running":true,"concurrency":3}}', '{"not":"an item"}'];
    const store = new QueueStore(root, { changes: lines, everything: lines }, 1000);
    store.markDirty();
    store.markDirty();
    await vi.advanceTimersByTimeAsync(999);
    expect(store.writes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await store.close();
    expect(store.writes).toBe(1);
    const loaded = await store.load();
    expect(loaded.queue).toEqual({ running: true, concurrency: 3, items: [], profileOf: new Map(), profiles: new Map() });
    // The unreadable item is dropped, reported, and the file kept aside.
    expect(loaded.dropped).toBe(1);
    expect(loaded.problem).toMatch(/could not be read/);
  });
});
