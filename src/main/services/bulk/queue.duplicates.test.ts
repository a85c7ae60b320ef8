import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../shared/result';
import { UploadedIndex } from './uploaded-index';
import { createHash } from 'node:crypto';
import { SIXTY_SECOND_VIDEO, VALID_PATCH, until, writeVideos } from './testing';
import { open, root, server, events, openQueue, states, item, useQueueHarness } from './queue-harness';

useQueueHarness();

describe('duplicates', () => {
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

});
