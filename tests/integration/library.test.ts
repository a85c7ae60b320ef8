import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessIdea } from '../../src/shared/schemas/business-ideas';
import type { Keyword, LibraryCategory, LibraryFile, Moment } from '../../src/shared/schemas/library';
import { MSG, urlExistsMessage } from '../../src/shared/messages';
import { expectOk, startHarness, type Harness, PNG_1PX } from './harness';

let h: Harness;
let work: string;
let ideas: BusinessIdea[];
let keywords: Keyword[];
let categories: LibraryCategory[];
let video: string | null = null;

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasFfmpeg) console.warn('[library.test] ffmpeg is missing: the real-video upload tests are skipped (CI installs ffmpeg).');

beforeAll(async () => {
  h = await startHarness();
  await h.login();
  work = await mkdtemp(join(tmpdir(), 'cc-lib-'));
  ideas = expectOk(await h.call<BusinessIdea[]>('businessIdeas', 'all'));
  keywords = expectOk(await h.call<Keyword[]>('library', 'keywords'));
  categories = expectOk(await h.call<LibraryCategory[]>('library', 'categories'));
  if (hasFfmpeg) {
    video = join(work, 'clip.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=10', '-f', 'lavfi', '-i', 'sine=duration=2', '-shortest', '-y', video]);
  }
});
afterAll(async () => {
  await h.close();
  await rm(work, { recursive: true, force: true });
});

const uniqueUrl = () => `https://media.example.com/test/${Date.now()}-${Math.random().toString(36).slice(2)}.mp4`;
const linkDraft = (over: Record<string, unknown> = {}) => ({
  title: 'Test link', description: 'A link for the tests', language: 'English', visibility: 'Public', status: 'live', level: 2,
  type: 'Interview', businessIdeas: [ideas[0]!._id], category: [categories[0]!._id], keywords: [keywords[0]!._id], source: 'tests',
  fileType: 'link', fileUrl: uniqueUrl(), duration: 125, ...over,
});
const list = async () => expectOk(await h.call<LibraryFile[]>('library', 'mediaList'));
const grant = async (path: string) => expectOk(await h.grantFile(path));
const mediaDir = () => join(h.dataDir, 'media');
const stored = async () => (await readdir(mediaDir())).sort();

describe('library.mediaList', () => {
  it('lists the seeded files with their fields', async () => {
    const files = await list();
    expect(files.length).toBeGreaterThanOrEqual(8);
    const restricted = files.find((f) => f.visibility === 'Restricted');
    expect(restricted).toMatchObject({ status: '', level: 0 });
    expect(files[0]!.metaInfo.created.at).toMatch(/^\d{4}-/);
  });

  it('narrows to one language (?language=, the directory video picker)', async () => {
    const hindi = expectOk(await h.call<LibraryFile[]>('library', 'mediaList', { language: 'Hindi' }));
    expect(hindi.length).toBeGreaterThan(0);
    expect(hindi.every((f) => f.language === 'Hindi')).toBe(true);
    expect(hindi.length).toBeLessThan((await list()).length);
  });
});

describe('library.media', () => {
  it('filters by status, language, type, visibility and level', async () => {
    const live = expectOk(await h.call<LibraryFile[]>('library', 'media', { status: 'live' }));
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((f) => f.status === 'live')).toBe(true);
    const some = expectOk(await h.call<LibraryFile[]>('library', 'media', { visibility: 'Public', level: 1, language: 'Hindi' }));
    expect(some.every((f) => f.level === 1 && f.language === 'Hindi' && f.visibility === 'Public')).toBe(true);
    expect(some.length).toBe(1);
    expect(await h.call('library', 'media', { level: 9 })).toMatchObject({ ok: false, error: { kind: 'validation' } });
  });
});

describe('library.checkUrl', () => {
  it('names the file that has the URL, or null', async () => {
    const [first] = await list();
    const link = (await list()).find((f) => f.fileType === 'link')!;
    void first;
    expect(expectOk(await h.call('library', 'checkUrl', { url: link.fileUrl }))).toMatchObject({ _id: link._id, title: link.title });
    expect(expectOk(await h.call('library', 'checkUrl', { url: uniqueUrl() }))).toBeNull();
  });
});

describe('library.createMedia', () => {
  it('adds a link (Restricted: empty status, level 0), refuses a duplicate URL with the spec text', async () => {
    const draft = linkDraft({ visibility: 'Restricted', status: 'live', level: 4, businessIdeas: [] });
    expect(expectOk(await h.call<{ message: string }>('library', 'createMedia', draft)).message).toBe('File has been Added');
    const added = (await list()).find((f) => f.fileUrl === draft.fileUrl)!;
    expect(added).toMatchObject({ title: 'Test link', status: '', level: 0, duration: 125, previewUrl: draft.fileUrl });
    const again = await h.call('library', 'createMedia', { ...draft, title: 'Other' });
    expect(again).toMatchObject({ ok: false, error: { kind: 'http', status: 409, message: urlExistsMessage('Test link') } });
  });

  it('refuses bad input with the spec texts before any call', async () => {
    expect(await h.call('library', 'createMedia', linkDraft({ title: ' ' }))).toMatchObject({ ok: false, error: { message: MSG.enterFileName } });
    expect(await h.call('library', 'createMedia', linkDraft({ fileUrl: 'not a url' }))).toMatchObject({ ok: false, error: { message: MSG.enterUrl } });
    expect(await h.call('library', 'createMedia', linkDraft({ duration: 0 }))).toMatchObject({ ok: false, error: { message: MSG.enterDuration } });
    expect(await h.call('library', 'createMedia', linkDraft({ keywords: [] }))).toMatchObject({ ok: false, error: { message: MSG.addGroups } });
    expect(await h.call('library', 'createMedia', linkDraft({ level: 0 }))).toMatchObject({ ok: false, error: { message: MSG.selectLevel } });
    expect(await h.call('library', 'createMedia', linkDraft({ fileType: 'video', fileUrl: '' }))).toMatchObject({ ok: false, error: { message: MSG.enterFile } });
  });

  it.skipIf(!hasFfmpeg)('uploads a real video from disk: duration read from the file, progress to the total, served with Range', async () => {
    const g = await grant(video!);
    expect(expectOk(await h.call('files', 'probe', { grantId: g.grantId }))).toMatchObject({ durationSeconds: 2, container: 'MPEG-4', video: { codec: 'AVC' } });
    h.events.length = 0;
    const result = await h.call('library', 'createMedia', {
      ...linkDraft({ title: 'Uploaded clip', fileType: 'video', fileUrl: '', duration: 0 }),
      file: { grantId: g.grantId },
      uploadId: 'up-1',
    });
    expect(expectOk(result)).toMatchObject({ message: 'File has been Added', _id: expect.any(String) });
    const progress = h.events.filter((e) => e.event === 'upload:progress').map((e) => e.payload as { uploadId: string; sent: number; total: number });
    expect(progress.length).toBeGreaterThan(0);
    const last = progress.at(-1)!;
    expect(last.uploadId).toBe('up-1');
    expect(last.sent).toBe(last.total);
    expect(last.total).toBeGreaterThan(g.size);
    const file = (await list()).find((f) => f.title === 'Uploaded clip')!;
    expect(file).toMatchObject({ fileType: 'video', duration: 2, fileName: 'clip.mp4', fileSize: g.size });
    const ranged = await fetch(file.previewUrl!, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-99/${g.size}`);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    expect((await fetch(file.fileUrl)).status).toBe(401);
    expect((await stored()).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
  });

  it('cancel mid-upload leaves no row and no file on the server', async () => {
    const big = join(work, 'big.bin');
    await writeFile(big, '');
    await truncate(big, 400 * 1024 * 1024);
    const g = await grant(big);
    const before = await stored();
    const count = (await list()).length;
    const pending = h.call('library', 'createMedia', {
      ...linkDraft({ title: 'Cancelled', fileType: 'other', fileUrl: '', duration: 0 }),
      file: { grantId: g.grantId },
      uploadId: 'up-cancel',
    });
    await waitFor(() => h.events.some((e) => e.event === 'upload:progress' && (e.payload as { uploadId: string; sent: number }).uploadId === 'up-cancel' && (e.payload as { sent: number }).sent > 20 * 1024 * 1024));
    expect(expectOk(await h.call('uploads', 'cancel', { uploadId: 'up-cancel' }))).toEqual({ cancelled: true });
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    await waitFor(async () => (await stored()).filter((n) => n.startsWith('.tmp-')).length === 0);
    expect(await stored()).toEqual(before);
    expect((await list()).length).toBe(count);
    expect(expectOk(await h.call('uploads', 'cancel', { uploadId: 'up-cancel' }))).toEqual({ cancelled: false });
  });

  it('refuses a file that was never granted', async () => {
    const result = await h.call('library', 'createMedia', { ...linkDraft({ fileType: 'other', fileUrl: '' }), file: { grantId: 'made-up' } });
    expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } });
  });
});

describe('library.updateMedia', () => {
  it('edits fields, keeps the stored file, replaces a thumbnail', async () => {
    const doc = join(work, 'notes.pdf');
    await writeFile(doc, '%PDF-1.4 tiny');
    const g = await grant(doc);
    expectOk(await h.call('library', 'createMedia', { ...linkDraft({ title: 'A document', fileType: 'other', fileUrl: '', duration: 0 }), file: { grantId: g.grantId } }));
    const file = (await list()).find((f) => f.title === 'A document')!;
    const png = join(work, 'thumb.png');
    await writeFile(png, Buffer.from(PNG_1PX, 'hex'));
    const t = await grant(png);
    const result = await h.call('library', 'updateMedia', {
      id: file._id, ...linkDraft({ title: 'A document, edited', fileType: 'other', fileUrl: '', duration: 0 }), thumbnail: { grantId: t.grantId },
    });
    expect(expectOk(result)).toEqual({ message: 'File has been Updated' });
    const edited = (await list()).find((f) => f._id === file._id)!;
    expect(edited).toMatchObject({ title: 'A document, edited', fileName: 'notes.pdf' });
    expect(edited.thumbnail).toMatch(/\/library\/media\/thumbnail\/.+sig=/);
    expect((await fetch(edited.thumbnail)).status).toBe(200);
    expect(await h.call('library', 'updateMedia', { id: 'nope', ...linkDraft() })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});

describe('library.deleteMedia', () => {
  it('deletes the row, its moments and its stored file', async () => {
    const doc = join(work, 'gone.pdf');
    await writeFile(doc, '%PDF-1.4 gone');
    const g = await grant(doc);
    expectOk(await h.call('library', 'createMedia', { ...linkDraft({ title: 'To delete', fileType: 'other', fileUrl: '', duration: 0 }), file: { grantId: g.grantId } }));
    const file = (await list()).find((f) => f.title === 'To delete')!;
    const before = (await stored()).length;
    expect(expectOk(await h.call('library', 'deleteMedia', { id: file._id }))).toEqual({ message: 'File has been Deleted' });
    expect((await stored()).length).toBe(before - 1);
    expect(await h.call('library', 'deleteMedia', { id: file._id })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});

describe('library.setQuestions', () => {
  it('tags questions on a file', async () => {
    const [file] = await list();
    expectOk(await h.call('library', 'setQuestions', { id: file!._id, questionBank: ['q1', 'q2', 'q2'] }));
    expect((await list()).find((f) => f._id === file!._id)!.questionBank).toEqual(['q1', 'q2']);
  });
});

describe('library.moments', () => {
  it('lists a file\'s moments by timestamp', async () => {
    const file = (await list()).find((f) => f.title === 'Starting a dairy with two cows')!;
    const moments = expectOk(await h.call<Moment[]>('library', 'moments', { fileId: file._id }));
    expect(moments.map((m) => m.timestamp)).toEqual(['00:00:30', '00:04:10']);
  });
});

describe('library.addMoment', () => {
  it('adds a moment; refuses a missing transcript with the spec text', async () => {
    const [file] = await list();
    expectOk(await h.call('library', 'addMoment', { fileId: file!._id, timestamp: '00:01:02', description: 'Intro', transcript: 'Hello' }));
    expect(await h.call('library', 'addMoment', { fileId: file!._id, timestamp: '00:01:02', description: 'Intro', transcript: '' })).toMatchObject({
      ok: false, error: { message: MSG.enterTranscript },
    });
    const moments = expectOk(await h.call<Moment[]>('library', 'moments', { fileId: file!._id }));
    expect(moments.some((m) => m.description === 'Intro')).toBe(true);
  });
});

describe('library.updateMoment', () => {
  it('edits a moment', async () => {
    const [file] = await list();
    expectOk(await h.call('library', 'addMoment', { fileId: file!._id, timestamp: '00:02:00', description: 'Before', transcript: 'x' }));
    const moment = expectOk(await h.call<Moment[]>('library', 'moments', { fileId: file!._id })).find((m) => m.description === 'Before')!;
    expectOk(await h.call('library', 'updateMoment', { id: moment._id, timestamp: '00:02:01', description: 'After', transcript: 'y' }));
    const after = expectOk(await h.call<Moment[]>('library', 'moments', { fileId: file!._id })).find((m) => m._id === moment._id)!;
    expect(after).toMatchObject({ timestamp: '00:02:01', description: 'After', transcript: 'y' });
  });
});

describe('library.deleteMoment', () => {
  it('deletes a moment', async () => {
    const [file] = await list();
    expectOk(await h.call('library', 'addMoment', { fileId: file!._id, timestamp: '00:03:00', description: 'Doomed', transcript: 'z' }));
    const moment = expectOk(await h.call<Moment[]>('library', 'moments', { fileId: file!._id })).find((m) => m.description === 'Doomed')!;
    expectOk(await h.call('library', 'deleteMoment', { id: moment._id }));
    expect(await h.call('library', 'deleteMoment', { id: moment._id })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});

describe('library.keywords', () => {
  it('lists the keyword groups', async () => {
    expect(keywords.length).toBeGreaterThan(3);
    expect(keywords[0]).toEqual({ _id: expect.any(String), keyword: expect.any(String) });
  });
});

describe('library.categories', () => {
  it('lists the library categories as { _id, english }', async () => {
    expect(categories.map((c) => c.english)).toContain('Agriculture');
  });
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
