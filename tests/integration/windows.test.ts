/**
 * List windows (DESIGN section 12) over the real server, through main's handlers: main loads a whole
 * list once, answers windows of it (search, filters, sort, offset, limit) and drops it when a mutation
 * through main makes it stale.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WindowAnswer, WindowQuery } from '../../src/shared/windows';
import type { Category, Question } from '../../src/shared/schemas/question-bank';
import type { LibraryFile } from '../../src/shared/schemas/library';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.login();
});
afterAll(async () => h.close());

/** A window of the whole list: a first window may come while the list still arrives (total: the rows so far). */
const query = async <T>(over: Partial<WindowQuery> & Pick<WindowQuery, 'list'>): Promise<WindowAnswer<T>> => {
  for (;;) {
    const answer = expectOk(await h.call<WindowAnswer<T>>('windows', 'query', { view: 'test', search: '', filters: [], sort: null, offset: 0, limit: 20, ...over }));
    if (answer.complete !== false) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('windows.query', () => {
  it('loads the question bank once and answers a window: the totals, the page, the sort', async () => {
    const all = expectOk(await h.call<Question[]>('questionBank', 'questions'));
    const first = await query<Question>({ list: 'questions', sort: { id: 'id', desc: false }, offset: 10, limit: 25 });
    expect(first).toMatchObject({ total: all.length, count: all.length, offset: 10 });
    const ascending = all.map((q) => q.id).sort((a, b) => a - b);
    expect(first.rows.map((q) => q.id)).toEqual(ascending.slice(10, 35));
    // The same load answers the next window.
    const next = await query<Question>({ list: 'questions', sort: { id: 'id', desc: true }, limit: 5 });
    expect(next.version).toBe(first.version);
    expect(next.rows.map((q) => q.id)).toEqual(ascending.slice(-5).reverse());
  });

  it('searches every field and the category name, and filters by a column', async () => {
    const categories = expectOk(await h.call<Category[]>('questionBank', 'categories'));
    const all = expectOk(await h.call<Question[]>('questionBank', 'questions'));
    const category = categories.find((c) => all.some((q) => q.categoryId === c._id))!;
    const inCategory = all.filter((q) => q.categoryId === category._id);
    const found = await query<Question>({ list: 'questions', search: category.name, limit: 1000 });
    expect(found.count).toBeGreaterThanOrEqual(inCategory.length);
    expect(found.count).toBeLessThan(found.total);
    expect(found.rows.map((q) => q._id)).toEqual(expect.arrayContaining(inCategory.map((q) => q._id)));

    const hard = await query<Question>({ list: 'questions', filters: [{ id: 'difficulty', kind: 'select', value: 'Hard' }], limit: 1000 });
    expect(hard.count).toBe(all.filter((q) => q.difficulty === 'Hard').length);
    expect(hard.rows.every((q) => q.difficulty === 'Hard')).toBe(true);
  });

  it('a mutation through main drops the kept list: the next window sees the change', async () => {
    const before = await query<Question>({ list: 'questions', sort: { id: 'id', desc: true }, limit: 1 });
    const categories = expectOk(await h.call<Category[]>('questionBank', 'categories'));
    const text = `Which window shows this question ${Date.now()}?`;
    expectOk(
      await h.call('questionBank', 'addQuestion', {
        question: text,
        language: 'English',
        categoryId: categories[0]!._id,
        helpText: '',
        difficulty: 'Easy',
        options: [
          { option: 'This one', isTrue: true },
          { option: 'None', isTrue: false },
        ],
      }),
    );
    const after = await query<Question>({ list: 'questions', sort: { id: 'id', desc: true }, limit: 1 });
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.total).toBe(before.total + 1);
    expect(after.rows[0]!.question).toBe(text);
  });

  it('the library: the whole list, and the server-filtered one with its input', async () => {
    const all = expectOk(await h.call<LibraryFile[]>('library', 'mediaList'));
    const media = await query<LibraryFile>({ list: 'media', sort: { id: 'title', desc: false }, limit: 1000 });
    expect(media.total).toBe(all.length);
    expect(media.rows.map((f) => f.title)).toEqual([...all.map((f) => f.title)].sort((a, b) => a.localeCompare(b)));
    const language = all[0]!.language;
    const filtered = await query<LibraryFile>({ list: 'mediaFiltered', input: { language }, limit: 1000 });
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.rows.every((f) => f.language === language)).toBe(true);
  });

  it("the learners: found by mobile, and a learner's token never leaves main", async () => {
    const learners = await query<{ userInfo: Record<string, unknown> }>({ list: 'learners', limit: 1000 });
    expect(learners.total).toBeGreaterThan(0);
    expect(learners.rows.every((l) => !('token' in l.userInfo))).toBe(true);
    const mobile = String(learners.rows[0]!.userInfo.mobileNumber);
    const found = await query<{ userInfo: Record<string, unknown> }>({ list: 'learners', search: mobile.slice(-6), limit: 1000 });
    expect(found.rows.map((l) => l.userInfo.mobileNumber)).toContain(mobile);
  });
});

describe('windows.refresh', () => {
  it('the next query loads the list again', async () => {
    const before = await query({ list: 'questions', limit: 1 });
    expectOk(await h.call('windows', 'refresh', { list: 'questions' }));
    const after = await query({ list: 'questions', limit: 1 });
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.total).toBe(before.total);
  });
});

describe('windows.forget', () => {
  it("a view that went away is forgotten; the list still answers other views", async () => {
    await query({ list: 'questions', view: 'gone', search: 'a', limit: 1 });
    expect(expectOk(await h.call('windows', 'forget', { view: 'gone' }))).toEqual({});
    expect((await query({ list: 'questions', view: 'other', limit: 1 })).rows).toHaveLength(1);
  });
});
