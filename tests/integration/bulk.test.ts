/**
 * The bulk queue over the real upload path: main's core (grants, the streamed multipart createMedia,
 * upload progress and cancel) against the reference server, and reconciliation through the real
 * GET /library/media/list. This is also the reference wiring of BulkQueue's injected functions.
 */
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { Transform } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/app';
import type { Core } from '../../src/main/core';
import { BulkQueue, listReconciler, QUEUE_FILE, type BulkQueueDeps, type BulkUploadFn } from '../../src/main/services/bulk';
import { until, writeVideos } from '../../src/main/services/bulk/testing';
import { memoryTokenStore } from '../../src/main/services/token-stores';
import { channelOf, type ApiEvents } from '../../src/shared/api';
import { PRELOAD_CHANNELS, type GrantView } from '../../src/shared/api/app';
import { APP_TEXT } from '../../src/shared/messages';
import { fail, ok, type Result } from '../../src/shared/result';
import { bulkPayloadOf, defaultMeta, type BulkEvent, type BulkMeta, type BulkMetaPatch } from '../../src/shared/schemas/bulk';
import type { BusinessIdea } from '../../src/shared/schemas/business-ideas';
import type { Keyword, LibraryFile } from '../../src/shared/schemas/library';
import type { HistoryRow } from '../../src/shared/history';
import type { WindowAnswer } from '../../src/shared/windows';
import { ADMIN, expectOk, createTestCore, seededCopy } from './harness';
import type { SeededStorage } from './seed-template';

let root: string;
let core: Core;
let serverUrl: string;
let closeServer: () => Promise<void>;
let proxy: CountingProxy;
let defaults: BulkMetaPatch;
const progress = new Map<string, (sent: number, total: number) => void>();
const bulkEvents: BulkEvent[] = [];
const uploadEvents: string[] = [];
const changedServices: string[] = [];
const queues: BulkQueue[] = [];

const call = async <T>(group: string, name: string, input: unknown = {}): Promise<Result<T>> =>
  (await core.handlers.get(channelOf(group, name))!(input)) as Result<T>;
/** A file granted as a drop (the preload's channel; the real wiring grants the queued path in main). */
const grant = async (path: string) => (await core.preloadHandlers.get(PRELOAD_CHANNELS.grantDropped)!({ path })) as Result<GrantView>;
const list = async () => expectOk(await call<LibraryFile[]>('library', 'mediaList'));
const historyRows = async () => expectOk(await call<HistoryRow[]>('history', 'list'));
/** A window of main's kept media list, once it is whole. */
const mediaWindow = async (): Promise<WindowAnswer<unknown>> => {
  for (;;) {
    // A first window may come while the list still arrives: asked again until it is whole.
    const answer = expectOk(await call<WindowAnswer<unknown>>('windows', 'query', { list: 'media', view: 'bulk-media', search: '', filters: [], sort: null, offset: 0, limit: 10 }));
    if (answer.complete !== false) return answer;
    await new Promise((resolve) => setImmediate(resolve));
  }
};

/** An upload's body as the server received it: the bytes passed on, and whether it arrived whole. */
interface ReceivedUpload {
  bytes: number;
  ended: boolean;
}

/**
 * The app talks to the reference server through this proxy: it counts the bytes of each multipart
 * upload it passes on (what the server received), and while `hold` is set it keeps an upload's body
 * after its first chunk until the hold resolves (an upload in flight at a moment the test chooses).
 */
interface CountingProxy {
  url: string;
  uploads: ReceivedUpload[];
  hold: Promise<void> | null;
  server: Server;
}

async function startCountingProxy(target: string): Promise<CountingProxy> {
  const state: CountingProxy = { url: '', uploads: [], hold: null, server: createServer() };
  state.server.on('request', (req, res) => {
    const upstream = httpRequest(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    const upload: ReceivedUpload | null = req.headers['content-type']?.startsWith('multipart/') ? { bytes: 0, ended: false } : null;
    if (upload) state.uploads.push(upload);
    const hold = upload ? state.hold : null;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        const pass = () => {
          if (upload) upload.bytes += chunk.length;
          done(null, chunk);
        };
        if (hold && upload && upload.bytes > 0) void hold.then(pass);
        else pass();
      },
      flush(done) {
        if (upload) upload.ended = true;
        done();
      },
    });
    // The client gave up (an abort): the server's request goes too.
    req.on('close', () => {
      if (!req.complete) upstream.destroy();
    });
    req.pipe(counter).pipe(upstream);
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  const address = state.server.address();
  state.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return state;
}

let storage: SeededStorage | undefined;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cc-int-bulk-'));
  storage = await seededCopy(join(root, 'server'));
  const server = await startServer({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, host: '127.0.0.1', port: 0, admin: ADMIN });
  serverUrl = server.url;
  proxy = await startCountingProxy(server.url);
  closeServer = async () => {
    proxy.server.closeAllConnections();
    await new Promise((resolve) => proxy.server.close(resolve));
    await server.close();
  };
  core = await createTestCore({
    stateDir: join(root, 'state'),
    tokenStore: memoryTokenStore(),
    startSandbox: async () => ({ ...server, url: proxy.url }),
    emit: (event: keyof ApiEvents, payload: unknown) => {
      if (event === 'bulk:changed') bulkEvents.push(payload as BulkEvent);
      if (event === 'lists:changed') changedServices.push((payload as ApiEvents['lists:changed']).service);
      if (event !== 'upload:progress') return;
      uploadEvents.push((payload as ApiEvents['upload:progress']).uploadId);
      const p = payload as ApiEvents['upload:progress'];
      progress.get(p.uploadId)?.(p.sent, p.total);
    },
  });
  expectOk(await call('session', 'login', ADMIN));
  const ideas = expectOk(await call<BusinessIdea[]>('businessIdeas', 'all'));
  const keywords = expectOk(await call<Keyword[]>('library', 'keywords'));
  defaults = { description: 'Queued in bulk.', type: 'Interview', businessIdeas: [ideas[0]!._id], keywords: [keywords[0]!._id] };
});

afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.close();
});

afterAll(async () => {
  await core.close();
  await closeServer();
  await storage?.remove();
  await rm(root, { recursive: true, force: true });
});

/** The upload: grant the queued path, check it is still the queued file, stream it with createMedia. */
const realUpload: BulkUploadFn = async (item, signal, onProgress) => {
  const granted = await grant(item.file.path);
  if (!granted.ok) return granted;
  if (granted.data.size !== item.file.size || granted.data.mtime !== item.file.mtimeMs) return fail('validation', APP_TEXT.fileChanged);
  progress.set(item.id, onProgress);
  const cancel = () => void call('uploads', 'cancel', { uploadId: item.id });
  signal.addEventListener('abort', cancel);
  try {
    const answer = await call<{ _id?: string }>('library', 'createMedia', {
      ...bulkPayloadOf(item.meta, item, granted.data.grantId),
      clientKey: item.key,
      uploadId: item.id,
    });
    return answer.ok ? ok({ id: answer.data._id ?? null }) : answer;
  } finally {
    signal.removeEventListener('abort', cancel);
    progress.delete(item.id);
  }
};

function deps(folder: string, upload: BulkUploadFn, events: BulkEvent[] = []): BulkQueueDeps {
  return {
    folder,
    upload,
    reconcile: listReconciler(() => call<LibraryFile[]>('library', 'mediaList'), () => new Set()),
    probe: async () => fetch(`${serverUrl}/library/synonyms/keywords`).then(() => true, () => false),
    libraryTitles: () => call<LibraryFile[]>('library', 'mediaList'),
    emit: (event) => events.push(event),
  };
}

async function openQueue(folder: string, upload: BulkUploadFn, events?: BulkEvent[]) {
  const { queue } = await BulkQueue.open(deps(folder, upload, events));
  queues.push(queue);
  return queue;
}

const countTitles = (files: LibraryFile[], titles: string[]) => titles.map((t) => files.filter((f) => f.title === t).length);

describe('bulk queue over the real upload path', () => {
  it('uploads every queued file once, with progress and a summary', async () => {
    const names = Array.from({ length: 6 }, (_, i) => `Bulk_real-${i + 1}.mp4`);
    const paths = await writeVideos(join(root, 'a'), names, 256 * 1024);
    const events: BulkEvent[] = [];
    // Each upload reports a first step and waits for the queue to pass it on: a 256 KiB file can be
    // sent before the throttled event goes out, so waiting on the real upload's steps would be a race.
    const sawProgress = (id: string) => events.some((e) => e.progress.some((p) => p.id === id && p.sent > 0));
    const queue = await openQueue(join(root, 'qa'), async (item, signal, onProgress) => {
      onProgress(1, item.file.size);
      await until(() => sawProgress(item.id), 'a progress event');
      return realUpload(item, signal, onProgress);
    }, events);
    const before = (await list()).length;
    const added = await queue.add(paths.map((path) => ({ path })));
    expect(added.libraryCheck).toBe('done');
    expect(queue.edit('all', defaults).ok).toBe(true);
    queue.start();
    await until(() => queue.overall().filesDone === 6, 'all uploaded', 30_000);
    const files = await list();
    expect(files.length - before).toBe(6);
    expect(countTitles(files, names.map((_, i) => `Bulk real ${i + 1}`))).toEqual([1, 1, 1, 1, 1, 1]);
    expect(files.find((f) => f.title === 'Bulk real 1')).toMatchObject({ fileType: 'video', fileName: 'Bulk_real-1.mp4', fileSize: 256 * 1024 });
    expect(events.some((e) => e.progress.some((p) => p.sent > 0))).toBe(true);
    await until(() => events.some((e) => e.finished), 'the finished event');
    expect(queue.summary()).toMatchObject({ uploaded: 6, failed: 0, skipped: 0 });
  });

  it('Pause lets the file in flight finish: the server receives its bytes once, and nothing else starts', async () => {
    const size = 4 * 1024 * 1024;
    const paths = await writeVideos(join(root, 'p'), ['Paused_once-1.mp4', 'Paused_once-2.mp4'], size);
    let release!: () => void;
    proxy.hold = new Promise<void>((resolve) => (release = resolve));
    const from = proxy.uploads.length;
    try {
      const queue = await openQueue(join(root, 'qp'), realUpload);
      await queue.add(paths.map((path) => ({ path })));
      queue.edit('all', defaults);
      queue.setConcurrency(1);
      // Both files read by the media workers first: a file still being read does not hold up the next, so
      // with the two read side by side either could start first, and this walk pauses the first.
      await until(() => queue.list().rows.every((r) => r.probe !== 'pending'), 'both files read', 30_000);
      queue.start();
      // The first file's body has begun to reach the server, and is held there.
      await until(() => (proxy.uploads[from]?.bytes ?? 0) > 0, 'the first bytes at the server', 30_000);
      queue.pause();
      expect(queue.status()).toMatchObject({ running: false, paused: true, finishing: { files: 1 } });
      release();
      await until(() => queue.overall().filesDone === 1, 'the file in flight done', 30_000);
      await until(() => !queue.status().active, 'the queue at rest');
      const received = proxy.uploads.slice(from);
      // One upload, whole: the file was not cut and sent again, and the second file did not start.
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ ended: true });
      expect(received[0]!.bytes).toBeGreaterThan(size);
      expect(received[0]!.bytes).toBeLessThan(size + 64 * 1024);
      expect(queue.list().rows.map((r) => r.state)).toEqual(['done', 'waiting']);
      expect(countTitles(await list(), ['Paused once 1', 'Paused once 2'])).toEqual([1, 0]);
    } finally {
      release();
      proxy.hold = null;
    }
  });

  it('an answer lost after the server stored the file is reconciled, not sent twice', async () => {
    const paths = await writeVideos(join(root, 'b'), ['Lost_answer.mp4'], 64 * 1024);
    let sends = 0;
    const queue = await openQueue(join(root, 'qb'), async (item, signal, onProgress) => {
      sends += 1;
      const answer = await realUpload(item, signal, onProgress);
      // The record is stored; the connection drops before the client reads the answer.
      return sends === 1 && answer.ok ? fail('network', 'socket hang up') : answer;
    });
    await queue.add(paths.map((path) => ({ path })));
    queue.edit('all', defaults);
    queue.start();
    await until(() => queue.overall().filesDone === 1, 'done', 30_000);
    expect(sends).toBe(1);
    expect(countTitles(await list(), ['Lost answer'])).toEqual([1]);
    expect(queue.list().rows[0]!.recordId).toBe((await list()).find((f) => f.title === 'Lost answer')!._id);
  });

  it('after a crash mid-queue the new process finishes it with exactly one record per file', async () => {
    const names = Array.from({ length: 4 }, (_, i) => `Crash_case-${i + 1}.mp4`);
    const titles = names.map((_, i) => `Crash case ${i + 1}`);
    const paths = await writeVideos(join(root, 'c'), names, 128 * 1024);
    const folder = join(root, 'qc');
    let stored = 0;
    // The dying process: its uploads reach the server, but no answer is ever read.
    const dying = await openQueue(folder, async (item, signal, onProgress) => {
      await realUpload(item, signal, onProgress);
      stored += 1;
      return new Promise(() => undefined);
    });
    await dying.add(paths.map((path) => ({ path })));
    dying.edit('all', defaults);
    dying.start();
    await until(() => stored === 2, 'two stored', 30_000);
    await dying.flush();
    const crashed = join(root, 'qc-crashed');
    await mkdir(crashed);
    await copyFile(join(folder, QUEUE_FILE), join(crashed, QUEUE_FILE));

    let sends = 0;
    const restored = await openQueue(crashed, async (item, signal, onProgress) => {
      sends += 1;
      return realUpload(item, signal, onProgress);
    });
    await until(() => restored.overall().filesDone === 4, 'all done after the restart', 30_000);
    expect(sends).toBe(2);
    const files = await list();
    expect(countTitles(files, titles)).toEqual([1, 1, 1, 1]);
    // Matched by the idempotency key the records were created with.
    const keys = new Map(files.filter((f) => titles.includes(f.title)).map((f) => [f._id, f.clientKey]));
    expect(restored.list().rows.every((row) => row.recordId && keys.get(row.recordId))).toBe(true);
  });

  it('two identical files accepted as duplicates get two records, and a resend by key makes none', async () => {
    const dir = join(root, 'd');
    const [first] = await writeVideos(join(dir, 'one'), ['Twin.mp4'], 32 * 1024);
    const [second] = await writeVideos(join(dir, 'two'), ['Twin.mp4'], 32 * 1024);
    let sends = 0;
    const queue = await openQueue(join(root, 'qd'), async (item, signal, onProgress) => {
      sends += 1;
      const answer = await realUpload(item, signal, onProgress);
      // The first answer is lost: the queue reconciles by key rather than sending it again.
      return sends === 1 && answer.ok ? fail('network', 'socket hang up') : answer;
    });
    const added = await queue.add([{ path: first! }, { path: second! }]);
    queue.acceptDuplicates(added.added);
    queue.edit('all', defaults);
    queue.start();
    await until(() => queue.overall().filesDone === 2, 'both done', 30_000);
    const twins = (await list()).filter((f) => f.title === 'Twin');
    expect(twins).toHaveLength(2);
    expect(new Set(queue.list().rows.map((r) => r.recordId))).toEqual(new Set(twins.map((f) => f._id)));
    // A resend with a done item's key answers its record and adds none.
    const item = queue.list().rows[0]!;
    const stored = twins.find((f) => f._id === item.recordId)!;
    const granted = expectOk(await grant(first!));
    const again = expectOk(
      await call<{ _id: string }>('library', 'createMedia', {
        ...bulkPayloadOf({ ...defaultMeta('Twin.mp4'), ...defaults } as BulkMeta, { fileType: 'video', duration: 0 }, granted.grantId),
        clientKey: stored.clientKey,
      }),
    );
    expect(again._id).toBe(stored._id);
    expect((await list()).filter((f) => f.title === 'Twin')).toHaveLength(2);
  });

  it("main's bulk group: a drop of a folder, defaults, start; progress only in 'bulk:changed', one record each", async () => {
    const names = Array.from({ length: 3 }, (_, i) => `Core_bulk-${i + 1}.mp4`);
    await writeVideos(join(root, 'e', 'inner'), names, 96 * 1024);
    const drop = await core.preloadHandlers.get(PRELOAD_CHANNELS.bulkDropped)!({ paths: [join(root, 'e')] });
    const added = expectOk(drop as Result<{ added: string[] }>);
    expect(added.added).toHaveLength(3);
    expectOk(await call('bulk', 'edit', { ids: 'all', patch: defaults }));
    const listed = expectOk(await call<{ total: number; rows: { state: string; meta: { title: string } }[] }>('bulk', 'list', {}));
    expect(listed.rows.map((r) => [r.meta.title, r.state])).toEqual(names.map((_, i) => [`Core bulk ${i + 1}`, 'waiting']));
    // The Video Library's list as main keeps it, before the run.
    const before = await mediaWindow();
    const actionsBefore = (await historyRows()).filter((r) => r.records).length;
    bulkEvents.length = 0;
    uploadEvents.length = 0;
    changedServices.length = 0;
    expectOk(await call('bulk', 'start'));
    await until(() => bulkEvents.some((e) => e.finished), 'finished', 30_000);
    expect(countTitles(await list(), names.map((_, i) => `Core bulk ${i + 1}`))).toEqual([1, 1, 1]);
    expect(uploadEvents).toEqual([]);
    // The kept list shows the new files at once (not behind a later open once it is 30 s old)...
    const after = await mediaWindow();
    expect(after.total).toBe(before.total + 3);
    // ...and the window is told that the library changed, so an open Video Library refetches.
    await until(() => changedServices.includes('library'), 'lists:changed', 5000);
    // The run is one History action with its three records, not an entry per file.
    const actions = (await historyRows()).filter((r) => r.records);
    expect(actions).toHaveLength(actionsBefore + 1);
    const run = actions[0]!;
    expect(run).toMatchObject({ call: 'library.createMedia', screen: 'Video Library', record: { label: 'Bulk upload: 3 files uploaded' }, answer: { ok: true } });
    // Uploads run side by side: in the order they finished.
    expect(run.records!.map((r) => [r.label, r.ok, typeof r.id]).sort()).toEqual(names.map((_, i) => [`Core bulk ${i + 1}`, true, 'string']));
    expect(run.undo).not.toBeNull();
    const summary = expectOk(await call<{ uploaded: number; csv: string }>('bulk', 'summary'));
    expect(summary.uploaded).toBeGreaterThanOrEqual(3);
    expect(summary.csv.split('\r\n')[0]).toBe('"Outcome","File","Folder","Size (bytes)","Title","Record id","Reason","Attempts"');
  });
});
