import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { MSG } from '../../src/shared/messages';
import { ONE_CORRECT_FOR_FORMAT, QuestionSchema, ResourceSchema, type Category, type Question, type Resource } from '../../src/shared/schemas/question-bank';
import { isUniqueViolation } from '../db';
import { QB_MESSAGES } from './handlers';
import { toQuestion, type QuestionRow } from './queries';
import { CURSOR_BATCH } from '../streamed-list';
import { DEMO_CATEGORIES, DEMO_QUESTION_COUNT, seedDemo, seedManyQuestions } from '../seed';
import { DRIVERS, startTestServer, type TestServer } from '../testing';

const HOUR = 60 * 60 * 1000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const SCRIPTS = { Hindi: /[\u0900-\u097F]/, Marathi: /[\u0900-\u097F]/, Tamil: /[\u0B80-\u0BFF]/, English: /^[\x20-\x7E₹−×÷]+$/ };

describe.each(DRIVERS)('question bank ($name)', (driver) => {
  let s: TestServer;
  let token: string;
  let categoryId: string;

  beforeAll(async () => {
    s = await startTestServer(driver, { seedDemo: true });
    token = await s.login();
    categoryId = (await categories())[0]!._id;
  });
  afterAll(() => s?.dispose());

  const get = async <T>(path: string, field: string): Promise<T> => {
    const { status, body } = await s.call('GET', path, { token });
    expect(status).toBe(200);
    return body[field] as T;
  };
  const categories = () => get<Category[]>('/question-bank/categories', 'categories');
  const questions = () => get<Question[]>('/question-bank/questions', 'questions');
  const resources = () => get<Resource[]>('/question-bank/resources', 'resources');
  const count = async (table: 'qb_categories' | 'qb_questions' | 'qb_resources') =>
    (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
  const draft = (over: Record<string, unknown> = {}) => ({
    question: 'Which document lists what a customer bought and what they paid?',
    language: 'English',
    categoryId,
    helpText: 'Shopkeepers give one with every sale.',
    difficulty: 'Easy',
    options: [
      { option: 'Bill (invoice)', isTrue: true },
      { option: 'Ration card', isTrue: false },
      { option: 'Bus ticket', isTrue: false },
    ],
    ...over,
  });
  /** Sends a bad request and checks the 400 (or other status), its text, and that no row changed. */
  const refused = async (
    method: 'POST' | 'PUT',
    path: string,
    table: 'qb_categories' | 'qb_questions' | 'qb_resources',
    request: { body?: unknown; raw?: string },
    status: number,
    message: string | RegExp,
  ) => {
    const before = await s.db.query(`SELECT * FROM ${table} ORDER BY id`);
    const answer = await s.call(method, path, { token, ...request });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 200)).toBe(status);
    expect(answer.body.error).toBe(true);
    if (typeof message === 'string') expect(answer.body.errorMessage).toBe(message);
    else expect(answer.body.errorMessage).toMatch(message);
    expect(await s.db.query(`SELECT * FROM ${table} ORDER BY id`)).toEqual(before);
  };

  describe('seeded demo content', () => {
    it('has the 8 categories, 300 questions in English, Hindi, Marathi and Tamil, and resources across types and languages', async () => {
      expect((await categories()).map((c) => c.name).sort()).toEqual([...DEMO_CATEGORIES].sort());
      const all = await questions();
      expect(all.length).toBeGreaterThanOrEqual(DEMO_QUESTION_COUNT);
      const demo = all.filter((q) => q.id <= DEMO_QUESTION_COUNT);
      expect(demo).toHaveLength(DEMO_QUESTION_COUNT);
      for (const [language, script] of Object.entries(SCRIPTS)) {
        const inLanguage = demo.filter((q) => q.language === language);
        expect(inLanguage.length, language).toBe(DEMO_QUESTION_COUNT / 4);
        for (const q of inLanguage) expect(q.question, language).toMatch(script);
      }
      // Every question has at least one correct option; a radio or dropdown exactly one.
      for (const q of demo) {
        const correct = q.options.filter((o) => o.isTrue).length;
        if (q.optionFormat === 'checkbox') expect(correct).toBeGreaterThanOrEqual(1);
        else expect(correct).toBe(1);
        expect(new Set(q.options.map((o) => o.option)).size).toBe(q.options.length);
      }
      expect(new Set(demo.map((q) => q.difficulty))).toEqual(new Set(['Easy', 'Medium', 'Hard']));
      expect(new Set(demo.map((q) => q.optionFormat))).toEqual(new Set(['radio', 'dropdown', 'checkbox']));
      expect(new Set(demo.map((q) => q.categoryId)).size).toBe(DEMO_CATEGORIES.length);
      const res = await resources();
      expect(res.length).toBeGreaterThanOrEqual(25);
      expect(new Set(res.map((r) => r.type)).size).toBe(5);
      expect(new Set(res.map((r) => r.language)).size).toBeGreaterThanOrEqual(6);
    });

    it('seeding again adds nothing', async () => {
      const before = await Promise.all([count('qb_categories'), count('qb_questions'), count('qb_resources')]);
      expect(await seedDemo(s.db)).toMatchObject({ categories: 0, questions: 0, resources: 0 });
      expect(await Promise.all([count('qb_categories'), count('qb_questions'), count('qb_resources')])).toEqual(before);
    });
  });

  describe('auth', () => {
    it('every question bank route needs a token', async () => {
      const routes: [string, string][] = [
        ['GET', '/question-bank/questions'],
        ['GET', '/question-bank/categories'],
        ['POST', '/question-bank/categories'],
        ['POST', '/question-bank/questions'],
        ['PUT', `/question-bank/questions/${UNKNOWN_ID}`],
        ['GET', '/question-bank/resources'],
        ['POST', '/question-bank/resources'],
        ['PUT', `/question-bank/resources/${UNKNOWN_ID}`],
      ];
      for (const [method, path] of routes) {
        const answer = await s.call(method, path, { body: method === 'GET' ? undefined : {} });
        expect(answer.status, `${method} ${path}`).toBe(401);
      }
    });
  });

  describe('categories', () => {
    it('lists by name and adds one with the server message', async () => {
      const list = await categories();
      expect(list.map((c) => c.name)).toEqual([...list.map((c) => c.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      const answer = await s.call('POST', '/question-bank/categories', { token, body: { name: '  Record Keeping  ' } });
      expect(answer).toMatchObject({ status: 200, body: { error: false, message: QB_MESSAGES.categoryAdded } });
      expect((await categories()).find((c) => c._id === answer.body._id)).toEqual({ _id: answer.body._id, name: 'Record Keeping' });
    });

    it('refuses a name that differs only in case or surrounding spaces with 409 and the spec text', async () => {
      for (const name of ['business basics', 'BUSINESS BASICS', '  Business Basics  ', '\tbusiness BASICS\n']) {
        await refused('POST', '/question-bank/categories', 'qb_categories', { body: { name } }, 409, MSG.duplicateCategory);
      }
    });

    it('concurrent adds of one name (different case): exactly one wins, the others get 409', async () => {
      const names = ['Export Basics', 'export basics', 'EXPORT BASICS', ' Export basics ', 'export Basics'];
      const answers = await Promise.all(names.map((name) => s.call('POST', '/question-bank/categories', { token, body: { name } })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) expect(a).toEqual({ status: 409, body: { error: true, errorMessage: MSG.duplicateCategory } });
      expect((await categories()).filter((c) => c.name.toLowerCase() === 'export basics')).toHaveLength(1);
    });

    it('the unique index on lower(trim(name)) holds even for a write that skips the handler', async () => {
      const error = await s.db
        .query(`INSERT INTO qb_categories (name, created_at) VALUES ('MARKETING', now())`)
        .then(() => null, (e: unknown) => e);
      expect(isUniqueViolation(error)).toBe(true);
    });

    it('refuses an empty, missing, mistyped or too long name with 400 and changes nothing', async () => {
      const table = 'qb_categories';
      await refused('POST', '/question-bank/categories', table, { body: { name: '' } }, 400, MSG.enterCategory);
      await refused('POST', '/question-bank/categories', table, { body: { name: '   ' } }, 400, MSG.enterCategory);
      await refused('POST', '/question-bank/categories', table, { body: {} }, 400, 'The field "name" is required.');
      await refused('POST', '/question-bank/categories', table, { body: { name: 42 } }, 400, MSG.enterCategory);
      await refused('POST', '/question-bank/categories', table, { body: { name: 'x'.repeat(101) } }, 400, 'A category name is at most 100 characters.');
      await refused('POST', '/question-bank/categories', table, { body: ['Marketing'] }, 400, 'The request body must be a JSON object.');
      await refused('POST', '/question-bank/categories', table, { raw: '{"name": ' }, 400, 'The request body is not valid JSON.');
    });
  });

  describe('questions', () => {
    it('adds a question: next ID, a UUID _id, trimmed texts, radio by default, created = updated = now', async () => {
      const before = await questions();
      const answer = await s.call('POST', '/question-bank/questions', {
        token,
        body: draft({ question: '  What is a bill?  ', helpText: undefined, options: [{ option: ' Bill ', isTrue: true }, { option: 'Ticket', isTrue: false }] }),
      });
      expect(answer).toMatchObject({ status: 200, body: { error: false, message: QB_MESSAGES.questionAdded } });
      const after = await questions();
      expect(after).toHaveLength(before.length + 1);
      // Newest first: the new question leads, with the next ID.
      const added = after[0]!;
      expect(added).toEqual({
        _id: answer.body._id,
        id: Math.max(...before.map((q) => q.id)) + 1,
        question: 'What is a bill?',
        language: 'English',
        categoryId,
        helpText: '',
        optionFormat: 'radio',
        difficulty: 'Easy',
        options: [{ option: 'Bill', isTrue: true }, { option: 'Ticket', isTrue: false }],
        metaInfo: { created: { at: s.clock.now.toISOString() }, updated: { at: s.clock.now.toISOString() } },
      });
      expect(added._id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      const ids = after.map((q) => q.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it('keeps scripts and symbols exactly (Hindi, Tamil, quotes, ₹)', async () => {
      const text = 'एक दुकानदार ₹250 में "चाय" बेचता है — ஒரு கடைக்காரர்? \'ok\'';
      const answer = await s.call('POST', '/question-bank/questions', { token, body: draft({ question: text, language: 'Hindi' }) });
      expect(answer.status).toBe(200);
      expect((await questions()).find((q) => q._id === answer.body._id)?.question).toBe(text);
    });

    const path = '/question-bank/questions';
    // Bodies are built when the test runs: the category id is known only then.
    const bad: [string, () => Record<string, unknown> | unknown[], number, string | RegExp][] = [
      ['no fields at all', () => ({}), 400, 'The field "question" is required.'],
      ['an empty question', () => draft({ question: '' }), 400, MSG.enterQuestion],
      ['a blank question', () => draft({ question: '   ' }), 400, MSG.enterQuestion],
      ['a number as question', () => draft({ question: 42 }), 400, MSG.enterQuestion],
      ['a question over 2000 characters', () => draft({ question: 'q'.repeat(2001) }), 400, 'A question is at most 2000 characters.'],
      ['a 1 MB question', () => draft({ question: 'q'.repeat(1_000_000) }), 400, 'A question is at most 2000 characters.'],
      ['no language', () => draft({ language: undefined }), 400, 'The field "language" is required.'],
      ['an unknown language', () => draft({ language: 'Klingon' }), 400, 'Select a language!'],
      ['a language in the wrong case', () => draft({ language: 'english' }), 400, 'Select a language!'],
      ['no category', () => draft({ categoryId: undefined }), 400, 'The field "categoryId" is required.'],
      ['an empty category', () => draft({ categoryId: '' }), 400, 'Select a category!'],
      ['a category that does not exist', () => draft({ categoryId: UNKNOWN_ID }), 400, QB_MESSAGES.unknownCategory],
      ['no difficulty', () => draft({ difficulty: undefined }), 400, 'The field "difficulty" is required.'],
      ['an unknown difficulty', () => draft({ difficulty: 'Trivial' }), 400, MSG.selectDifficulty],
      ['an unknown option format', () => draft({ optionFormat: 'slider' }), 400, 'Select an option format'],
      ['one option', () => draft({ options: [{ option: 'Only', isTrue: true }] }), 400, MSG.atLeastTwoOptions],
      ['no options', () => draft({ options: [] }), 400, MSG.atLeastTwoOptions],
      ['options as a string', () => draft({ options: 'Bill, Ticket' }), 400, MSG.atLeastTwoOptions],
      ['a blank option', () => draft({ options: [{ option: 'Bill', isTrue: true }, { option: '  ', isTrue: false }] }), 400, MSG.enterOption],
      ['an option without text', () => draft({ options: [{ option: 'Bill', isTrue: true }, { isTrue: false }] }), 400, /options\.1\.option/],
      ['isTrue as a string', () => draft({ options: [{ option: 'Bill', isTrue: 'yes' }, { option: 'Ticket', isTrue: false }] }), 400, /options\.0\.isTrue/],
      ['two correct options', () => draft({ options: [{ option: 'A', isTrue: true }, { option: 'B', isTrue: true }] }), 400, 'Mark exactly one option as correct.'],
      ['no correct option', () => draft({ options: [{ option: 'A', isTrue: false }, { option: 'B', isTrue: false }] }), 400, 'Mark exactly one option as correct.'],
      ['eleven options', () => draft({ options: Array.from({ length: 11 }, (_, i) => ({ option: `O${i}`, isTrue: i === 0 })) }), 400, 'At most 10 options.'],
      ['a helpText of the wrong type', () => draft({ helpText: ['x'] }), 400, /helpText/],
      ['a JSON array body', () => [draft()], 400, 'The request body must be a JSON object.'],
    ];
    it.each(bad)('refuses %s and adds nothing', async (_name, body, status, message) => {
      await refused('POST', path, 'qb_questions', { body: body() }, status, message);
    });

    it('refuses a body over the 1 MiB limit with 413 and adds nothing', async () => {
      await refused('POST', path, 'qb_questions', { body: draft({ question: 'q'.repeat(2_000_000) }) }, 413, /too large/);
    });

    it('refuses broken JSON with 400', async () => {
      await refused('POST', path, 'qb_questions', { raw: '{"question": "x",' }, 400, 'The request body is not valid JSON.');
    });
  });

  describe('question update', () => {
    const add = async () => {
      const answer = await s.call('POST', '/question-bank/questions', { token, body: draft() });
      expect(answer.status).toBe(200);
      return (await questions()).find((q) => q._id === answer.body._id)!;
    };

    it('replaces the edited fields, allows several correct options, keeps the ID and the creation time', async () => {
      const original = await add();
      const other = (await categories()).find((c) => c._id !== categoryId)!;
      s.clock.advance(HOUR);
      const edit = {
        question: 'Which of these does a proper bill show?',
        language: 'Marathi',
        categoryId: other._id,
        helpText: 'Check both.',
        optionFormat: 'checkbox',
        difficulty: 'Medium',
        options: [{ option: 'Date', isTrue: true }, { option: 'GSTIN', isTrue: true }, { option: 'Film songs', isTrue: false }],
      };
      const answer = await s.call('PUT', `/question-bank/questions/${original._id}`, { token, body: edit });
      expect(answer).toEqual({ status: 200, body: { error: false, message: QB_MESSAGES.questionUpdated } });
      const updated = (await questions()).find((q) => q._id === original._id)!;
      expect(updated).toEqual({
        ...edit,
        _id: original._id,
        id: original.id,
        metaInfo: { created: original.metaInfo.created, updated: { at: s.clock.now.toISOString() } },
      });
    });

    it('takes the id from the path, not from the body', async () => {
      const a = await add();
      const b = await add();
      const answer = await s.call('PUT', `/question-bank/questions/${a._id}`, { token, body: { ...draft({ question: 'Edited A' }), optionFormat: 'radio', id: b._id } });
      expect(answer.status).toBe(200);
      const all = await questions();
      expect(all.find((q) => q._id === a._id)!.question).toBe('Edited A');
      expect(all.find((q) => q._id === b._id)!.question).toBe(b.question);
    });

    it('refuses an edit without option format, without a correct option, with two correct for radio or dropdown, with one option or an unknown category, and changes nothing', async () => {
      const q = await add();
      const url = `/question-bank/questions/${q._id}`;
      const edit = { ...draft(), optionFormat: 'radio' };
      await refused('PUT', url, 'qb_questions', { body: { ...edit, optionFormat: undefined } }, 400, 'The field "optionFormat" is required.');
      await refused('PUT', url, 'qb_questions', { body: { ...edit, options: [{ option: 'A', isTrue: false }, { option: 'B', isTrue: false }] } }, 400, 'Mark at least one option as correct.');
      await refused('PUT', url, 'qb_questions', { body: { ...edit, options: [{ option: 'A', isTrue: true }] } }, 400, MSG.atLeastTwoOptions);
      // Radio and dropdown show one answer to pick: two correct options need the checkbox format.
      const two = [{ option: 'A', isTrue: true }, { option: 'B', isTrue: true }];
      for (const optionFormat of ['radio', 'dropdown']) {
        await refused('PUT', url, 'qb_questions', { body: { ...edit, optionFormat, options: two } }, 400, ONE_CORRECT_FOR_FORMAT);
      }
      await refused('PUT', url, 'qb_questions', { body: { ...edit, question: ' ' } }, 400, MSG.enterQuestion);
      await refused('PUT', url, 'qb_questions', { body: { ...edit, categoryId: UNKNOWN_ID } }, 400, QB_MESSAGES.unknownCategory);
      await refused('PUT', url, 'qb_questions', { body: { ...edit, language: 'Latin' } }, 400, 'Select a language!');
    });

    it('answers 404 for an unknown id (a UUID or anything else)', async () => {
      const edit = { ...draft(), optionFormat: 'radio' };
      for (const id of [UNKNOWN_ID, '12', 'not-a-uuid']) {
        await refused('PUT', `/question-bank/questions/${id}`, 'qb_questions', { body: edit }, 404, QB_MESSAGES.questionNotFound);
      }
    });
  });

  describe('resources', () => {
    it('lists by serial number; a new resource gets the next one', async () => {
      const before = await resources();
      const slNos = before.map((r) => r.slNo);
      expect(slNos).toEqual([...slNos].sort((a, b) => a - b));
      const answer = await s.call('POST', '/question-bank/resources', { token, body: { title: '  GST filing calendar ', language: 'Tamil', type: 'PDF' } });
      expect(answer).toMatchObject({ status: 200, body: { error: false, message: QB_MESSAGES.resourceAdded } });
      const after = await resources();
      const added = after.at(-1)!;
      expect(added).toEqual({
        _id: answer.body._id,
        slNo: Math.max(...slNos) + 1,
        title: 'GST filing calendar',
        language: 'Tamil',
        type: 'PDF',
        metaInfo: { created: { at: s.clock.now.toISOString() }, updated: { at: s.clock.now.toISOString() } },
      });
      for (const r of after) expect(v.is(ResourceSchema, r)).toBe(true);
    });

    it('updates a resource: same serial number and creation time, new update time', async () => {
      const [first] = await resources();
      s.clock.advance(HOUR);
      const answer = await s.call('PUT', `/question-bank/resources/${first!._id}`, { token, body: { title: 'Starting up: a checklist', language: 'English', type: 'Worksheet' } });
      expect(answer).toEqual({ status: 200, body: { error: false, message: QB_MESSAGES.resourceUpdated } });
      expect((await resources()).find((r) => r._id === first!._id)).toEqual({
        ...first,
        title: 'Starting up: a checklist',
        type: 'Worksheet',
        metaInfo: { created: first!.metaInfo.created, updated: { at: s.clock.now.toISOString() } },
      });
    });

    it('refuses bad resources with 400, unknown ids with 404, and changes nothing', async () => {
      const [first] = await resources();
      const ok = { title: 'A title', language: 'Hindi', type: 'Video' };
      for (const [method, url] of [['POST', '/question-bank/resources'], ['PUT', `/question-bank/resources/${first!._id}`]] as const) {
        await refused(method, url, 'qb_resources', { body: { ...ok, title: ' ' } }, 400, 'Enter a resource title!');
        await refused(method, url, 'qb_resources', { body: { ...ok, title: 't'.repeat(201) } }, 400, 'A title is at most 200 characters.');
        await refused(method, url, 'qb_resources', { body: { ...ok, language: 'Klingon' } }, 400, 'Select a language!');
        await refused(method, url, 'qb_resources', { body: { ...ok, type: 'Podcast' } }, 400, 'Select a resource type!');
        await refused(method, url, 'qb_resources', { body: { title: 'A title' } }, 400, 'The field "language" is required.');
      }
      await refused('PUT', `/question-bank/resources/${UNKNOWN_ID}`, 'qb_resources', { body: ok }, 404, QB_MESSAGES.resourceNotFound);
    });
  });
});

describe.each(DRIVERS)('seedManyQuestions ($name)', (driver) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(driver);
  });
  afterAll(() => s?.dispose());

  it('inserts N valid questions in bulk, each with the next ID, listed newest first', async () => {
    // Counted statements, not a clock: bulk means a few statements for the 12,000 rows, not one per row.
    let statements = 0;
    const counting: typeof s.db = {
      ...s.db,
      query: (sql, params) => (statements++, s.db.query(sql, params)),
      transaction: (fn) => s.db.transaction((tx) => fn({ query: (sql, params) => (statements++, tx.query(sql, params)) })),
    };
    expect(await seedManyQuestions(counting, 12_000, { now: s.clock.now })).toBe(12_000);
    const token = await s.login();
    const { status, body } = await s.call('GET', '/question-bank/questions', { token });
    expect(status).toBe(200);
    const list = body.questions as Question[];
    expect(list).toHaveLength(12_000);
    expect(list[0]!.id).toBe(12_000);
    expect(list.at(-1)!.id).toBe(1);
    expect(list.every((q, i) => i === 0 || q.id < list[i - 1]!.id)).toBe(true);
    expect(list.every((q) => v.is(QuestionSchema, q))).toBe(true);
    expect(new Set(list.map((q) => q.language))).toEqual(new Set(['English', 'Hindi', 'Marathi', 'Tamil']));
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThan(200);
    // A second batch continues after the first.
    await seedManyQuestions(s.db, 10, { now: s.clock.now });
    expect((await s.db.query<{ n: number }>(`SELECT max(question_no)::int AS n FROM qb_questions`))[0]!.n).toBe(12_010);
  });

  it('streams the list from a cursor across batches, byte for byte the answer built whole', async () => {
    // Its own rows when run alone (the test before it seeds 12,010).
    const have = (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM qb_questions`))[0]!.n;
    if (have <= 2 * CURSOR_BATCH) await seedManyQuestions(s.db, 2 * CURSOR_BATCH + 17 - have, { now: s.clock.now });
    const token = await s.login();
    const response = await fetch(`${s.url}/question-bank/questions`, { headers: { authorization: token } });
    expect(response.status).toBe(200);
    // Streamed: chunked, no Content-Length.
    expect(response.headers.get('content-length')).toBeNull();
    // Read before querying: on PGlite the cursor holds the one connection until the list is sent.
    const text = await response.text();
    const rows = await s.db.query<QuestionRow>(
      `SELECT id, question_no, question, language, category_id, help_text, option_format, difficulty, options, created_at, updated_at
         FROM qb_questions ORDER BY question_no DESC`,
    );
    expect(rows.length).toBeGreaterThan(2 * CURSOR_BATCH);
    expect(text).toBe(JSON.stringify({ error: false, message: 'OK', questions: rows.map(toQuestion) }));
  });
});
