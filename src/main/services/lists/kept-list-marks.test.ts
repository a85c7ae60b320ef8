// A kept list's marks: records read only partly and records whose id another record has too
// (DESIGN section 14), kept, counted, filtered to and carried by their window rows.
import { describe, expect, it } from 'vitest';
import { listDef } from '../../../shared/lists';
import { QuestionSchema, type Question } from '../../../shared/schemas/question-bank';
import { notSelectable, partialIssues, readList } from '../../../shared/tolerant';
import { KeptList } from './kept-list';

const question = (i: number, over: Record<string, unknown> = {}) => ({
  _id: `q${i}`,
  id: i,
  question: `Question ${i}`,
  language: 'English',
  categoryId: 'c1',
  helpText: '',
  optionFormat: 'radio',
  difficulty: 'Easy',
  options: [{ option: 'yes', isTrue: true }, { option: 'no', isTrue: false }],
  metaInfo: { created: { at: '2026-11-01T10:00:00.000Z' }, updated: { at: '2026-11-02T10:00:00.000Z' } },
  ...over,
});
const good = (i: number) => question(i);

describe('two records with one _id in a kept list', () => {
  it('a kept list marks them once it is whole: counted, filtered to, and their window rows carry the mark', () => {
    const rows = [question(1), question(2), { ...question(3), _id: 'q2' }, question(4), { ...question(5), _id: 'q2' }] as unknown as Question[];
    const list = KeptList.of(listDef('questions'), rows);
    expect(list.partial).toBe(3);
    const only = list.window({ search: '', filters: [], sort: null, offset: 0, limit: 10, partial: true });
    expect(only.rows.map((r) => (r as Question).id)).toEqual([2, 3, 5]);
    expect(only.rows.every((r) => notSelectable(r) === 'another record has the same id')).toBe(true);
    expect(notSelectable(list.window({ search: '', filters: [], sort: null, offset: 0, limit: 1 }).rows[0])).toBeNull();
  });

  it('a kept list of many rows finds a pair among 50,000 by hash and id, and no false pair', () => {
    const n = 50_000;
    const rows = Array.from({ length: n }, (_, i) => ({ ...question(i), _id: `id-${i}` })) as unknown as Question[];
    (rows[n - 1] as { _id: string })._id = 'id-17';
    const list = KeptList.of(listDef('questions'), rows);
    expect(list.partial).toBe(2);
    expect(list.window({ search: '', filters: [], sort: null, offset: 0, limit: 10, partial: true }).rows.map((r) => (r as Question).id)).toEqual([17, n - 1]);
  });
});

describe('KeptList with partly read rows', () => {
  const read = readList<Question>(QuestionSchema, [good(0), { ...good(1), metaInfo: null, language: 'Elvish' }, good(2), { ...good(3), options: 'many' }])!;
  const list = KeptList.of(listDef('questions'), read.values, { categories: [] }, 1, undefined, read.values.map((_, i) => read.marks.get(i)));
  const base = { search: '', filters: [], sort: null, offset: 0, limit: 100 };

  it('serves every row, marks the partly read ones, counts them and filters to them', () => {
    const all = list.window(base);
    expect(all).toMatchObject({ total: 4, count: 4, partial: 2 });
    expect(all.rows.map((r) => !!partialIssues(r))).toEqual([false, true, false, true]);
    const only = list.window({ ...base, partial: true });
    expect(only.rows.map((r) => (r as Question).id)).toEqual([1, 3]);
  });

  it('sorts and searches a partly read row without throwing (its missing values sort last)', () => {
    const sorted = list.window({ ...base, sort: { id: 'updatedOn', desc: false } });
    expect(sorted.rows.map((r) => (r as Question).id)).toEqual([0, 2, 3, 1]);
    expect(list.window({ ...base, search: 'elvish' }).rows.map((r) => (r as Question).id)).toEqual([1]);
  });
});
