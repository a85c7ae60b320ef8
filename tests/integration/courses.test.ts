import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_MSG, COURSE_TEXT } from '../../src/shared/course-messages';
import type { Course, DocumentListing } from '../../src/shared/schemas/courses';
import type { LibraryFile } from '../../src/shared/schemas/library';
import { DEMO_COURSES } from '../../server/video-repository/seed';
import { expectOk, startHarness, type Harness, PNG_1PX } from './harness';

let h: Harness;
let work: string;
let png: string;
let library: LibraryFile[];


beforeAll(async () => {
  h = await startHarness();
  await h.login();
  work = await mkdtemp(join(tmpdir(), 'cc-courses-'));
  png = join(work, 'thumb.png');
  await writeFile(png, Buffer.from(PNG_1PX, 'hex'));
  library = expectOk(await h.call<LibraryFile[]>('library', 'mediaList'));
});
afterAll(async () => {
  await h.close();
  await rm(work, { recursive: true, force: true });
});

const courses = async () => expectOk(await h.call<Course[]>('videoRepository', 'courses'));
const grant = async (path: string) => expectOk(await h.grantFile(path));
const listing = async (id: string) => expectOk(await h.call<DocumentListing>('videoRepository', 'document', { id }));
const media = async () => (await readdir(join(h.dataDir, 'media'))).filter((n) => n.startsWith('course-')).sort();
const draft = (over: Record<string, unknown> = {}) => ({
  name: 'Soap making at home', description: 'Cold process soap, safely.', language: 'Telugu', courseFee: 0, modulesSkippable: false,
  hasOnlyVideos: false, ...over,
});
/** Raw HTTP to the reference server with the session's token (to send what the app's own schemas would refuse). */
const raw = async (method: string, path: string, body?: BodyInit, headers: Record<string, string> = {}) => {
  const token = h.core.session.currentToken()!;
  const response = await fetch(`${h.serverUrl}/video-repository${path}`, { method, body, headers: { authorization: token, ...headers } });
  return { status: response.status, body: (await response.json()) as { error: boolean; errorMessage?: string } };
};

async function addCourse(name: string, over: Record<string, unknown> = {}): Promise<Course> {
  const g = await grant(png);
  expectOk(await h.call('videoRepository', 'createCourse', { ...draft({ name, ...over }), thumbnail: { grantId: g.grantId } }));
  return (await courses()).find((c) => c.name === name)!;
}

describe('videoRepository.courses', () => {
  it('lists the demo courses in order, in several languages, with their modules', async () => {
    const list = await courses();
    expect(list.map((c) => c.name)).toEqual(DEMO_COURSES.map((c) => c.name));
    expect(new Set(list.map((c) => c.language)).size).toBeGreaterThanOrEqual(5);
    const dairy = list[0]!;
    expect(dairy).toMatchObject({ referenceId: expect.stringMatching(/^CRS\d{4}$/), status: 'live', pricingPlan: { planType: 'Free', courseFee: 0 } });
    expect(dairy.modulesCount).toBe(3);
    expect(dairy.modules.map((m) => m.title)).toEqual(['Planning the dairy', 'Feeding and health', 'Selling your milk']);
    expect(list.find((c) => c.pricingPlan.courseFee > 0)!.pricingPlan.planType).toBe('Paid');
    expect(list.some((c) => c.status === 'draft')).toBe(true);
  });
});

describe('videoRepository.createCourse', () => {
  it('adds a course as draft with its thumbnail streamed to the media folder, served by a signed URL', async () => {
    const before = await media();
    h.events.length = 0;
    const g = await grant(png);
    const result = await h.call('videoRepository', 'createCourse', { ...draft({ courseFee: 250 }), thumbnail: { grantId: g.grantId }, uploadId: 'course-1' });
    expect(expectOk(result)).toEqual({ message: 'Course has been Added' });
    const progress = h.events.filter((e) => e.event === 'upload:progress').map((e) => e.payload as { uploadId: string; sent: number; total: number });
    expect(progress.at(-1)).toMatchObject({ uploadId: 'course-1' });
    expect(progress.at(-1)!.sent).toBe(progress.at(-1)!.total);
    const added = (await courses()).at(-1)!;
    expect(added).toMatchObject({ name: 'Soap making at home', status: 'draft', pricingPlan: { planType: 'Paid', courseFee: 250 }, modulesCount: 0 });
    expect((await media()).length).toBe(before.length + 1);
    const image = await fetch(added.thumbnail);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await fetch(added.thumbnail.split('?')[0]!)).status).toBe(401);
  });

  it('refuses a negative fee, a missing name and a missing thumbnail with texts, before any call', async () => {
    const g = await grant(png);
    expect(await h.call('videoRepository', 'createCourse', { ...draft({ courseFee: -1 }), thumbnail: { grantId: g.grantId } })).toMatchObject({
      ok: false, error: { kind: 'validation', message: COURSE_TEXT.feeNotNegative },
    });
    expect(await h.call('videoRepository', 'createCourse', { ...draft({ name: '  ' }), thumbnail: { grantId: g.grantId } })).toMatchObject({
      ok: false, error: { message: COURSE_TEXT.enterCourseName },
    });
    expect(await h.call('videoRepository', 'createCourse', draft())).toMatchObject({ ok: false, error: { message: COURSE_TEXT.addThumbnail } });
  });

  it('the server itself refuses a negative fee, a missing thumbnail and a non-image with a 400 and stores nothing', async () => {
    const count = (await courses()).length;
    const files = await media();
    const form = (fee: string, thumbnail?: { name: string; type: string }) => {
      const body = new FormData();
      body.set('name', 'Refused course');
      body.set('language', 'Hindi');
      body.set('courseFee', fee);
      if (thumbnail) body.set('thumbnail', new Blob([Buffer.from(PNG_1PX, 'hex')], { type: thumbnail.type }), thumbnail.name);
      return body;
    };
    const negative = await raw('POST', '/course', form('-5', { name: 't.png', type: 'image/png' }));
    expect(negative.status).toBe(400);
    expect(negative.body.errorMessage).toBe(COURSE_TEXT.feeNotNegative);
    const missing = await raw('POST', '/course', form('10'));
    expect(missing).toMatchObject({ status: 400, body: { errorMessage: COURSE_TEXT.addThumbnail } });
    const gif = await raw('POST', '/course', form('10', { name: 't.gif', type: 'image/gif' }));
    expect(gif).toMatchObject({ status: 400, body: { errorMessage: COURSE_TEXT.thumbnailType } });
    expect((await courses()).length).toBe(count);
    expect(await media()).toEqual(files);
    expect((await readdir(join(h.dataDir, 'media'))).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
  });
});

describe('videoRepository.updateCourse', () => {
  it('edits fields and goes live, keeps the thumbnail unless replaced, removes a replaced one', async () => {
    const course = await addCourse('Course to edit');
    const before = await media();
    expectOk(await h.call('videoRepository', 'updateCourse', { id: course._id, ...draft({ name: 'Course edited', status: 'live', courseFee: 0 }) }));
    const edited = (await courses()).find((c) => c._id === course._id)!;
    expect(edited).toMatchObject({ name: 'Course edited', status: 'live', pricingPlan: { planType: 'Free' } });
    expect(edited.thumbnail.split('?')[0]).toBe(course.thumbnail.split('?')[0]);
    // Status and switches left out keep their values: the course stays live.
    const { modulesSkippable: _m, hasOnlyVideos: _v, ...partial } = draft({ name: 'Course edited', courseFee: 5 });
    expectOk(await h.call('videoRepository', 'updateCourse', { id: course._id, ...partial }));
    expect((await courses()).find((c) => c._id === course._id)).toMatchObject({ status: 'live', pricingPlan: { courseFee: 5 } });
    const g = await grant(png);
    expect(expectOk(await h.call('videoRepository', 'updateCourse', { id: course._id, ...draft({ name: 'Course edited' }), thumbnail: { grantId: g.grantId } }))).toEqual({
      message: 'Course has been Updated',
    });
    const after = await media();
    expect(after.length).toBe(before.length);
    expect(after).not.toEqual(before);
    expect(await h.call('videoRepository', 'updateCourse', { id: 'missing', ...draft() })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});

describe('videoRepository.deleteCourse', () => {
  it('deletes the course, its folders and files, and its thumbnail', async () => {
    const course = await addCourse('Course to delete');
    expectOk(await h.call('videoRepository', 'createDocument', { title: 'Module A', type: 'folder', courseId: course._id, parent: '' }));
    const files = await media();
    expect(expectOk(await h.call('videoRepository', 'deleteCourse', { id: course._id }))).toEqual({ message: 'Course has been Deleted' });
    expect((await courses()).some((c) => c._id === course._id)).toBe(false);
    expect((await media()).length).toBe(files.length - 1);
    expect(await h.call('videoRepository', 'document', { id: course._id })).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await h.call('videoRepository', 'deleteCourse', { id: course._id })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});

describe('videoRepository.courseSequence', () => {
  it('saves a new order of some courses in one call; the others keep their places', async () => {
    const list = await courses();
    const [a, b, c] = list;
    expectOk(await h.call('videoRepository', 'courseSequence', { courses: [c!._id, a!._id, b!._id] }));
    const after = await courses();
    expect(after.slice(0, 3).map((x) => x._id)).toEqual([c!._id, a!._id, b!._id]);
    expect(after.slice(3).map((x) => x._id)).toEqual(list.slice(3).map((x) => x._id));
    expect(await h.call('videoRepository', 'courseSequence', { courses: [a!._id, a!._id] })).toMatchObject({ ok: false, error: { message: COURSE_TEXT.duplicateIds } });
    expect(await h.call('videoRepository', 'courseSequence', { courses: [a!._id, 'nope'] })).toMatchObject({ ok: false, error: { status: 400 } });
    expect((await courses()).map((x) => x._id)).toEqual(after.map((x) => x._id));
  });
});

describe('videoRepository.document', () => {
  it('opens a course top level, then three folder levels, with breadcrumbs, contents and the course', async () => {
    const dairy = (await courses()).find((c) => c.name === 'Start your own dairy')!;
    const top = await listing(dairy._id);
    expect(top.parentInfo).toBeNull();
    expect(top.courseDoc._id).toBe(dairy._id);
    expect(top.descendants.map((d) => [d.title, d.type, d.level])).toEqual([
      ['Planning the dairy', 'folder', 'module'], ['Feeding and health', 'folder', 'module'], ['Selling your milk', 'folder', 'module'],
    ]);
    expect(top.descendants[0]!.contents.files).toBeGreaterThan(0);
    const module = await listing(top.descendants[0]!._id);
    expect(module.parentInfo).toMatchObject({ title: 'Planning the dairy', ancestors: [] });
    const topic = await listing(module.descendants[0]!._id);
    expect(topic.parentInfo!.ancestors.map((a) => a.title)).toEqual(['Planning the dairy']);
    const concept = await listing(topic.descendants[0]!._id);
    expect(concept.parentInfo).toMatchObject({ level: 'concept' });
    expect(concept.parentInfo!.ancestors.map((a) => a.title)).toEqual(['Planning the dairy', 'Choosing your cattle']);
    const file = concept.descendants[0]!;
    expect(file).toMatchObject({ type: 'file', level: 'file', courseId: dairy._id, parent: concept.parentInfo!._id });
    expect(library.map((f) => f._id)).toContain(file.fileId!._id);
    expect(file.fileId!.previewUrl).toMatch(/^https?:\/\//);
    expect(await h.call('videoRepository', 'document', { id: file._id })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(await h.call('videoRepository', 'document', { id: 'nope' })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});

describe('videoRepository.createDocument', () => {
  it('adds folders three levels deep and a video file, and a file at the top (its parent empty); refuses a fourth level, a folder of another course', async () => {
    const course = await addCourse('Directory course');
    const add = (input: Record<string, unknown>) => h.call('videoRepository', 'createDocument', { courseId: course._id, ...input });
    expect(expectOk(await add({ title: 'Module 1', description: 'First module', type: 'folder', parent: '' }))).toEqual({ message: 'Folder has been Added' });
    const module = (await listing(course._id)).descendants[0]!;
    expectOk(await add({ title: 'Topic 1', type: 'folder', parent: module._id }));
    const topic = (await listing(module._id)).descendants[0]!;
    expectOk(await add({ title: 'Concept 1', type: 'folder', parent: topic._id }));
    const concept = (await listing(topic._id)).descendants[0]!;
    expect(await add({ title: 'Too deep', type: 'folder', parent: concept._id })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(expectOk(await add({ title: 'Intro video', type: 'file', parent: concept._id, freeToWatch: true, fileId: library[0]!._id, description: 'Watch first' }))).toEqual({
      message: 'File has been Added',
    });
    expect((await listing(concept._id)).descendants[0]).toMatchObject({ title: 'Intro video', freeToWatch: true, description: 'Watch first', fileId: { _id: library[0]!._id } });
    // Spec 2: a document's parent is empty at the top level, where Add File is offered too.
    expect(expectOk(await add({ title: 'Top file', type: 'file', parent: '', fileId: library[0]!._id }))).toEqual({ message: 'File has been Added' });
    expect((await listing(course._id)).descendants.map((d) => [d.title, d.type])).toEqual([['Module 1', 'folder'], ['Top file', 'file']]);
    expectOk(await h.call('videoRepository', 'addDescendants', { courseId: course._id, parent: '', fileIds: [library[1]!._id], freeToWatch: false }));
    expect((await listing(course._id)).descendants.map((d) => d.type)).toEqual(['folder', 'file', 'file']);
    expect(await add({ title: 'Bad file', type: 'file', parent: concept._id, fileId: 'not-in-library' })).toMatchObject({ ok: false, error: { status: 400 } });
    const other = (await courses()).find((c) => c.name === 'Start your own dairy')!;
    const before = (await listing(module._id)).descendants.length;
    const crossed = await h.call('videoRepository', 'createDocument', { title: 'Crossed', type: 'folder', courseId: other._id, parent: module._id });
    expect(crossed).toMatchObject({ ok: false, error: { status: 400, message: 'The parent folder belongs to another course.' } });
    expect((await listing(module._id)).descendants.length).toBe(before);
    expect((await listing(other._id)).descendants.some((d) => d.title === 'Crossed')).toBe(false);
  });

  it('refuses a blank name, a file without title (the spec text) or without a video', async () => {
    const course = (await courses())[0]!;
    expect(await h.call('videoRepository', 'createDocument', { title: ' ', type: 'folder', courseId: course._id, parent: '' })).toMatchObject({
      ok: false, error: { kind: 'validation', message: COURSE_TEXT.enterFolderName },
    });
    expect(await h.call('videoRepository', 'createDocument', { title: '', type: 'file', courseId: course._id, parent: course.modules[0]!._id, fileId: library[0]!._id })).toMatchObject({
      ok: false, error: { message: COURSE_MSG.fillMandatory },
    });
    expect(await h.call('videoRepository', 'createDocument', { title: 'No video', type: 'file', courseId: course._id, parent: course.modules[0]!._id })).toMatchObject({
      ok: false, error: { message: COURSE_TEXT.chooseVideo },
    });
  });
});

describe('videoRepository.updateDocument', () => {
  it("renames a folder, edits a file's title, video and free-to-watch; a folder takes no video", async () => {
    const course = await addCourse('Update docs course');
    expectOk(await h.call('videoRepository', 'createDocument', { title: 'M', type: 'folder', courseId: course._id, parent: '' }));
    const module = (await listing(course._id)).descendants[0]!;
    expectOk(await h.call('videoRepository', 'updateDocument', { id: module._id, title: 'Module renamed', description: 'Now described' }));
    expect((await listing(course._id)).descendants[0]).toMatchObject({ title: 'Module renamed', description: 'Now described' });
    expect(await h.call('videoRepository', 'updateDocument', { id: module._id, title: 'x', fileId: library[0]!._id })).toMatchObject({ ok: false, error: { status: 400 } });
    expectOk(await h.call('videoRepository', 'createDocument', { title: 'Clip', type: 'file', courseId: course._id, parent: module._id, fileId: library[0]!._id }));
    const file = (await listing(module._id)).descendants[0]!;
    expectOk(await h.call('videoRepository', 'updateDocument', { id: file._id, title: 'Clip renamed', freeToWatch: true, fileId: library[1]!._id }));
    expect((await listing(module._id)).descendants[0]).toMatchObject({ title: 'Clip renamed', freeToWatch: true, fileId: { _id: library[1]!._id } });
    // The video Edit dialog sends the title only: the rest stays.
    expectOk(await h.call('videoRepository', 'updateDocument', { id: module._id, title: 'Module, title only' }));
    expect((await listing(course._id)).descendants[0]).toMatchObject({ title: 'Module, title only', description: 'Now described' });
  });
});

describe('videoRepository.deleteDocument', () => {
  it('deletes a folder with everything below and says what went', async () => {
    const dairy = (await courses()).find((c) => c.name === 'Start your own dairy')!;
    const modules = (await listing(dairy._id)).descendants;
    const last = modules.at(-1)!;
    const result = expectOk(await h.call<{ message: string; deleted: { folders: number; files: number } }>('videoRepository', 'deleteDocument', { id: last._id }));
    expect(result).toEqual({ message: COURSE_MSG.documentDeleted, deleted: { folders: last.contents.folders + 1, files: last.contents.files } });
    expect((await listing(dairy._id)).descendants.length).toBe(modules.length - 1);
    expect(await h.call('videoRepository', 'document', { id: last._id })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});

describe('videoRepository.reorderDocuments', () => {
  it("saves a folder's new order in one call; refuses one that names a document of another folder, changing nothing", async () => {
    const dairy = (await courses()).find((c) => c.name === 'Start your own dairy')!;
    const modules = (await listing(dairy._id)).descendants;
    const reversed = [...modules].reverse().map((d) => d._id);
    expect(expectOk(await h.call('videoRepository', 'reorderDocuments', { descendants: reversed }))).toEqual({ message: 'The new order has been saved' });
    expect((await listing(dairy._id)).descendants.map((d) => d._id)).toEqual(reversed);
    const child = (await listing(modules[0]!._id)).descendants[0]!;
    const mixed = await h.call('videoRepository', 'reorderDocuments', { descendants: [child._id, ...modules.map((d) => d._id)] });
    expect(mixed).toMatchObject({ ok: false, error: { status: 400, message: 'The new order names documents of different folders. Reorder one folder at a time.' } });
    expect((await listing(dairy._id)).descendants.map((d) => d._id)).toEqual(reversed);
  });
});

describe('videoRepository.addDescendants', () => {
  it('adds library files to a folder in one call, titled like the library files', async () => {
    const course = await addCourse('Descendants course');
    expectOk(await h.call('videoRepository', 'createDocument', { title: 'M', type: 'folder', courseId: course._id, parent: '' }));
    const module = (await listing(course._id)).descendants[0]!;
    const picked = library.slice(0, 3).map((f) => f._id);
    expect(expectOk(await h.call('videoRepository', 'addDescendants', { courseId: course._id, parent: module._id, fileIds: picked }))).toEqual({
      message: '3 files have been Added',
    });
    const files = (await listing(module._id)).descendants;
    expect(files.map((f) => f.title)).toEqual(library.slice(0, 3).map((f) => f.title));
    expect(await h.call('videoRepository', 'addDescendants', { courseId: course._id, parent: module._id, fileIds: [] })).toMatchObject({
      ok: false, error: { message: COURSE_TEXT.chooseVideo },
    });
    const other = (await courses()).find((c) => c.name === 'Start your own dairy')!;
    expect(await h.call('videoRepository', 'addDescendants', { courseId: other._id, parent: module._id, fileIds: picked })).toMatchObject({
      ok: false, error: { status: 400 },
    });
    expect((await listing(module._id)).descendants.length).toBe(3);
  });
});

describe('library.mediaList (?language=, the directory video picker)', () => {
  it("lists one language's library files when asked, every file without", async () => {
    const hindi = expectOk(await h.call<LibraryFile[]>('library', 'mediaList', { language: 'Hindi' }));
    expect(hindi.length).toBeGreaterThan(0);
    expect(hindi.length).toBeLessThan(library.length);
    expect(hindi.every((f) => f.language === 'Hindi')).toBe(true);
    const response = await fetch(`${h.serverUrl}/library/media/list?language=Tamil`, { headers: { authorization: h.core.session.currentToken()! } });
    const body = (await response.json()) as { files: LibraryFile[] };
    expect(body.files.length).toBeGreaterThan(0);
    expect(body.files.every((f) => f.language === 'Tamil')).toBe(true);
    expect(await h.call('library', 'mediaList', { language: 'Latin' })).toMatchObject({ ok: false, error: { kind: 'validation' } });
  });
});
