import { appendFile, copyFile, mkdir, mkdtemp, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../shared/result';
import { BULK_TEXT, type BulkEvent } from '../../../shared/schemas/bulk';
import { APP_TEXT, MSG } from '../../../shared/messages';
import { BulkQueue } from './queue';
import { UploadedIndex } from './uploaded-index';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { MediaFactsService } from '../media-facts';
import { QUEUE_FILE, QueueStore } from './store';
import { FakeServer, SIXTY_SECOND_VIDEO, VALID_PATCH, fakeDeps, until, writeVideos } from './testing';

let root: string;
let server: FakeServer;
let events: BulkEvent[];
const open: BulkQueue[] = [];

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

async function openQueue(over: Parameters<typeof fakeDeps>[3] = {}, folder = join(root, 'state')) {
  const { queue, problem } = await BulkQueue.open(fakeDeps(folder, server, events, over));
  open.push(queue);
  return { queue, problem };
}

/** A queue with `n` valid, probed videos in it. */
async function queueWith(n: number, over: Parameters<typeof fakeDeps>[3] = {}, size = 4096) {
  const paths = await writeVideos(join(root, 'videos'), Array.from({ length: n }, (_, i) => `clip_${String(i + 1).padStart(3, '0')}.mp4`), size);
  const { queue } = await openQueue(over);
  const added = await queue.add(paths.map((path) => ({ path })));
  expect(queue.edit('all', VALID_PATCH).ok).toBe(true);
  await until(() => queue.list().rows.every((r) => r.probe !== 'pending'), 'probes');
  return { queue, paths, ids: added.added };
}

/** The upload of an item (uploads start in queue order but reach the network in any order). */
const callFor = (id: string | undefined, nth = 0) => server.calls.filter((c) => c.item.id === id)[nth]!;
const states = (queue: BulkQueue) => queue.list({ limit: 10_000 }).rows.map((r) => r.state);
const item = (queue: BulkQueue, id: string) => queue.get([id])[0]!;
/** The queue file as a new process reads it (items with their profiles' fields). */
const readStore = async (folder = join(root, 'state')) => {
  const loaded = await new QueueStore(folder, { changes: () => [], everything: () => [] }).load();
  expect(loaded.problem).toBeNull();
  return { items: loaded.queue?.items ?? [] };
};

describe('adding files', () => {
  it('titles from names, type from content, duration probed, Add File checks', async () => {
    const [mp4] = await writeVideos(join(root, 'v'), ['Dairy_farm-basics.part.1.mp4']);
    const { queue } = await openQueue();
    const result = await queue.add([{ path: mp4!, grantId: 'g1' }]);
    expect(result.added).toHaveLength(1);
    await until(() => queue.list().rows[0]!.probe !== 'pending');
    const row = queue.list().rows[0]!;
    expect(row).toMatchObject({ state: 'invalid', fileType: 'video', duration: 60, probe: 'ok' });
    expect(row.meta.title).toBe('Dairy farm basics part 1');
    expect(row.issues.description).toBe(MSG.descriptionMandatory);
    expect(row.file).toEqual({ name: 'Dairy_farm-basics.part.1.mp4', size: 4096, folder: join(root, 'v') });
    expect(queue.overall().needAttention).toBe(1);
    expect(queue.list({ filter: 'attention' }).total).toBe(1);
    queue.edit([row.id], VALID_PATCH);
    expect(item(queue, row.id).state).toBe('waiting');
    expect(queue.overall().needAttention).toBe(0);
  });

  it('content decides the type; a file without a duration says so', async () => {
    const folder = join(root, 'v');
    await mkdir(folder);
    const fake = join(folder, 'not-really.mp4');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(fake, 'hello, this is text');
    // The media library's answers: text has no container and no tracks; the video has no duration header.
    const readFacts = async (path: string) =>
      path === fake ? { ...SIXTY_SECOND_VIDEO, container: null, durationSeconds: null, video: null, audio: null } : { ...SIXTY_SECOND_VIDEO, durationSeconds: null };
    const { queue } = await openQueue({ readFacts });
    const [mp4] = await writeVideos(folder, ['real.mp4']);
    await queue.add([{ path: fake }, { path: mp4! }]);
    await until(() => queue.list().rows.every((r) => r.probe !== 'pending'));
    const [a, b] = queue.list().rows;
    // Text named .mp4 is not silently made "other": it stays what its name says, held as not media.
    expect(a).toMatchObject({ fileType: 'video', probe: 'none', held: true, verdict: { kind: 'unplayable', reason: 'not-media' } });
    expect(b).toMatchObject({ fileType: 'video', probe: 'none', duration: 0 });
  });

  it('the same file twice (also through a link) is not added again', async () => {
    const [a] = await writeVideos(join(root, 'v'), ['a.mp4']);
    await symlink(a!, join(root, 'link.mp4'));
    const { queue } = await openQueue();
    expect((await queue.add([{ path: a! }])).added).toHaveLength(1);
    const again = await queue.add([{ path: a! }, { path: join(root, 'link.mp4') }, { path: join(root, 'gone.mp4') }]);
    expect(again.added).toHaveLength(0);
    expect(again.alreadyQueued).toEqual(['a.mp4', 'a.mp4']);
    expect(again.unreadable).toEqual([{ name: 'gone.mp4', message: 'Cannot read gone.mp4.' }]);
    expect(queue.list().total).toBe(1);
  });

  it('a title the library or the queue already has is flagged and held until accepted', async () => {
    const paths = [
      ...(await writeVideos(join(root, 'a'), ['Intro.mp4', 'Goat_care.mp4'])),
      ...(await writeVideos(join(root, 'b'), ['intro.mp4'])),
    ];
    const { queue } = await openQueue({ libraryTitles: async () => ok([{ _id: 'lib-1', title: 'goat  care' }]) });
    const result = await queue.add(paths.map((path) => ({ path })));
    expect(result.libraryCheck).toBe('done');
    queue.edit('all', VALID_PATCH);
    await until(() => queue.list().rows.every((r) => r.probe !== 'pending'));
    const [intro, goat, intro2] = queue.list().rows;
    expect(intro!.duplicate).toBeNull();
    expect(goat!.duplicate).toEqual({ kind: 'library', title: 'goat  care', id: 'lib-1', reason: 'title' });
    expect(intro2!.duplicate).toEqual({ kind: 'queue', title: 'Intro', id: intro!.id, reason: 'title' });
    expect(queue.overall().needAttention).toBe(2);

    server.auto = () => 'store';
    queue.start();
    await until(() => item(queue, intro!.id).state === 'done');
    await until(() => !queue.status().running, 'finished');
    expect(server.calls.map((c) => c.item.id)).toEqual([intro!.id]);

    // Renaming clears the queue flag; accepting keeps the library one's title.
    queue.edit([intro2!.id], { title: 'Intro, part 2' });
    expect(item(queue, intro2!.id).duplicate).toBeNull();
    queue.acceptDuplicates([goat!.id]);
    queue.start();
    await until(() => states(queue).every((s) => s === 'done'));
    expect(server.records).toHaveLength(3);
  });

  it('the copy queued first stays the original when its hash is read last', async () => {
    const [first] = await writeVideos(join(root, 'a'), ['Talk.mp4']);
    await mkdir(join(root, 'b'));
    const copyPath = join(root, 'b', 'Talk copy.mp4');
    await copyFile(first!, copyPath);
    let copyHashed!: () => void;
    const copyDone = new Promise<void>((resolve) => (copyHashed = resolve));
    // The first file's hash waits until the copy's is known: the order the two finish in is reversed.
    const hashFile = async (path: string) => {
      const digest = createHash('sha256').update(await readFile(path)).digest('hex');
      if (path === first) await copyDone;
      else setTimeout(copyHashed, 20);
      return digest;
    };
    const { queue } = await openQueue({ hashFile });
    const added = await queue.add([{ path: first! }, { path: copyPath }]);
    queue.edit('all', VALID_PATCH);
    await until(() => queue.list().rows.every((r) => r.probe !== 'pending'));
    const [talk, copy] = queue.get(added.added);
    expect(talk!.duplicate).toBeNull();
    expect(copy!.duplicate).toEqual({ kind: 'queue', title: 'Talk', id: talk!.id, reason: 'content' });
  });

  it('the same content is held: twice in the queue, uploaded before (the index in userData), likely in the library by size and duration', async () => {
    const sha256 = async (path: string) => createHash('sha256').update(await readFile(path)).digest('hex');
    const index = await UploadedIndex.open(join(root, 'state'));
    const uploaded = { index, server: () => 'http://127.0.0.1:1' };
    const [first] = await writeVideos(join(root, 'a'), ['Talk.mp4']);
    await mkdir(join(root, 'b'));
    await copyFile(first!, join(root, 'b', 'Talk copy.mp4'));
    const big = (await writeVideos(join(root, 'c'), ['Renamed.mp4'], 5000))[0]!;
    const libraryTitles = async () => ok([{ _id: 'lib-9', title: 'Farm tour', fileSize: 5000, duration: 60 }]);
    const { queue } = await openQueue({ hashFile: sha256, uploaded, libraryTitles });
    const added = await queue.add([{ path: first! }, { path: join(root, 'b', 'Talk copy.mp4') }, { path: big }]);
    queue.edit('all', VALID_PATCH);
    await until(() => queue.list().rows.every((r) => r.probe !== 'pending'));
    const [talk, copy, renamed] = queue.get(added.added);
    expect(talk!.duplicate).toBeNull();
    expect(copy!.duplicate).toEqual({ kind: 'queue', title: 'Talk', id: talk!.id, reason: 'content' });
    expect(renamed!.duplicate).toEqual({ kind: 'library', title: 'Farm tour', id: 'lib-9', reason: 'likely' });
    // A new title does not make the same content another file.
    queue.edit([copy!.id], { title: 'Another talk' });
    expect(item(queue, copy!.id).duplicate?.reason).toBe('content');

    server.auto = () => 'store';
    queue.start();
    await until(() => item(queue, talk!.id).state === 'done');
    await until(() => !queue.status().running, 'finished');
    expect(server.calls.map((c) => c.item.id)).toEqual([talk!.id]);
    const recordId = item(queue, talk!.id).recordId!;
    expect(index.find(await sha256(first!), 'http://127.0.0.1:1')).toMatchObject({ id: recordId, title: 'Talk' });
    // The index is kept on disk: the same content queued again, from elsewhere, names its record.
    await index.written();
    const reopened = await UploadedIndex.open(join(root, 'state'));
    expect(reopened.find(await sha256(first!), 'http://127.0.0.1:1')?.id).toBe(recordId);
    expect(reopened.find(await sha256(first!), 'http://other:1')).toBeNull();
    queue.remove([talk!.id, copy!.id]);
    await mkdir(join(root, 'd'));
    await copyFile(first!, join(root, 'd', 'Old talk.mp4'));
    const again = await queue.add([{ path: join(root, 'd', 'Old talk.mp4') }]);
    await until(() => queue.get(again.added)[0]!.probe !== 'pending');
    expect(queue.get(again.added)[0]!.duplicate).toEqual({ kind: 'library', title: 'Talk', id: recordId, reason: 'content' });
  });

  it('copies of one content are sent once: they wait for the first and then name its record; a cancelled first passes the turn on', async () => {
    const sha256 = async (path: string) => createHash('sha256').update(await readFile(path)).digest('hex');
    const [first] = await writeVideos(join(root, 'a'), ['Intro.mp4']);
    for (const folder of ['b', 'c']) {
      await mkdir(join(root, folder));
      await copyFile(first!, join(root, folder, 'Intro.mp4'));
    }
    const { queue } = await openQueue({ hashFile: sha256 });
    const added = await queue.add([first!, join(root, 'b', 'Intro.mp4'), join(root, 'c', 'Intro.mp4')].map((path, i) => ({ path, title: `Intro ${i + 1}` })));
    queue.edit('all', VALID_PATCH);
    await until(() => queue.list().rows.every((r) => r.probe !== 'pending'));
    const [one, two, three] = added.added;
    expect(item(queue, two!).duplicate).toEqual({ kind: 'queue', title: 'Intro 1', id: one, reason: 'content' });
    // The first is cancelled before it is sent: the next copy is the one to send, the third waits for it.
    queue.cancelItems([one!]);
    expect(item(queue, two!).duplicate).toBeNull();
    expect(item(queue, three!).duplicate).toEqual({ kind: 'queue', title: 'Intro 2', id: two, reason: 'content' });

    server.auto = () => 'store';
    queue.start();
    await until(() => item(queue, two!).state === 'done');
    await until(() => !queue.status().running, 'finished');
    expect(server.calls.map((c) => c.item.id)).toEqual([two]);
    const recordId = item(queue, two!).recordId!;
    expect(item(queue, three!).duplicate).toEqual({ kind: 'library', title: 'Intro 2', id: recordId, reason: 'content' });
    expect(item(queue, three!).state).toBe('waiting');
  });

  it('a duplicate kept after the queue ran out of work is sent without another Start (a paused queue stays paused)', async () => {
    const [first] = await writeVideos(join(root, 'a'), ['Talk.mp4']);
    const [other] = await writeVideos(join(root, 'b'), ['Talk.mp4']);
    const { queue } = await openQueue();
    const added = await queue.add([{ path: first! }, { path: other! }]);
    queue.edit('all', VALID_PATCH);
    await until(() => queue.list().rows.every((r) => r.probe !== 'pending'));
    const [talk, again] = added.added;
    expect(item(queue, again!).duplicate?.reason).toBe('title');
    server.auto = () => 'store';
    queue.start();
    await until(() => item(queue, talk!).state === 'done' && !queue.status().running, 'finished');
    await until(() => events.some((e) => e.finished), 'the finished event');
    queue.acceptDuplicates([again!]);
    await until(() => item(queue, again!).state === 'done', 'the kept duplicate uploaded');
    await until(() => !queue.status().running, 'finished again');

    // Paused by the person: keeping a duplicate does not start it.
    const [third] = await writeVideos(join(root, 'c'), ['Talk.mp4']);
    const more = await queue.add([{ path: third! }]);
    queue.edit(more.added, VALID_PATCH);
    await until(() => item(queue, more.added[0]!).probe !== 'pending');
    queue.start();
    queue.pause();
    queue.acceptDuplicates(more.added);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queue.status().running).toBe(false);
    expect(item(queue, more.added[0]!).state).toBe('waiting');
  });

  it('a file that is not playable is held: never uploaded, never done, until the person sends it anyway or removes it', async () => {
    const [good, cut] = await writeVideos(join(root, 'v'), ['Good.mp4', 'Cut.mov']);
    const empty = join(root, 'v', 'Empty.mp4');
    await writeFile(empty, '');
    const notes = join(root, 'v', 'Notes.mp4');
    await writeFile(notes, 'Film the shed on Tuesday.\n'.repeat(10));
    // The media library's answer for the copy that stopped before the phone's index: a container, no tracks.
    const readFacts = async (path: string) =>
      path === cut
        ? { ...SIXTY_SECOND_VIDEO, durationSeconds: null, video: null, audio: null, truncated: true }
        : path === notes
          ? { ...SIXTY_SECOND_VIDEO, container: null, durationSeconds: null, video: null, audio: null }
          : SIXTY_SECOND_VIDEO;
    const { queue } = await openQueue({ readFacts });
    const added = await queue.add([good!, cut!, empty, notes].map((path) => ({ path })));
    queue.edit('all', VALID_PATCH);
    await until(() => queue.list().rows.every((r) => r.probe !== 'pending'), 'probes');
    const [g, c, e, n] = queue.get(added.added);
    expect(g!.verdict).toEqual({ kind: 'playable' });
    expect(g!.held).toBe(false);
    expect([c, e, n].map((r) => [r!.verdict?.kind === 'unplayable' && r!.verdict.reason, r!.held, r!.fileType])).toEqual([
      ['index-missing', true, 'video'],
      ['empty', true, 'video'],
      ['not-media', true, 'video'],
    ]);
    expect(queue.list().blocked).toBe('1 file uploads; 3 cannot start yet: 3 held as not playable (remove them, or choose Send anyway).');

    server.auto = () => 'store';
    queue.start();
    await until(() => !queue.status().running, 'finished');
    // Only the playable file went; the held ones are neither sent nor counted as done.
    expect(server.calls.map((call) => call.item.id)).toEqual([g!.id]);
    expect(queue.overall()).toMatchObject({ filesDone: 1, filesTotal: 4, needAttention: 3 });
    expect(queue.list({ filter: 'attention' }).rows.map((r) => r.id)).toEqual([c!.id, e!.id, n!.id]);

    // The person's say-so sends one (the queue that had finished runs again); another is removed.
    queue.sendAnyway([n!.id]);
    await until(() => item(queue, n!.id).state === 'done', 'sent anyway');
    queue.remove([e!.id]);
    await until(() => !queue.status().running, 'finished again');
    expect(server.calls.map((call) => call.item.id)).toEqual([g!.id, n!.id]);
    expect(item(queue, c!.id)).toMatchObject({ state: 'waiting', held: true });
    // Kept through a restart.
    await queue.close();
    open.splice(open.indexOf(queue), 1);
    const { queue: again } = await openQueue({ readFacts });
    expect(item(again, c!.id)).toMatchObject({ held: true, verdict: { kind: 'unplayable', reason: 'index-missing' } });
    expect(item(again, n!.id)).toMatchObject({ state: 'done', held: false });
  });

  it('captions beside a video are imported as its transcripts after its upload, checked as the caption import checks them', async () => {
    const folder = join(root, 'talks');
    const [talk] = await writeVideos(folder, ['talk.mp4']);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(folder, 'talk.hi.srt'), '1\n00:00:01,000 --> 00:00:02,500\nNamaste\n\n2\n00:01:00,000 --> 00:01:03,000\nDhanyavaad\n');
    await writeFile(join(folder, 'talk.vtt'), 'WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nBackwards\n');
    await writeFile(join(folder, 'talks.srt'), '1\n00:00:01,000 --> 00:00:02,000\nNot ours\n');
    const imported: { recordId: string; language: string; cues: unknown[] }[] = [];
    const importCaptions = async (recordId: string, language: string, cues: unknown[]) => {
      imported.push({ recordId, language, cues });
      return ok({ count: cues.length });
    };
    const { queue } = await openQueue({ importCaptions });
    const added = await queue.add([{ path: talk! }]);
    queue.edit('all', { ...VALID_PATCH, language: 'Marathi' });
    await until(() => queue.get(added.added)[0]!.probe !== 'pending');
    expect(queue.get(added.added)[0]!.captions.map((c) => [c.name, c.language, c.state])).toEqual([
      ['talk.hi.srt', 'Hindi', 'pending'],
      ['talk.vtt', null, 'pending'],
    ]);
    server.auto = () => 'store';
    queue.start();
    await until(() => queue.get(added.added)[0]!.captions.every((c) => c.state !== 'pending'), 'captions');
    const row = queue.get(added.added)[0]!;
    expect(imported).toEqual([{ recordId: row.recordId, language: 'Hindi', cues: [{ timeStamp: '00:00:01', captionText: 'Namaste' }, { timeStamp: '00:01:00', captionText: 'Dhanyavaad' }] }]);
    expect(row.captions).toEqual([
      { name: 'talk.hi.srt', language: 'Hindi', state: 'imported', message: '2 Hindi lines imported' },
      { name: 'talk.vtt', language: null, state: 'failed', message: '1 cue has errors, the first: The cue ends before it starts (line 3).' },
    ]);
  });

  it('captions refused for want of a session stay pending and are imported at the next start', async () => {
    const folder = join(root, 'later');
    const [talk] = await writeVideos(folder, ['talk.mp4']);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(folder, 'talk.srt'), '1\n00:00:01,000 --> 00:00:02,000\nHello\n');
    let signedIn = false;
    const importCaptions = async (_recordId: string, _language: string, cues: unknown[]) => (signedIn ? ok({ count: cues.length }) : fail('auth', 'Your session has ended. Please log in again.', 401));
    const { queue } = await openQueue({ importCaptions });
    const added = await queue.add([{ path: talk! }]);
    queue.edit('all', VALID_PATCH);
    await until(() => queue.get(added.added)[0]!.probe !== 'pending');
    server.auto = () => 'store';
    queue.start();
    await until(() => queue.get(added.added)[0]!.state === 'done', 'uploaded');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queue.get(added.added)[0]!.captions.map((c) => c.state)).toEqual(['pending']);
    signedIn = true;
    queue.start();
    await until(() => queue.get(added.added)[0]!.captions[0]!.state === 'imported', 'imported after the start');
  });

  it.skipIf(process.platform === 'win32')('a file replaced by a FIFO or a link while it is probed: its probe ends without it, and the next files are probed', async () => {
    const media = new MediaFactsService();
    try {
      const folder = join(root, 'swapped');
      const [piped, linked, kept] = await writeVideos(folder, ['piped.mp4', 'linked.mp4', 'kept.mp4']);
      const [elsewhere] = await writeVideos(join(root, 'elsewhere'), ['other.mp4']);
      const swapped = new Set<string>();
      // After the type is read from the file, before its facts: another thing is put at its path.
      const readFacts = async (path: string) => {
        if (!swapped.has(path) && (path === piped || path === linked)) {
          swapped.add(path);
          await rm(path);
          if (path === piped) expect(spawnSync('mkfifo', [path]).status).toBe(0);
          else await symlink(elsewhere!, path);
        }
        return media.factsOfPath(path);
      };
      const { queue } = await openQueue({ readFacts, hashFile: (path) => media.hashOfPath(path) });
      const added = await queue.add([{ path: piped! }, { path: linked! }]);
      await until(() => queue.get(added.added).every((r) => r.probe !== 'pending'), 'the replaced files probed');
      // The next file is probed as before: its content hashed (duplicates are found by it).
      const next = await queue.add([{ path: kept! }]);
      await until(() => queue.get(next.added)[0]!.probe !== 'pending', 'the next file probed');
      const hashOf = (id: string) => queue.storedItems().find((stored) => stored.id === id)?.hash;
      expect(hashOf(next.added[0]!)).toBe(createHash('sha256').update(await readFile(kept!)).digest('hex'));
      // Nothing was read through the FIFO or the link: no facts, no hash (not the linked file's).
      expect(queue.get(added.added).map((r) => [r.probe, r.duration])).toEqual([['none', 0], ['none', 0]]);
      expect(added.added.map(hashOf)).toEqual([null, null]);
    } finally {
      await media.close();
    }
  });

  it.skipIf(process.platform === 'win32')('caption files that are a FIFO or a link are not read: they fail with why, the upload is not held', async () => {
    const folder = join(root, 'odd captions');
    const [talk] = await writeVideos(folder, ['talk.mp4']);
    expect(spawnSync('mkfifo', [join(folder, 'talk.srt')]).status).toBe(0);
    await writeFile(join(root, 'secret.srt'), '1\n00:00:01,000 --> 00:00:02,000\nNot for the server\n');
    await symlink(join(root, 'secret.srt'), join(folder, 'talk.hi.srt'));
    const imported: unknown[] = [];
    const { queue } = await openQueue({ importCaptions: async (_recordId, _language, cues) => (imported.push(cues), ok({ count: cues.length })) });
    const added = await queue.add([{ path: talk! }]);
    queue.edit('all', VALID_PATCH);
    await until(() => queue.get(added.added)[0]!.probe !== 'pending');
    server.auto = () => 'store';
    queue.start();
    await until(() => queue.get(added.added)[0]!.captions.every((c) => c.state !== 'pending'), 'captions');
    expect(queue.get(added.added)[0]!.captions).toEqual([
      { name: 'talk.hi.srt', language: 'Hindi', state: 'failed', message: APP_TEXT.foundLink },
      { name: 'talk.srt', language: null, state: 'failed', message: APP_TEXT.notAFile },
    ]);
    expect(imported).toEqual([]);
  });

  it('library titles that cannot be fetched do not block the queue, and say so', async () => {
    const [a] = await writeVideos(join(root, 'v'), ['a.mp4']);
    const { queue } = await openQueue({ libraryTitles: async () => fail('network', 'down') });
    expect((await queue.add([{ path: a! }])).libraryCheck).toBe('unavailable');
  });
});

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

  it('pausing the queue aborts uploads in flight; resuming sends them again from the start', async () => {
    const { queue, ids } = await queueWith(3);
    queue.start();
    await until(() => server.calls.length === 2);
    callFor(ids[0]).progress(2000);
    queue.pause();
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
    server = second;
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
    server = new FakeServer();
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

describe('addFolder', () => {
  it('shows the first files of an add while later ones are still being found', async () => {
    const first = await writeVideos(join(root, 'one'), Array.from({ length: 250 }, (_, i) => `a_${String(i).padStart(3, '0')}.mp4`));
    const later = await writeVideos(join(root, 'two'), ['b_1.mp4', 'b_2.mp4']);
    const { queue } = await openQueue();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    async function* batches() {
      yield first.map((path) => ({ path }));
      // The scan of the next folder has not answered yet.
      await released;
      yield later.map((path) => ({ path }));
    }
    const adding = queue.add(batches());
    // The first slice is small: its rows are listed (and the view told) before the first batch is all queued.
    await until(() => queue.list().all > 0, 'the first rows');
    expect(queue.list().all).toBe(200);
    expect(events.some((e) => e.changed === 'all' || e.changed.length > 0)).toBe(true);
    await until(() => queue.list().all === 250, 'the first batch');
    expect(queue.list({ limit: 1 }).rows[0]!.meta.title).toBe('a 000');
    release();
    const result = await adding;
    expect(result.added).toHaveLength(252);
    expect(queue.list({ limit: 1000 }).rows.slice(-2).map((r) => r.meta.title)).toEqual(['b 1', 'b 2']);
    await until(() => queue.list({ limit: 1000 }).rows.every((r) => r.probe !== 'pending'), 'probes');
  });

  it('queues the media files of a folder, recursively, and says when it stopped at the limit', async () => {
    await writeVideos(join(root, 'f', 'day_1'), ['a.mp4', 'b.mp4']);
    await writeVideos(join(root, 'f', 'day_2'), ['c.webm']);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(root, 'f', 'notes.txt'), 'not media');
    const { queue } = await openQueue();
    const first = await queue.addFolder(join(root, 'f'), 2);
    expect(first).toMatchObject({ truncated: true });
    expect(first.added).toHaveLength(2);
    const again = await queue.addFolder(join(root, 'f'));
    expect(again.added).toHaveLength(1);
    expect(again.alreadyQueued).toEqual(['a.mp4', 'b.mp4']);
    expect(again.truncated).toBeUndefined();
    expect(queue.list().rows.map((r) => r.meta.title)).toEqual(['a', 'b', 'c']);
  });
});
