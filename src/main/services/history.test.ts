import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { adminAuth } from '../../shared/api/admin-auth';
import { questionBank } from '../../shared/api/question-bank';
import { library } from '../../shared/api/library';
import { videoRepository } from '../../shared/api/video-repository';
import type { CallDef, Restore } from '../../shared/api/contract';
import { ok, fail } from '../../shared/result';
import { entryOf, HISTORY_FILE, MAX_ENTRY, HistoryStore, NOT_ENOUGH_KEPT, undoFields, undoReason } from './history';
import { LOST_ID, undoSummaryText } from '../../shared/history';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'history-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

const context = { who: { name: 'Asha Rao', email: 'asha@example.com' }, server: 'http://127.0.0.1:4000' };
const edit = (title: string) =>
  entryOf('library.updateMedia', library.updateMedia, { id: 'm1', title, $base: { _id: 'm1', title: 'Old title', language: 'English' } }, ok({ message: 'Updated' }), context);

describe('history store', () => {
  it('writes entries and reads them back, newest first', async () => {
    const dir = await tempDir();
    const store = await HistoryStore.open(dir);
    await store.append(edit('First'));
    await store.append(edit('Second'));
    const again = await HistoryStore.open(dir);
    const rows = again.list(() => library.updateMedia);
    expect(rows.map((r) => r.after.title)).toEqual(['Second', 'First']);
    expect(rows[0]).toMatchObject({ who: context.who, server: context.server, call: 'library.updateMedia', screen: 'Video Library', record: { id: 'm1', label: 'Second' }, answer: { ok: true, message: 'Updated' }, undo: null, undone: false });
    expect(rows[0]!.before).toEqual({ _id: 'm1', title: 'Old title', language: 'English' });
  });

  it('keeps at most its limit, rewriting the file when it has twice as many lines', async () => {
    const dir = await tempDir();
    const store = await HistoryStore.open(dir, 3);
    for (let i = 0; i < 8; i++) await store.append(edit(`Title ${i}`));
    expect(store.list(() => undefined).map((r) => r.after.title)).toEqual(['Title 7', 'Title 6', 'Title 5']);
    const lines = (await readFile(join(dir, HISTORY_FILE), 'utf8')).trim().split('\n');
    expect(lines.length).toBeLessThanOrEqual(6);
    expect((await HistoryStore.open(dir, 3)).list(() => undefined).map((r) => r.after.title)).toEqual(['Title 7', 'Title 6', 'Title 5']);
  });

  it('keeps the action a write was part of as its batch, and never sends it', () => {
    const entry = entryOf('library.updateMedia', library.updateMedia, { id: 'm1', status: 'Inactive', $batch: 'b-1', $base: { _id: 'm1', status: 'Active' } }, ok({ message: 'Updated' }), context);
    expect(entry.batch).toBe('b-1');
    expect(entry.after).toEqual({ id: 'm1', status: 'Inactive' });
    expect(edit('No batch').batch).toBeUndefined();
  });

  it('skips a torn line', async () => {
    const dir = await tempDir();
    const store = await HistoryStore.open(dir);
    await store.append(edit('Kept'));
    const { appendFile } = await import('node:fs/promises');
    await appendFile(join(dir, HISTORY_FILE), '{"id":"torn","at":');
    expect((await HistoryStore.open(dir)).list(() => undefined).map((r) => r.after.title)).toEqual(['Kept']);
  });

  it('keeps no password, token or OTP, at any depth', async () => {
    const dir = await tempDir();
    const store = await HistoryStore.open(dir);
    const input = { name: 'New Admin', email: 'new@example.com', password: 'Secret#123', confirmPassword: 'Secret#123', otp: '123456', nested: { accessToken: 'tok-abc', keep: 1 } };
    await store.append(entryOf('adminAuth.register', adminAuth.register, input, ok({ message: 'Registered' }), context));
    const text = await readFile(join(dir, HISTORY_FILE), 'utf8');
    for (const secret of ['Secret#123', '123456', 'tok-abc', 'password', 'otp', 'Token']) expect(text).not.toContain(secret);
    expect(JSON.parse(text).after).toEqual({ name: 'New Admin', email: 'new@example.com', nested: { keep: 1 } });
  });

  it('keeps of a large record only the fields sent and its ids', () => {
    const big = { _id: 'm1', title: 'Old', description: 'x'.repeat(1900), notes: Array.from({ length: 20 }, () => 'y'.repeat(1900)) };
    const entry = entryOf('library.updateMedia', library.updateMedia, { id: 'm1', title: 'New', $base: big }, ok({ message: 'ok' }), context);
    expect(entry.before).toEqual({ _id: 'm1', title: 'Old' });
    expect(JSON.stringify(entry).length).toBeLessThan(16_384);
  });

  it('keeps a refused write with the server\'s reason; files as (file)', () => {
    const entry = entryOf('library.updateMedia', library.updateMedia, { id: 'm1', thumbnail: { grantId: 'g1' } }, fail('http', 'Title already exists', 409), context);
    expect(entry.answer).toEqual({ ok: false, message: 'Title already exists' });
    expect(entry.after.thumbnail).toBe('(file)');
    expect(undoReason(entry, library.updateMedia, false)).toBe('This change did not happen.');
  });
});

describe('undo of an edit', () => {
  it('writes the previous values of the fields sent, the path ids as sent', () => {
    const entry = entryOf('questionBank.updateQuestion', questionBank.updateQuestion, { id: 'q-object-id', question: 'New text', difficulty: 'Hard', $base: { _id: 'q-object-id', id: 17, question: 'Old text', difficulty: 'Easy' } }, ok({ message: 'Saved' }), context);
    expect(undoReason(entry, questionBank.updateQuestion, false)).toBeNull();
    expect(undoFields(entry, questionBank.updateQuestion)).toEqual({ id: 'q-object-id', question: 'Old text', difficulty: 'Easy' });
  });

  it('is not offered for an add, a delete, an undone change or a replaced file', () => {
    const add = entryOf('questionBank.addQuestion', questionBank.addQuestion, { question: 'Q' }, ok({ message: 'Added' }), context);
    expect(undoReason(add, questionBank.addQuestion, false)).toBe('Only an edit of a record can be undone.');
    const del = entryOf('library.deleteMedia', library.deleteMedia, { id: 'm1', $base: { _id: 'm1' } }, ok({ message: 'Deleted' }), context);
    expect(undoReason(del, library.deleteMedia, false)).toBe('A deleted file cannot be brought back: the server removed its media file with it. Upload it again.');
    expect(undoReason(edit('x'), library.updateMedia, true)).toBe('Already undone.');
    const file = entryOf('library.updateMedia', library.updateMedia, { id: 'm1', thumbnail: { grantId: 'g' }, $base: { _id: 'm1' } }, ok({ message: 'ok' }), context);
    expect(undoReason(file, library.updateMedia, false)).toBe('A replaced file cannot be put back.');
  });
});

describe('holds', () => {
  it('sees a record that still holds what a change sent, ignoring what the server adds', async () => {
    const { holds } = await import('../local/history');
    expect(holds([{ _id: 'o1', option: 'Yes', isTrue: true }], [{ option: 'Yes', isTrue: true }])).toBe(true);
    expect(holds([{ option: 'No', isTrue: true }], [{ option: 'Yes', isTrue: true }])).toBe(false);
    expect(holds(['a', 'b'], ['a'])).toBe(false);
    expect(holds('Old', 'New')).toBe(false);
  });
});

describe('undo of a delete', () => {
  const resource = { _id: 'r1', slNo: 4, title: 'Shop checklist', language: 'English', type: 'PDF', metaInfo: { created: { at: '2026-11-01' } } };
  const deleted = (base: Record<string, unknown> | undefined) =>
    entryOf('questionBank.deleteResource', questionBank.deleteResource, { id: 'r1', ...(base ? { $base: base } : {}), $batch: 'b' }, ok({ message: 'Resource has been Deleted' }), context);

  it('is offered where the delete declares a restore and the record was kept, saying what cannot come back', async () => {
    const dir = await tempDir();
    const store = await HistoryStore.open(dir);
    await store.append(deleted(resource));
    const [row] = store.list(() => questionBank.deleteResource);
    expect(row).toMatchObject({ undo: null, lost: [LOST_ID, 'Its Serial No: it gets the next one.'], before: resource });
    expect(store.ofBatch('b').map((e) => e.id)).toEqual([row!.id]);
  });

  it('is not offered, saying why: nothing kept, a kind that cannot come back, a delete with no restore', () => {
    expect(undoReason(deleted(undefined), questionBank.deleteResource, false)).toBe(NOT_ENOUGH_KEPT);
    expect(undoReason(deleted({ _id: 'r1', title: 'Only a title' }), questionBank.deleteResource, false)).toBe(NOT_ENOUGH_KEPT);
    const admin = entryOf('adminAuth.delete', adminAuth.delete, { id: 'a1', $base: { id: 'a1', name: 'Ravi' } }, ok({ message: 'Deleted' }), context);
    expect(undoReason(admin, adminAuth.delete, false)).toBe('A deleted admin cannot be brought back: their password is never kept. Add them again with a new one.');
    const moment = entryOf('library.deleteMoment', library.deleteMoment, { id: 'm1', $base: { _id: 'm1' } }, ok({ message: 'Deleted' }), context);
    expect(undoReason(moment, { ...library.deleteMoment, restore: undefined }, false)).toBe('A deleted record of this kind cannot be brought back.');
    expect(undoReason(deleted(resource), undefined, false)).toBe('This kind of change can no longer be undone.');
  });

  it('a quote comes back without its Quote ID, and says so of its image when it had one; a moment as it was', async () => {
    const quote = { _id: 'q1', id: 7, title: 'Work is worship', language: 'English', keywords: ['k1'], thumbnail: '/media/q1.jpg', metaInfo: {} };
    const store = await HistoryStore.open(await tempDir());
    await store.append(entryOf('library.deleteQuote', library.deleteQuote, { id: 'q1', $base: quote }, ok({ message: 'Deleted' }), context));
    await store.append(entryOf('library.deleteQuote', library.deleteQuote, { id: 'q2', $base: { ...quote, _id: 'q2', thumbnail: '' } }, ok({ message: 'Deleted' }), context));
    const moment = { _id: 'm1', fileId: 'f1', timestamp: '00:01:30', description: 'The start', transcript: 't'.repeat(5000) };
    await store.append(entryOf('library.deleteMoment', library.deleteMoment, { id: 'm1', $base: moment }, ok({ message: 'Deleted' }), context));
    const defs: Record<string, CallDef> = { 'library.deleteQuote': library.deleteQuote, 'library.deleteMoment': library.deleteMoment };
    const [m, q2, q1] = store.list((call) => defs[call]);
    expect(q1).toMatchObject({ undo: null, lost: [LOST_ID, 'Its Quote ID: it gets the next one.', 'Its image: the server removed it; choose it again with Edit.'] });
    expect(q2).toMatchObject({ undo: null, lost: [LOST_ID, 'Its Quote ID: it gets the next one.'] });
    expect(m).toMatchObject({ undo: null, lost: [LOST_ID] });
    expect((library.deleteMoment.restore as Restore).input(m!.before!)).toEqual({ fileId: 'f1', timestamp: '00:01:30', description: 'The start', transcript: moment.transcript });
  });

  it('keeps a restorable record whole, long texts included', () => {
    const long = { ...resource, title: 'x'.repeat(3000) };
    expect(deleted(long).before?.title).toBe(long.title);
  });
});

describe('the summary of an undone action', () => {
  it('says all undone, or how many and which were not, with why', () => {
    expect(undoSummaryText(1, [])).toBe('Undone.');
    expect(undoSummaryText(3, [])).toBe('All 3 changes undone.');
    expect(undoSummaryText(0, [])).toBe('Nothing to undo: no change of this action is kept.');
    expect(undoSummaryText(0, [{ id: '1', label: 'Intro', reason: 'Already undone.' }])).toBe('Not undone. Intro: Already undone.');
    expect(undoSummaryText(2, [{ id: '1', label: 'Intro', reason: 'Someone changed it.' }])).toBe('Undid 2 of 3; 1 could not be undone: Intro: Someone changed it.');
  });
});

describe('history that cannot be lost', () => {
  // Runs as root too: permissions do not stop root, a directory where the file should be does.
  const blockFile = async (dir: string) => {
    await rm(join(dir, HISTORY_FILE), { force: true });
    await mkdir(join(dir, HISTORY_FILE));
    await writeFile(join(dir, HISTORY_FILE, 'in-the-way'), 'x');
  };
  const unblockFile = (dir: string) => rm(join(dir, HISTORY_FILE), { recursive: true, force: true });

  it('goes on after a failed write, tells once, and rewrites the file whole from what it kept once the disk takes it again', async () => {
    const dir = await tempDir();
    const failures: unknown[] = [];
    const store = await HistoryStore.open(dir, 100, { onFailure: (error) => failures.push(error) });
    await store.append(edit('Before the failure'));
    await blockFile(dir);
    await expect(store.append(edit('While failing 1'))).rejects.toThrow();
    await expect(store.append(edit('While failing 2'))).rejects.toThrow();
    expect(failures).toHaveLength(1);
    expect(store.list(() => undefined).map((r) => r.after.title)).toEqual(['While failing 2', 'While failing 1', 'Before the failure']);
    await unblockFile(dir);
    await store.append(edit('After the disk recovered'));
    // Every line reads: nothing torn, nothing missing, in order.
    const lines = (await readFile(join(dir, HISTORY_FILE), 'utf8')).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).after.title)).toEqual(['Before the failure', 'While failing 1', 'While failing 2', 'After the disk recovered']);
    expect((await HistoryStore.open(dir)).list(() => undefined)).toHaveLength(4);
    // A second run of failures is told again.
    await blockFile(dir);
    await expect(store.append(edit('Failing again'))).rejects.toThrow();
    expect(failures).toHaveLength(2);
  });

  it('a write after a failure waits for nothing that never ends (every later write settles)', async () => {
    const dir = await tempDir();
    const store = await HistoryStore.open(dir, 100);
    await blockFile(dir);
    const settled = await Promise.allSettled([store.append(edit('a')), store.append(edit('b')), store.append(edit('c'))]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });

  it('keeps a 5,000-cue import as a bounded entry: the cues noted, not kept, and not offered for Undo', () => {
    const entries = Array.from({ length: 5000 }, (_, i) => ({ timeStamp: `00:00:${String(i % 60).padStart(2, '0')}`, captionText: `Line ${i} of the lecture, said slowly and clearly.` }));
    const entry = entryOf('videoRepository.bulkTranscripts', videoRepository.bulkTranscripts, { videoId: 'v1', language: 'English', replace: true, entries }, fail('http', 'Too many lines', 413), context);
    expect(Buffer.byteLength(JSON.stringify(entry))).toBeLessThanOrEqual(MAX_ENTRY);
    expect(entry.after).toMatchObject({ videoId: 'v1', language: 'English', entries: '(not kept: 5,000 items)' });
  });

  it('bounds what was there before as well as what was sent', () => {
    const base = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`field${i}`, 'z'.repeat(1500)]));
    const sent = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`field${i}`, 'w'.repeat(1500)]));
    const entry = entryOf('library.updateMedia', library.updateMedia, { id: 'm1', ...sent, $base: { _id: 'm1', ...base } }, ok({ message: 'ok' }), context);
    expect(Buffer.byteLength(JSON.stringify(entry))).toBeLessThanOrEqual(MAX_ENTRY);
    expect(entry.after.id).toBe('m1');
    expect(undoReason(entry, library.updateMedia, false)).toMatch(/too large/);
  });

  it('keeps only the id and the name of a delete that can never be undone (and an account\'s role), and nothing of the record of a failed delete', () => {
    const admin = { _id: 'a1', name: 'Ravi Kumar', email: 'ravi@example.com', mobileNumber: '9876543210', role: 'Admin' };
    const done = entryOf('adminAuth.delete', adminAuth.delete, { id: 'a1', $base: admin }, ok({ message: 'Deleted' }), context);
    expect(done.record).toEqual({ id: 'a1', label: 'Ravi Kumar' });
    // The role decides who sees the entry in History.
    expect(done.before).toEqual({ _id: 'a1', name: 'Ravi Kumar', role: 'Admin' });
    const course = entryOf('videoRepository.deleteCourse', videoRepository.deleteCourse, { id: 'c1', $base: { _id: 'c1', name: 'Dairy basics', description: 'Notes' } }, ok({ message: 'Deleted' }), context);
    expect(course.before).toBeNull();
    expect(course).toMatchObject({ screen: 'Courses', record: { id: 'c1', label: 'Dairy basics' } });
    // A course's folders and files are written on its directory.
    const folder = entryOf('videoRepository.createDocument', videoRepository.createDocument, { type: 'folder', title: 'Milking', courseId: 'c1', parent: '' }, ok({ message: 'Added' }), context);
    expect(folder.screen).toBe('Directory');
    expect(JSON.stringify(done)).not.toMatch(/ravi@example.com|9876543210/);
    const failed = entryOf('library.deleteMedia', library.deleteMedia, { id: 'm9', $base: { _id: 'm9', title: 'Private lecture', description: 'Notes' } }, fail('http', 'Not allowed', 403), context);
    expect(failed.before).toBeNull();
    expect(JSON.stringify(failed)).not.toMatch(/Private lecture|Notes/);
    expect(failed.record.id).toBe('m9');
  });

  it('keeps the file within its byte budget, dropping the oldest entries', async () => {
    const dir = await tempDir();
    const store = await HistoryStore.open(dir, 1000, { maxBytes: 20_000 });
    for (let i = 0; i < 200; i++) await store.append(edit(`Title ${i} ${'d'.repeat(300)}`));
    const size = (await stat(join(dir, HISTORY_FILE))).size;
    expect(size).toBeLessThanOrEqual(40_000);
    const again = await HistoryStore.open(dir, 1000, { maxBytes: 20_000 });
    const titles = again.list(() => undefined).map((r) => String(r.after.title).split(' ')[1]);
    expect(titles[0]).toBe('199');
    expect(titles.length).toBeLessThan(200);
    expect(Buffer.byteLength(titles.join(''))).toBeGreaterThan(0);
  });
});
