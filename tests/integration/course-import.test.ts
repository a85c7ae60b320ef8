/**
 * A folder imported into a module of a course through main's core against the reference server: the
 * folder dialog (the harness's stand-in), the preview's levels, the run through the real bulk queue
 * and the directory's calls, and the built folder in order with each video linked to its library file.
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeVideo } from '../../src/main/services/bulk/testing';
import { makeHostile } from '../media-matrix';
import type { BulkItemView } from '../../src/shared/schemas/bulk';
import type { BusinessIdea } from '../../src/shared/schemas/business-ideas';
import { PRELOAD_CHANNELS } from '../../src/shared/api/app';
import type { Result } from '../../src/shared/result';
import type { HistoryRow } from '../../src/shared/history';
import type { ImportPreview, ImportStatus, ImportVerdicts } from '../../src/shared/schemas/course-import';
import { MEDIA_VERDICT_TEXT } from '../../src/shared/schemas/media';
import type { Course, DocumentListing } from '../../src/shared/schemas/courses';
import type { Keyword, LibraryFile } from '../../src/shared/schemas/library';
import { expectOk, startHarness, type Harness, PNG_1PX } from './harness';

let h: Harness;
let dir: string;

beforeAll(async () => {
  h = await startHarness();
  await h.login();
  dir = await mkdtemp(join(tmpdir(), 'cc-int-import-'));
}, 120_000);

afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The defaults an import's videos take: the first business idea and keyword group the server has. */
async function importDefaults(freeToWatch: boolean) {
  const ideas = expectOk(await h.call<BusinessIdea[]>('businessIdeas', 'all'));
  const keywords = expectOk(await h.call<Keyword[]>('library', 'keywords'));
  return { description: 'Imported.', type: 'Interview', businessIdeas: [ideas[0]!._id], keywords: [keywords[0]!._id], category: [], level: 1, visibility: 'Public', freeToWatch };
}

/** The running import's status once it is done, or the last one read within 60 s. */
async function untilDone(): Promise<ImportStatus | null> {
  let status: ImportStatus | null = null;
  for (let i = 0; i < 600 && status?.phase !== 'done'; i++) {
    status = expectOk(await h.call<ImportStatus | null>('courseImport', 'status'));
    if (status?.phase !== 'done') await new Promise((r) => setTimeout(r, 100));
  }
  return status;
}

describe('courseImport.pick', () => {
  it('previews a folder imported into a module (it becomes a topic, its sub-folder a concept), then courseImport.start builds it and courseImport.status says so', async () => {
    const course = expectOk(await h.call<Course[]>('videoRepository', 'courses')).find((c) => !c.hasOnlyVideos && c.modulesCount > 0)!;
    const top = expectOk(await h.call<DocumentListing>('videoRepository', 'document', { id: course._id }));
    const module = top.descendants.find((d) => d.type === 'folder')!;
    const folder = join(dir, '4 Milking');
    await mkdir(join(folder, '3 Tools'), { recursive: true });
    await writeVideo(join(folder, '2 Evening milking.mp4'));
    await writeVideo(join(folder, '1 Morning milking.mp4'));
    await writeVideo(join(folder, '3 Tools', 'Buckets.mp4'));
    h.dialogs.paths.push([folder]);
    const preview = expectOk(await h.call<ImportPreview>('courseImport', 'pick', { target: { kind: 'folder', courseId: course._id, parent: module._id } }));
    expect(preview.language).toBe(course.language);
    expect(preview.nodes.map((n) => `${n.level} ${n.title}`)).toEqual(['topic Milking', 'file Morning milking', 'file Evening milking', 'concept Tools', 'file Buckets']);

    const defaults = await importDefaults(true);
    const started = expectOk(
      await h.call<ImportStatus>('courseImport', 'start', {
        importId: preview.importId,
        titles: { '0': 'Milking by hand' },
        course: null,
        defaults,
      }),
    );
    expect(started.videos.total).toBe(3);
    const status = await untilDone();
    expect(status!.videos, JSON.stringify(status)).toEqual({ uploaded: 3, linked: 3, failed: 0, total: 3 });

    const inModule = expectOk(await h.call<DocumentListing>('videoRepository', 'document', { id: module._id })).descendants;
    const topic = inModule.at(-1)!;
    expect(topic.title).toBe('Milking by hand');
    expect(topic.level).toBe('topic');
    const inTopic = expectOk(await h.call<DocumentListing>('videoRepository', 'document', { id: topic._id })).descendants;
    expect(inTopic.map((d) => `${d.type} ${d.title}${d.freeToWatch ? ' free' : ''}`)).toEqual(['file Morning milking free', 'file Evening milking free', 'folder Tools']);
    expect(inTopic.filter((d) => d.type === 'file').every((d) => d.fileId?.title === d.title)).toBe(true);
    const inConcept = expectOk(await h.call<DocumentListing>('videoRepository', 'document', { id: inTopic[2]!._id })).descendants;
    expect(inConcept.map((d) => d.title)).toEqual(['Buckets']);

    // The import is one History action with its records (written within about 2 s of its last write;
    // the videos are linked in the order their uploads end, so every label is waited for).
    const labels = ['Milking by hand', 'Tools', 'Morning milking', 'Evening milking', 'Buckets'];
    const complete = (row: HistoryRow | undefined) => labels.every((label) => row?.records?.some((r) => r.label === label));
    let action: HistoryRow | undefined;
    for (let i = 0; i < 100 && !complete(action); i++) {
      action = expectOk(await h.call<HistoryRow[]>('history', 'list')).find((r) => r.call === 'courseImport.start');
      if (!complete(action)) await new Promise((r) => setTimeout(r, 100));
    }
    const imports = expectOk(await h.call<HistoryRow[]>('history', 'list')).filter((r) => r.call === 'courseImport.start');
    expect(imports).toHaveLength(1);
    expect(imports[0]).toMatchObject({ screen: 'Courses', answer: { ok: true }, record: { label: expect.stringContaining('Folder import of Milking by hand') } });
    expect(imports[0]!.records!.map((r) => r.label)).toEqual(expect.arrayContaining(labels));
    // Its writes are not entries of their own.
    expect(expectOk(await h.call<HistoryRow[]>('history', 'list')).filter((r) => r.call === 'videoRepository.createDocument')).toEqual([]);
  }, 120_000);
});

describe('a folder import with the same clip in several places', () => {
  it('uploads it once, links that one record into each place, and finishes by itself', async () => {
    const course = expectOk(await h.call<Course[]>('videoRepository', 'courses')).find((c) => !c.hasOnlyVideos && c.modulesCount > 0)!;
    const top = expectOk(await h.call<DocumentListing>('videoRepository', 'document', { id: course._id }));
    const module = top.descendants.find((d) => d.type === 'folder')!;
    const folder = join(dir, '6 Same intro');
    const clip = await writeVideo(join(dir, 'intro-source.mp4'));
    // Three places, the same bytes, the same title: what editors do with one intro clip in several topics.
    for (const place of ['1 Milking', '2 Feeding', '3 Calving']) {
      await mkdir(join(folder, place), { recursive: true });
      await copyFile(clip, join(folder, place, 'Intro.mp4'));
    }
    const libraryBefore = expectOk(await h.call<LibraryFile[]>('library', 'mediaList')).length;
    h.dialogs.paths.push([folder]);
    const preview = expectOk(await h.call<ImportPreview>('courseImport', 'pick', { target: { kind: 'folder', courseId: course._id, parent: module._id } }));
    const defaults = await importDefaults(false);
    expectOk(
      await h.call<ImportStatus>('courseImport', 'start', {
        importId: preview.importId,
        titles: {},
        course: null,
        defaults,
      }),
    );
    // Nothing is pressed (no Resume, no keep): the import must finish by itself.
    const status = await untilDone();
    expect(status?.phase, JSON.stringify(status)).toBe('done');
    expect(status!.videos).toEqual({ uploaded: 3, linked: 3, failed: 0, total: 3 });
    expect(expectOk(await h.call<LibraryFile[]>('library', 'mediaList')).length).toBe(libraryBefore + 1);

    const topic = expectOk(await h.call<DocumentListing>('videoRepository', 'document', { id: module._id })).descendants.at(-1)!;
    const places = expectOk(await h.call<DocumentListing>('videoRepository', 'document', { id: topic._id })).descendants;
    expect(places.map((d) => d.title)).toEqual(['Milking', 'Feeding', 'Calving']);
    const linked = [];
    for (const place of places) linked.push(...expectOk(await h.call<DocumentListing>('videoRepository', 'document', { id: place._id })).descendants);
    expect(linked.map((d) => `${d.type} ${d.title}`)).toEqual(['file Intro', 'file Intro', 'file Intro']);
    expect(new Set(linked.map((d) => d.fileId?._id)).size).toBe(1);
  }, 120_000);
});

describe('a new course from a folder', () => {
  it('links a video at the top of the course there (its parent empty), beside its modules', async () => {
    const folder = join(dir, 'Top and module');
    await mkdir(join(folder, '1 Basics'), { recursive: true });
    await writeVideo(join(folder, 'Welcome.mp4'));
    await writeVideo(join(folder, '1 Basics', 'First steps.mp4'), 5000);
    await writeFile(join(folder, 'cover.png'), Buffer.from(PNG_1PX, 'hex'));
    h.dialogs.paths.push([folder]);
    const preview = expectOk(await h.call<ImportPreview>('courseImport', 'pick', { target: { kind: 'course' } }));
    const welcome = preview.nodes.find((n) => n.title === 'Welcome')!;
    expect(welcome).toMatchObject({ kind: 'video', skipped: false, problems: [] });
    const defaults = await importDefaults(false);
    expectOk(
      await h.call<ImportStatus>('courseImport', 'start', {
        importId: preview.importId,
        titles: {},
        course: { name: 'Top and module', language: 'English', thumbnailGrantId: preview.thumbnail!.grantId },
        defaults,
      }),
    );
    const status = await untilDone();
    expect(status?.phase, JSON.stringify(status)).toBe('done');
    expect(status!.videos).toMatchObject({ linked: 2, failed: 0, total: 2 });
    const course = expectOk(await h.call<Course[]>('videoRepository', 'courses')).find((c) => c.name === 'Top and module')!;
    const top = expectOk(await h.call<DocumentListing>('videoRepository', 'document', { id: course._id })).descendants;
    expect(top.map((d) => `${d.type} ${d.title}`).sort()).toEqual(['file Welcome', 'folder Basics']);
    expect(top.find((d) => d.type === 'file')!.parent ?? '').toBe('');
  }, 120_000);
});

describe('a folder import with a damaged video', () => {
  it('holds it (not uploaded, not linked, the import not done) and says why; removed from the queue, the import finishes without it', async () => {
    const course = expectOk(await h.call<Course[]>('videoRepository', 'courses')).find((c) => !c.hasOnlyVideos && c.modulesCount > 0)!;
    const top = expectOk(await h.call<DocumentListing>('videoRepository', 'document', { id: course._id }));
    const module = top.descendants.find((d) => d.type === 'folder')!;
    const folder = join(dir, '7 Damaged');
    await mkdir(folder, { recursive: true });
    await writeVideo(join(folder, '1 Good.mp4'));
    const { made } = await makeHostile(join(dir, 'hostile'), ['truncated-phone.mov']);
    await copyFile(made.get('truncated-phone.mov')!, join(folder, '2 Half copied.mov'));
    const libraryBefore = expectOk(await h.call<LibraryFile[]>('library', 'mediaList')).length;
    h.dialogs.paths.push([folder]);
    const preview = expectOk(await h.call<ImportPreview>('courseImport', 'pick', { target: { kind: 'folder', courseId: course._id, parent: module._id } }));
    // The preview's verdicts, read by main's media worker after the preview: the words Bulk Upload and Add File use.
    let judged: ImportVerdicts | null = null;
    for (let i = 0; i < 600 && !(judged && judged.read === judged.total); i++) {
      judged = expectOk(await h.call<ImportVerdicts>('courseImport', 'verdicts', { importId: preview.importId }));
      if (judged.read < judged.total) await new Promise((r) => setTimeout(r, 100));
    }
    const idOf = (title: string) => preview.nodes.find((n) => n.title === title)!.id;
    expect(judged!.total).toBe(2);
    expect(judged!.verdicts[idOf('Good')]).toEqual({ kind: 'playable' });
    expect(judged!.verdicts[idOf('Half copied')]).toEqual({ kind: 'unplayable', reason: 'index-missing', text: MEDIA_VERDICT_TEXT.indexMissing });
    expect(await h.call('courseImport', 'verdicts', { importId: 'not-a-preview' })).toMatchObject({ ok: false, error: { message: 'This preview is no longer open. Choose the folder again.' } });
    const defaults = await importDefaults(false);
    expectOk(
      await h.call<ImportStatus>('courseImport', 'start', {
        importId: preview.importId,
        titles: {},
        course: null,
        defaults,
      }),
    );
    const poll = async (done: (s: ImportStatus) => boolean) => {
      let status: ImportStatus | null = null;
      for (let i = 0; i < 600 && !(status && done(status)); i++) {
        status = expectOk(await h.call<ImportStatus | null>('courseImport', 'status'));
        if (!(status && done(status))) await new Promise((r) => setTimeout(r, 100));
      }
      return status!;
    };
    const held = await poll((s) => s.videos.linked === 1 && !!s.entries.find((e) => e.path.endsWith('Half copied'))?.message);
    const entry = held.entries.find((e) => e.path.endsWith('Half copied'))!;
    expect(entry.state).toBe('held');
    expect(entry.message).toMatch(/^Needs attention in Bulk Upload: Not a playable video or audio file: Its index is missing/);
    expect(held.phase).not.toBe('done');
    expect(held.videos).toMatchObject({ uploaded: 1, linked: 1, total: 2 });
    expect(expectOk(await h.call<LibraryFile[]>('library', 'mediaList')).length).toBe(libraryBefore + 1);

    const queued = expectOk(await h.call<{ rows: BulkItemView[] }>('bulk', 'list', { offset: 0, limit: 500 })).rows.find((r) => r.file.name === '2 Half copied.mov')!;
    expect(queued).toMatchObject({ held: true, state: 'waiting' });
    expectOk(await h.call('bulk', 'remove', { ids: [queued.id] }));
    const done = await poll((s) => s.phase === 'done');
    expect(done.videos).toMatchObject({ linked: 1, failed: 1, total: 2 });
    expect(expectOk(await h.call<LibraryFile[]>('library', 'mediaList')).length).toBe(libraryBefore + 1);
  }, 180_000);
});

describe('the preload\'s folder-import drop channel', () => {
  const drop = (input: unknown) => h.core.preloadHandlers.get(PRELOAD_CHANNELS.importDropped)!(input) as Promise<Result<ImportPreview>>;
  const refusal = async (input: unknown) => {
    const answer = await drop(input);
    if (answer.ok) throw new Error('the drop was taken');
    return answer.error.message;
  };

  it('takes exactly one readable folder, as courseImport.pick takes the dialog\'s, and says what it takes otherwise', async () => {
    const folder = join(dir, '2 Calving');
    await mkdir(join(folder, '1 Signs'), { recursive: true });
    await writeVideo(join(folder, '1 Signs', '1 Restless cow.mp4'));
    const file = join(dir, 'Loose clip.mp4');
    await writeVideo(file);
    await writeFile(join(dir, 'notes.txt'), 'calving\n');
    const course = { kind: 'course' };

    const preview = expectOk(await drop({ paths: [folder], target: course }));
    expect(preview.folderName).toBe('2 Calving');
    expect(preview.nodes.map((n) => `${n.level} ${n.title}`)).toEqual(['course Calving', 'module Signs', 'file Restless cow']);

    const oneFolder = 'Drop one folder here: its folders and videos are imported together. To upload single files, use Bulk Upload.';
    expect(await refusal({ paths: [file], target: course })).toBe(oneFolder);
    expect(await refusal({ paths: [folder, file], target: course })).toBe(oneFolder);
    expect(await refusal({ paths: [folder, join(dir, 'notes.txt')], target: course })).toBe(oneFolder);
    // An item the preload could not resolve ('') counts as dropped: two items are not one folder.
    expect(await refusal({ paths: [folder, ''], target: course })).toBe(oneFolder);
    expect(await refusal({ paths: [join(dir, 'gone')], target: course })).toBe('This folder cannot be read. Check that you may open it, then drop it again.');
    // Not the preload's shape (no paths, a target main does not know): nothing is read.
    expect(await refusal({ paths: [], target: course })).toBe('This item is not a file on this computer. Drop a file from a folder, or choose it.');
    expect(await refusal({ paths: [folder], target: { kind: 'elsewhere' } })).toBe('This item is not a file on this computer. Drop a file from a folder, or choose it.');
  });

  it('imports into the folder of a course it was dropped on, a level below it', async () => {
    const course = expectOk(await h.call<Course[]>('videoRepository', 'courses')).find((c) => !c.hasOnlyVideos && c.modulesCount > 0)!;
    const top = expectOk(await h.call<DocumentListing>('videoRepository', 'document', { id: course._id }));
    const module = top.descendants.find((d) => d.type === 'folder')!;
    const folder = join(dir, 'Grazing');
    await mkdir(folder, { recursive: true });
    await writeVideo(join(folder, 'Rotation.mp4'));
    const preview = expectOk(await drop({ paths: [folder], target: { kind: 'folder', courseId: course._id, parent: module._id } }));
    expect(preview.language).toBe(course.language);
    expect(preview.nodes.map((n) => `${n.level} ${n.title}`)).toEqual(['topic Grazing', 'file Rotation']);
  });
});

describe('courseImport.start with a thumbnail that is not an image', () => {
  it('is refused at once with the course form\'s words (named .png but a video inside, or an .mp4 chosen), and no import starts', async () => {
    const folder = join(dir, 'Thumbs');
    await mkdir(join(folder, '1 Basics'), { recursive: true });
    await writeVideo(join(folder, '1 Basics', 'Intro.mp4'));
    await copyFile(join(folder, '1 Basics', 'Intro.mp4'), join(folder, 'cover.png'));
    h.dialogs.paths.push([folder]);
    const preview = expectOk(await h.call<ImportPreview>('courseImport', 'pick', { target: { kind: 'course' } }));
    expect(preview.thumbnail?.name).toBe('cover.png');
    const defaults = await importDefaults(false);
    const start = (thumbnailGrantId: string) =>
      h.call<ImportStatus>('courseImport', 'start', {
        importId: preview.importId,
        titles: {},
        course: { name: 'Thumbs', language: 'English', thumbnailGrantId },
        defaults,
      });
    const before = expectOk(await h.call<ImportStatus | null>('courseImport', 'status'));
    const refused = await start(preview.thumbnail!.grantId);
    expect(refused).toEqual({ ok: false, error: { kind: 'validation', message: 'The thumbnail must be a png, jpg or jpeg image.' } });
    h.dialogs.file.push(join(folder, '1 Basics', 'Intro.mp4'));
    const mp4 = expectOk(await h.call<{ grantId: string }>('files', 'pick', { kind: 'image' }));
    expect(await start(mp4.grantId)).toEqual(refused);
    expect(expectOk(await h.call<ImportStatus | null>('courseImport', 'status'))?.importId ?? null).toBe(before?.importId ?? null);
  });
});

describe('courseImport.cancel', () => {
  it('stops an import that waits (a held video): what was made stays, the held upload leaves the queue, and the next import may start', async () => {
    const course = expectOk(await h.call<Course[]>('videoRepository', 'courses')).find((c) => !c.hasOnlyVideos && c.modulesCount > 0)!;
    const top = expectOk(await h.call<DocumentListing>('videoRepository', 'document', { id: course._id }));
    const module = top.descendants.find((d) => d.type === 'folder')!;
    const folder = join(dir, '8 Stuck');
    await mkdir(folder, { recursive: true });
    await writeVideo(join(folder, '1 Fine.mp4'));
    const { made } = await makeHostile(join(dir, 'hostile-2'), ['truncated-phone.mov']);
    await copyFile(made.get('truncated-phone.mov')!, join(folder, '2 Broken.mov'));
    h.dialogs.paths.push([folder]);
    const target = { kind: 'folder', courseId: course._id, parent: module._id };
    const preview = expectOk(await h.call<ImportPreview>('courseImport', 'pick', { target }));
    const defaults = await importDefaults(false);
    const started = expectOk(await h.call<ImportStatus>('courseImport', 'start', { importId: preview.importId, titles: {}, course: null, defaults }));
    let status: ImportStatus | null = null;
    for (let i = 0; i < 600 && !(status?.videos.linked === 1 && status.entries.some((e) => e.message)); i++) {
      status = expectOk(await h.call<ImportStatus | null>('courseImport', 'status'));
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status!.phase).toBe('uploading');

    const stopped = expectOk(await h.call<ImportStatus | null>('courseImport', 'cancel', { importId: started.importId }))!;
    expect(stopped.phase).toBe('cancelled');
    expect(stopped.problem).toBe('Cancelled. What was made before stays; uploads not yet sent were taken out of the queue.');
    const broken = expectOk(await h.call<{ rows: BulkItemView[] }>('bulk', 'list', { offset: 0, limit: 500 })).rows.find((r) => r.file.name === '2 Broken.mov')!;
    expect(broken.state).toBe('cancelled');
    const inModule = expectOk(await h.call<DocumentListing>('videoRepository', 'document', { id: module._id })).descendants;
    expect(inModule.some((d) => d.title === 'Stuck')).toBe(true);

    // Not "Another folder is being imported": the next one previews and may start.
    const next = join(dir, '9 Next');
    await mkdir(next, { recursive: true });
    await writeVideo(join(next, 'One.mp4'));
    h.dialogs.paths.push([next]);
    const second = expectOk(await h.call<ImportPreview>('courseImport', 'pick', { target }));
    expectOk(await h.call<ImportStatus>('courseImport', 'start', { importId: second.importId, titles: {}, course: null, defaults }));
  }, 180_000);
});
