import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fail } from '../../../shared/result';
import { MSG } from '../../../shared/messages';
import { SIXTY_SECOND_VIDEO, VALID_PATCH, until, writeVideos } from './testing';
import { root, events, openQueue, item, useQueueHarness } from './queue-harness';

useQueueHarness();

describe('intake: adding files', () => {
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

  it('a picture or a .json given to Bulk Upload is held as not a video, with its reason, not queued as "other"', async () => {
    const folder = join(root, 'v');
    await mkdir(folder);
    const { writeFile } = await import('node:fs/promises');
    const png = join(folder, 'cover.png');
    const json = join(folder, 'export.json');
    await writeFile(png, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    await writeFile(json, '{"not": "media"}');
    // The media library's answers: the PNG is a still picture; the JSON has no container and no tracks.
    const readFacts = async (path: string) => ({ ...SIXTY_SECOND_VIDEO, container: path === png ? 'PNG' : null, durationSeconds: null, video: null, audio: null, image: path === png ? 'PNG' : null });
    const { queue } = await openQueue({ readFacts });
    await queue.add([{ path: png }, { path: json }]);
    await until(() => queue.list().rows.every((r) => r.probe !== 'pending'));
    const [picture, data] = queue.list().rows;
    expect(picture).toMatchObject({ fileType: 'other', held: true, verdict: { kind: 'unplayable', reason: 'image' } });
    expect(data).toMatchObject({ fileType: 'other', held: true, verdict: { kind: 'unplayable', reason: 'not-media' } });
    // Held items never start; Send anyway lets them go as "other".
    queue.edit('all', VALID_PATCH);
    expect(queue.overall().needAttention).toBe(2);
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


  it('library titles that cannot be fetched do not block the queue, and say so', async () => {
    const [a] = await writeVideos(join(root, 'v'), ['a.mp4']);
    const { queue } = await openQueue({ libraryTitles: async () => fail('network', 'down') });
    expect((await queue.add([{ path: a! }])).libraryCheck).toBe('unavailable');
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
