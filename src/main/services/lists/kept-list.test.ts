import { describe, expect, it } from 'vitest';
import { LISTS, listDef } from '../../../shared/lists';
import type { Question } from '../../../shared/schemas/question-bank';
import { KeptList } from './kept-list';
import { keepWhere } from './store';

const question = (i: number, over: Partial<Question> = {}): Question =>
  ({
    _id: `q${i}`,
    id: i,
    language: i % 2 ? 'Hindi' : 'English',
    question: `Question number ${i}`,
    difficulty: (['Hard', 'Easy', 'Medium'] as const)[i % 3],
    options: [{ option: `yes ${i}`, isCorrect: true }, { option: 'no', isCorrect: false }],
    categoryId: i % 2 ? 'c1' : 'c2',
    helpText: '',
    optionFormat: 'radio',
    metaInfo: { created: { at: '2026-11-01T10:00:00.000Z' }, updated: { at: '2026-11-02T10:00:00.000Z' } },
    ...over,
  }) as unknown as Question;

describe('KeptList (the window of a kept list, one pure pipeline)', () => {
  const rows = Array.from({ length: 30 }, (_, i) => question(i));
  const list = KeptList.of(listDef('questions'), rows, { categories: [{ _id: 'c1', name: 'Farming' }, { _id: 'c2', name: 'Dairy' }] });
  const base = { search: '', filters: [], sort: null, offset: 0, limit: 100 };

  it('searches the joined category name and the option texts, case-insensitive', () => {
    expect(list.window({ ...base, search: 'FARMING' }).count).toBe(15);
    expect(list.window({ ...base, search: 'yes 7' }).rows.map((r) => (r as Question).id)).toEqual([7]);
  });

  it('sorts an enum field by its meaning (Easy, Medium, Hard) and pages the result', () => {
    const sorted = list.window({ ...base, sort: { id: 'difficulty', desc: false }, offset: 8, limit: 4 });
    expect(sorted.rows.map((r) => (r as Question).difficulty)).toEqual(['Easy', 'Easy', 'Medium', 'Medium']);
    expect(sorted).toMatchObject({ total: 30, count: 30, offset: 8 });
  });

  it('ranks its sortable fields one at a time once whole (prepareSort), with the same sorts as ranked on a click', () => {
    const def = listDef('questions');
    const arriving = new KeptList(def);
    arriving.append(rows);
    expect(arriving.prepareSort()).toBe(false);
    arriving.finish();
    const fields = Object.keys(def.fields);
    for (let k = 1; k <= fields.length; k++) {
      expect(arriving.prepareSort()).toBe(true);
      expect(arriving.rankedFields).toBe(k);
    }
    expect(arriving.prepareSort()).toBe(false);
    const fresh = KeptList.of(def, rows);
    for (const id of fields) for (const desc of [false, true]) expect(arriving.window({ ...base, sort: { id, desc } })).toEqual(fresh.window({ ...base, sort: { id, desc } }));
  });

  it("a column's other direction comes from the ranks of the first: its field is read once, the order is the reverse with ties in list order", () => {
    let reads = 0;
    const counted = { ...listDef('questions'), fields: { question: (q: Question) => (reads++, q.question), language: (q: Question) => (reads++, q.language) } };
    const mixed = KeptList.of(counted, [...rows, question(30, { question: '' })]);
    const ids = (sort: { id: string; desc: boolean }) => mixed.window({ ...base, sort }).rows.map((r) => (r as Question).id);
    const asc = ids({ id: 'question', desc: false });
    expect(reads).toBe(31);
    const desc = ids({ id: 'question', desc: true });
    expect(reads).toBe(31);
    // The empty question stays last both ways; the others reverse.
    expect(asc.at(-1)).toBe(30);
    expect(desc).toEqual([...asc.slice(0, -1).reverse(), 30]);
    // Ties (15 rows of each language) keep the list's order in both directions.
    expect(ids({ id: 'language', desc: true }).slice(0, 3)).toEqual([1, 3, 5]);
    expect(ids({ id: 'language', desc: false }).slice(0, 3)).toEqual([0, 2, 4]);
    expect(reads).toBe(62);
  });

  it('typing on narrows the last result of that view (same answer as a fresh scan)', () => {
    const typed = ['q', 'qu', 'question number 1'].map((search) => list.window({ ...base, search }, 'view').count);
    expect(typed).toEqual([30, 30, 11]);
    expect(list.window({ ...base, search: 'question number 1' }, 'fresh').count).toBe(11);
    const filtered = list.window({ ...base, search: 'question number 1', filters: [{ id: 'language', kind: 'select', value: 'Hindi' }] }, 'view');
    expect(filtered.count).toBe(6);
  });

  it('after a Backspace, typing again narrows the longest earlier prefix, never a sibling branch', () => {
    const sort = { id: 'id', desc: true };
    const answers = ['question number 1', 'question number ', 'question number 2', 'question number 2', 'question number 29'].map((search) =>
      list.window({ ...base, sort, search }, 'branching').rows.map((r) => (r as Question).id),
    );
    const fresh = (search: string) => list.window({ ...base, sort, search }, `fresh ${search}`).rows.map((r) => (r as Question).id);
    expect(answers).toEqual([fresh('question number 1'), fresh('question number '), fresh('question number 2'), fresh('question number 2'), [29]]);
    expect(answers[2]).toEqual([29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 2]);
  });

  it('keeps secrets by key and leaves them out of the rows it serves', () => {
    const learners = KeptList.of(listDef('learners'), [
      { _id: 'a', userInfo: { mobileNumber: '+91 98200 12345', loginTime: '', preferredLanguage: 'Hindi', token: 'secret' }, currentProgress: { progress: 40, moduleId: 'm' } },
    ]);
    expect(learners.secret('9820012345')).toBe('secret');
    const answer = learners.window({ ...base, search: '40%' });
    expect(answer.count).toBe(1);
    expect(JSON.stringify(answer)).not.toContain('secret');
    expect(Object.keys(LISTS)).toContain('learners');
  });
});

describe('keepWhere (narrowing an earlier result)', () => {
  it('keeps the row numbers that pass, in their order, in an array of their own length', () => {
    const kept = keepWhere(Uint32Array.of(9, 2, 7, 4, 11), (i) => i % 2 === 1);
    expect(kept).toBeInstanceOf(Uint32Array);
    expect([...kept]).toEqual([9, 7, 11]);
    expect(kept.buffer.byteLength).toBe(3 * 4);
    expect(keepWhere(new Uint32Array(0), () => true).length).toBe(0);
    expect(keepWhere(Uint32Array.of(1, 2), () => false).length).toBe(0);
  });
});

describe('KeptList.find', () => {
  const learner = (id: string, mobile: string) => ({
    _id: id,
    userInfo: { mobileNumber: mobile, loginTime: '2026-01-01T10:00:00.000Z', preferredLanguage: 'Hindi', token: `token-${id}` },
    currentProgress: { progress: 10 },
  });
  it("finds a learner by part of the mobile, with the screen it opens in, and never the learner's token", () => {
    const list = KeptList.of(LISTS.learners as never, [learner('l1', '9820012345'), learner('l2', '9000098200'), learner('l3', '7000000000')]);
    const hits = list.find('98200', new Set());
    expect(hits.map((h) => [h.id, h.title, h.rank, h.screen, h.key])).toEqual([
      ['l1', '9820012345', 1, 'Users', '9820012345'],
      ['l2', '9000098200', 3, 'Users', '9000098200'],
    ]);
    expect(JSON.stringify(hits)).not.toContain('token-');
    // One character finds only the recent records.
    expect(list.find('9', new Set()).map((h) => h.id)).toEqual([]);
    expect(list.find('9', new Set(['l2'])).map((h) => h.id)).toEqual(['l2']);
    // Typing on narrows the earlier results.
    expect(list.find('982001', new Set()).map((h) => h.id)).toEqual(['l1']);
    // A recent record that matches comes once.
    expect(list.find('98200', new Set(['l2'])).map((h) => h.id)).toEqual(['l2', 'l1']);
    // Without text: only the recent ones.
    expect(list.find('', new Set(['l3'])).map((h) => h.id)).toEqual(['l3']);
  });
});
