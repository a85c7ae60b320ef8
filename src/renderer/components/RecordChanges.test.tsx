import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../shared/history';
import { registerScreenPaths } from '../lib/open-record';
import { recordTargetOf } from './RecordChanges';

registerScreenPaths([
  ['Courses', '/course'],
  ['Synonyms', '/synonyms'],
]);

/** A History row as main lists it; the screen is what older entries of the course service were given. */
const row = (call: string, method: string, fields: { before?: Record<string, unknown> | null; after: Record<string, unknown>; record?: HistoryRow['record']; screen?: string }): HistoryRow => ({
  id: 'e1',
  at: 0,
  who: null,
  server: 'http://127.0.0.1:4000',
  call,
  method,
  screen: fields.screen ?? 'Courses',
  record: fields.record ?? { id: null, label: '(no name)' },
  before: fields.before ?? null,
  after: fields.after,
  answer: { ok: true, message: 'Done.' },
  undo: null,
  undone: false,
  lost: [],
});

const folder = { _id: 'd9', title: 'Milking', description: '', type: 'folder', courseId: 'c1', parent: 't1', ancestors: [{ _id: 'm1', title: 'Dairy' }, { _id: 't1', title: 'Cows' }], level: 'concept' };

describe('where a History entry opens its record', () => {
  it("opens a document's write at its folder in the directory, the document selected (older entries say Courses)", () => {
    const renamed = row('videoRepository.updateDocument', 'PUT', { before: folder, after: { id: 'd9', title: 'Hand milking' }, record: { id: 'd9', label: 'Hand milking' } });
    expect(recordTargetOf(renamed)).toEqual({ screen: 'Directory', path: '/directory/c1/m1/t1', key: 'Hand milking', id: 'd9' });
    const added = row('videoRepository.createDocument', 'POST', { after: { type: 'folder', title: 'Feeding', courseId: 'c1', parent: 'm1' }, record: { id: null, label: 'Feeding' }, screen: 'Directory' });
    expect(recordTargetOf(added)).toEqual({ screen: 'Directory', path: '/directory/c1/m1', key: 'Feeding', id: null });
    const atTop = row('videoRepository.createDocument', 'POST', { after: { type: 'folder', title: 'Intro', courseId: 'c1', parent: '' } });
    expect(recordTargetOf(atTop)?.path).toBe('/directory/c1');
    // A topic's video, edited on its Videos screen: its concept in the directory.
    const video = { _id: 'v1', title: 'Teats', videoId: 'f1', moduleId: 'm1', topicId: 't1', conceptId: 'k1', courseId: 'c1' };
    expect(recordTargetOf(row('videoRepository.updateDocument', 'PUT', { before: video, after: { id: 'v1', title: 'Teats, cleaned' }, record: { id: 'v1', label: 'Teats, cleaned' } }))).toEqual({ screen: 'Directory', path: '/directory/c1/m1/t1/k1', key: 'Teats, cleaned', id: 'v1' });
    // Several files added to a folder: the folder, nothing selected.
    expect(recordTargetOf(row('videoRepository.addDescendants', 'POST', { after: { courseId: 'c1', parent: 't1', fileIds: ['f1', 'f2'] } }))).toEqual({ screen: 'Directory', path: '/directory/c1/t1', key: null, id: null });
  });

  it('opens no place a write did not keep, and never searches for "undefined"', () => {
    const none = [
      row('videoRepository.reorderDocuments', 'PUT', { after: { descendants: ['d1', 'd2'] } }),
      row('videoRepository.courseSequence', 'PUT', { after: { courses: ['c1', 'c2'] } }),
      row('videoRepository.topicSequence', 'PUT', { after: { topics: ['t1', 't2'] } }),
      // Cut to its ids (too large to keep whole): its folder is not known.
      row('videoRepository.updateDocument', 'PUT', { before: { _id: 'd9', id: 'd9' }, after: { id: 'd9', fields: '(not kept: too large)' }, record: { id: 'd9', label: 'd9' } }),
      row('videoRepository.deleteDocument', 'DELETE', { before: folder, after: { id: 'd9' }, record: { id: 'd9', label: 'Milking' } }),
      // An edit sent without the record it was opened on (not by a screen): no keyword to search for.
      row('library.updateSynonyms', 'PUT', { after: { id: 'g1', synonyms: ['dairy'] }, record: { id: 'g1', label: 'g1' }, screen: 'Synonyms' }),
    ];
    for (const entry of none) expect(recordTargetOf(entry), entry.call).toBeNull();
  });

  it("opens a course's write on the Course list searched for its name, and an add by the name it was sent with", () => {
    const course = { _id: 'c1', name: 'Dairy basics', language: 'Hindi' };
    expect(recordTargetOf(row('videoRepository.updateCourse', 'PUT', { before: course, after: { id: 'c1', status: 'live' }, record: { id: 'c1', label: 'Dairy basics' } }))).toEqual({ screen: 'Courses', key: 'Dairy basics', id: 'c1' });
    expect(recordTargetOf(row('library.addSynonyms', 'POST', { after: { keyword: 'milk' }, record: { id: null, label: 'milk' }, screen: 'Synonyms' }))).toEqual({ screen: 'Synonyms', key: 'milk', id: null });
  });
});
