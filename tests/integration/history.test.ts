/**
 * History over the real server, through main's handlers: a write call is recorded where main makes it
 * (who, server, record, before and after, the answer), kept in the state folder, and Undo writes an
 * edit's previous values back unless the record changed since.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../src/shared/history';
import type { SynonymGroup } from '../../src/shared/schemas/synonyms';
import type { Resource } from '../../src/shared/schemas/question-bank';
import { LOST_ID, type UndoSummary } from '../../src/shared/history';
import { UNDO_CONFLICT } from '../../src/main/local/history';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.login();
});
afterAll(async () => h.close());

const groups = async () => expectOk(await h.call<SynonymGroup[]>('library', 'synonyms'));
const edit = async (group: SynonymGroup, keyword: string) => expectOk(await h.call('library', 'updateSynonyms', { id: group._id, keyword, synonyms: group.synonyms, $base: group }));

describe('history', () => {
  it('records an edit made through main, and Undo writes its previous values back once', async () => {
    const group = (await groups())[0]!;
    await edit(group, `${group.keyword} renamed`);
    const [entry] = expectOk(await h.call<HistoryRow[]>('history', 'list', {}));
    expect(entry).toMatchObject({ call: 'library.updateSynonyms', method: 'PUT', screen: 'Synonyms', who: { email: expect.any(String) }, record: { id: group._id, label: `${group.keyword} renamed` }, answer: { ok: true }, undo: null, undone: false });
    expect(entry!.before?.keyword).toBe(group.keyword);
    expect(entry!.server).toBe(new URL(h.serverUrl).origin);
    expect(expectOk(await h.call<{ message: string }>('history', 'undo', { id: entry!.id })).message).toBeTruthy();
    expect((await groups()).find((g) => g._id === group._id)?.keyword).toBe(group.keyword);
    const rows = expectOk(await h.call<HistoryRow[]>('history', 'list', {}));
    expect(rows[0]).toMatchObject({ undoOf: entry!.id, record: { label: group.keyword } });
    expect(rows[1]).toMatchObject({ id: entry!.id, undone: true, undo: 'Already undone.' });
    expect(await h.call('history', 'undo', { id: entry!.id })).toMatchObject({ ok: false, error: { message: 'Already undone.' } });
    expect(expectOk(await h.call<HistoryRow[]>('history', 'ofRecord', { id: group._id })).map((r) => r.id)).toEqual([rows[0]!.id, entry!.id]);
  });

  it('does not undo over a later change of the record', async () => {
    const group = (await groups())[1]!;
    await edit(group, `${group.keyword} mine`);
    const [mine] = expectOk(await h.call<HistoryRow[]>('history', 'list', {}));
    // Someone else (another console: no record sent with it) renames it again.
    expectOk(await h.call('library', 'updateSynonyms', { id: group._id, keyword: `${group.keyword} theirs`, synonyms: group.synonyms }));
    expect(await h.call('history', 'undo', { id: mine!.id })).toMatchObject({ ok: false, error: { kind: 'conflict', message: 'Someone changed this record after this change: it was not undone.' } });
    expect((await groups()).find((g) => g._id === group._id)?.keyword).toBe(`${group.keyword} theirs`);
  });
});

const resources = async () => expectOk(await h.call<Resource[]>('questionBank', 'resources'));

describe('undo of a whole action (its batch)', () => {
  it('creates a deleted record again (a new id, the same fields), says first what cannot come back, and shows the delete undone', async () => {
    const victim = (await resources())[0]!;
    expectOk(await h.call('questionBank', 'deleteResource', { id: victim._id, $base: victim, $batch: 'delete-1' }));
    expect((await resources()).some((r) => r._id === victim._id)).toBe(false);
    const [row] = expectOk(await h.call<HistoryRow[]>('history', 'ofBatch', { batch: 'delete-1' }));
    expect(row).toMatchObject({ call: 'questionBank.deleteResource', batch: 'delete-1', record: { id: victim._id, label: victim.title }, undo: null, lost: [LOST_ID, 'Its Serial No: it gets the next one.'] });
    expect(expectOk(await h.call<UndoSummary>('history', 'undoBatch', { batch: 'delete-1' }))).toEqual({ message: 'Undone.', done: 1, notUndone: [] });
    const back = (await resources()).filter((r) => r.title === victim.title);
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ title: victim.title, language: victim.language, type: victim.type });
    expect(back[0]!._id).not.toBe(victim._id);
    expect(back[0]!.slNo).toBeGreaterThan(victim.slNo);
    const rows = expectOk(await h.call<HistoryRow[]>('history', 'list', {}));
    expect(rows[0]).toMatchObject({ call: 'questionBank.addResource', undoOf: row!.id, after: { title: victim.title } });
    expect(rows.find((r) => r.id === row!.id)).toMatchObject({ undone: true, undo: 'Already undone.', lost: [] });
    // A second Undo (the toast's after History's) creates nothing twice.
    expect(expectOk(await h.call<UndoSummary>('history', 'undoBatch', { batch: 'delete-1' }))).toMatchObject({ done: 0, notUndone: [{ id: row!.id, reason: 'Already undone.' }] });
    expect((await resources()).filter((r) => r.title === victim.title)).toHaveLength(1);
  });

  it('creates a deleted quote again through its multipart create call', async () => {
    type Q = { _id: string; id: number; title: string; language: string; keywords: string[]; quotes?: unknown };
    const quotes = async () => expectOk(await h.call<Q[]>('library', 'quotes')).filter((q) => !q.quotes);
    const victim = (await quotes())[0]!;
    expectOk(await h.call('library', 'deleteQuote', { id: victim._id, $base: victim, $batch: 'delete-quote' }));
    expect(expectOk(await h.call<UndoSummary>('history', 'undoBatch', { batch: 'delete-quote' }))).toMatchObject({ done: 1, notUndone: [] });
    const back = (await quotes()).filter((q) => q.title === victim.title);
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ language: victim.language, keywords: victim.keywords });
    expect(back[0]!._id).not.toBe(victim._id);
  });

  it('an action of two deletes (a moment, a transcript line) comes back whole, each as it was', async () => {
    type Row = { _id: string; title: string };
    const files = expectOk(await h.call<Row[]>('library', 'mediaList'));
    const dairy = files.find((f) => f.title === 'Starting a dairy with two cows')!;
    const tailoring = files.find((f) => f.title === 'Pricing your tailoring work')!;
    type M = { _id: string; fileId: string; timestamp: string; description: string; transcript: string };
    type T = { _id: string; videoId: string; timeStamp: string; captionText: string; language: string };
    const moments = async () => expectOk(await h.call<M[]>('library', 'moments', { fileId: dairy._id }));
    const lines = async () => expectOk(await h.call<{ transcripts: T[] }>('videoRepository', 'transcripts', { videoId: tailoring._id })).transcripts;
    const moment = (await moments())[0]!;
    const line = (await lines())[0]!;
    expectOk(await h.call('library', 'deleteMoment', { id: moment._id, $base: moment, $batch: 'two-deletes' }));
    expectOk(await h.call('videoRepository', 'deleteTranscript', { id: line._id, $base: line, $batch: 'two-deletes' }));
    expect(expectOk(await h.call<HistoryRow[]>('history', 'ofBatch', { batch: 'two-deletes' })).map((r) => r.lost)).toEqual([[LOST_ID], [LOST_ID]]);
    expect(expectOk(await h.call<UndoSummary>('history', 'undoBatch', { batch: 'two-deletes' }))).toEqual({ message: 'All 2 changes undone.', done: 2, notUndone: [] });
    const { _id: _m, ...momentFields } = moment;
    const { _id: _t, ...lineFields } = line;
    expect(await moments()).toContainEqual({ _id: expect.not.stringMatching(`^${moment._id}$`), ...momentFields });
    expect((await lines()).filter((l) => l.captionText === line.captionText)).toEqual([expect.objectContaining(lineFields)]);
  });

  it('creates a deleted event again with a new event link, its mentors, groups and times as they were', async () => {
    type S = Record<string, unknown> & { _id: string; sessionId: string; eventName: string };
    const events = async () => expectOk(await h.call<{ session: S[] }>('mentorship', 'sessions')).session;
    const victim = (await events())[0]!;
    expectOk(await h.call('mentorship', 'deleteSession', { id: victim._id, $base: victim, $batch: 'delete-event' }));
    const [row] = expectOk(await h.call<HistoryRow[]>('history', 'ofBatch', { batch: 'delete-event' }));
    expect(row!.lost.slice(0, 2)).toEqual([LOST_ID, 'Its event link: a new one is made, and links already sent do not open it.']);
    expect(expectOk(await h.call<UndoSummary>('history', 'undoBatch', { batch: 'delete-event' }))).toMatchObject({ done: 1, notUndone: [] });
    const back = (await events()).filter((e) => e.eventName === victim.eventName);
    expect(back).toHaveLength(1);
    for (const key of ['description', 'keywords', 'businessIdeas', 'language', 'level', 'startTime', 'endTime', 'date', 'attendees', 'email', 'mobileNumber']) expect(back[0]![key]).toEqual(victim[key]);
    expect(back[0]!.sessionId).not.toBe(victim.sessionId);
  });

  it('two Undos of one delete at once create it once', async () => {
    const victim = (await resources())[1]!;
    expectOk(await h.call('questionBank', 'deleteResource', { id: victim._id, $base: victim, $batch: 'delete-2' }));
    const answers = await Promise.all([h.call<UndoSummary>('history', 'undoBatch', { batch: 'delete-2' }), h.call<UndoSummary>('history', 'undoBatch', { batch: 'delete-2' })]);
    expect(answers.map((a) => expectOk(a).done).sort()).toEqual([0, 1]);
    expect((await resources()).filter((r) => r.title === victim.title)).toHaveLength(1);
  });

  it('writes every edit of a bulk change back; one changed meanwhile is refused with why and the others are undone', async () => {
    const [a, b, c] = (await groups()).slice(2, 5) as [SynonymGroup, SynonymGroup, SynonymGroup];
    for (const group of [a, b, c]) expectOk(await h.call('library', 'updateSynonyms', { id: group._id, keyword: `${group.keyword} bulk`, synonyms: group.synonyms, $base: group, $batch: 'bulk-1' }));
    // Someone else changes b after the bulk change.
    expectOk(await h.call('library', 'updateSynonyms', { id: b._id, keyword: `${b.keyword} theirs`, synonyms: b.synonyms }));
    const summary = expectOk(await h.call<UndoSummary>('history', 'undoBatch', { batch: 'bulk-1' }));
    expect(summary).toEqual({ message: `Undid 2 of 3; 1 could not be undone: ${b.keyword} bulk: ${UNDO_CONFLICT}`, done: 2, notUndone: [{ id: expect.any(String), label: `${b.keyword} bulk`, reason: UNDO_CONFLICT }] });
    const now = await groups();
    expect(now.find((g) => g._id === a._id)?.keyword).toBe(a.keyword);
    expect(now.find((g) => g._id === c._id)?.keyword).toBe(c.keyword);
    expect(now.find((g) => g._id === b._id)?.keyword).toBe(`${b.keyword} theirs`);
  });

  it("creates a deleted course video again in its folder, last, and a folder without what was in it (said first)", async () => {
    type Doc = { _id: string; title: string; type: string; parent: string; courseId: string; fileId: { _id: string } | null; contents: { folders: number; files: number } };
    const courses = expectOk(await h.call<{ _id: string }[]>('videoRepository', 'courses'));
    const listing = async (id: string) => expectOk(await h.call<{ descendants: Doc[] }>('videoRepository', 'document', { id })).descendants;
    // The first folder of any course that holds a video directly.
    let folder: Doc | undefined;
    let videos: Doc[] = [];
    for (const course of courses) {
      for (const doc of (await listing(course._id)).filter((d) => d.type === 'folder')) {
        const inside = (await listing(doc._id)).filter((d) => d.type === 'file' && d.fileId);
        if (inside.length > 1) [folder, videos] = [doc, inside];
        if (folder) break;
      }
      if (folder) break;
    }
    expect(folder, 'a seeded folder with two videos').toBeDefined();
    const victim = videos[0]!;
    expectOk(await h.call('videoRepository', 'deleteDocument', { id: victim._id, $base: victim, $batch: 'delete-doc' }));
    const [row] = expectOk(await h.call<HistoryRow[]>('history', 'ofBatch', { batch: 'delete-doc' }));
    expect(row!.lost).toEqual([LOST_ID, "Its place among its folder's items: it comes back last."]);
    expect(expectOk(await h.call<UndoSummary>('history', 'undoBatch', { batch: 'delete-doc' }))).toMatchObject({ done: 1, notUndone: [] });
    const after = await listing(folder!._id);
    expect(after.at(-1)).toMatchObject({ title: victim.title, type: 'file', fileId: { _id: victim.fileId!._id } });
    expect(after.map((d) => d._id)).not.toContain(victim._id);

    // A folder: it comes back empty, and says so first.
    expectOk(await h.call('videoRepository', 'deleteDocument', { id: folder!._id, $base: folder, $batch: 'delete-folder' }));
    const [gone] = expectOk(await h.call<HistoryRow[]>('history', 'ofBatch', { batch: 'delete-folder' }));
    const { folders, files } = folder!.contents;
    expect(gone!.lost[2]).toBe(`What was in it (${folders} ${folders === 1 ? 'folder' : 'folders'}, ${files} ${files === 1 ? 'video' : 'videos'}): deleted with it, they do not come back.`);
    expectOk(await h.call<UndoSummary>('history', 'undoBatch', { batch: 'delete-folder' }));
    expect((await listing(folder!.parent || folder!.courseId)).filter((d) => d.title === folder!.title && d.type === 'folder')).toHaveLength(1);
  });

  it('does not offer Undo of a delete that cannot come back, and says why; an unknown action has nothing to undo', async () => {
    const file = expectOk(await h.call<{ _id: string; title: string }[]>('library', 'mediaList'))[0]!;
    expectOk(await h.call('library', 'deleteMedia', { id: file._id, $base: file, $batch: 'delete-media' }));
    const why = 'A deleted file cannot be brought back: the server removed its media file with it. Upload it again.';
    expect(expectOk(await h.call<HistoryRow[]>('history', 'ofBatch', { batch: 'delete-media' }))).toMatchObject([{ undo: why, lost: [] }]);
    expect(expectOk(await h.call<UndoSummary>('history', 'undoBatch', { batch: 'delete-media' }))).toMatchObject({ message: `Not undone. ${file.title}: ${why}`, done: 0, notUndone: [{ reason: why }] });
    expect(expectOk(await h.call<HistoryRow[]>('history', 'ofBatch', { batch: 'no-such-action' }))).toEqual([]);
    expect(expectOk(await h.call<UndoSummary>('history', 'undoBatch', { batch: 'no-such-action' }))).toEqual({ message: 'Nothing to undo: no change of this action is kept.', done: 0, notUndone: [] });
  });
});
