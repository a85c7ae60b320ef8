import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QB_MESSAGES } from '../../server/question-bank/handlers';
import { MSG } from '../../src/shared/messages';
import type { Category, Question, Resource } from '../../src/shared/schemas/question-bank';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.login();
});
afterAll(async () => h.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const questions = async () => expectOk(await h.call<Question[]>('questionBank', 'questions'));
const categories = async () => expectOk(await h.call<Category[]>('questionBank', 'categories'));
const resources = async () => expectOk(await h.call<Resource[]>('questionBank', 'resources'));
const draft = async (over: Record<string, unknown> = {}) => ({
  question: 'कौन-सा दस्तावेज़ बताता है कि ग्राहक ने क्या खरीदा और कितना भुगतान किया?',
  language: 'Hindi',
  categoryId: (await categories())[0]!._id,
  helpText: 'हर बिक्री के साथ दुकानदार यह देता है।',
  difficulty: 'Easy',
  options: [
    { option: 'बिल', isTrue: true },
    { option: 'राशन कार्ड', isTrue: false },
  ],
  ...over,
});
const validation = (message: string) => ({ ok: false, error: { kind: 'validation', message } });

describe('questionBank.questions', () => {
  it('returns the seeded questions, newest first, in several languages', async () => {
    const list = await questions();
    expect(list.length).toBeGreaterThanOrEqual(300);
    const ids = list.map((q) => q.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(list.map((q) => q.language))).toEqual(new Set(['English', 'Hindi', 'Marathi', 'Tamil']));
    expect(list[0]).toMatchObject({ _id: expect.any(String), metaInfo: { created: { at: expect.any(String) }, updated: { at: expect.any(String) } } });
  });
});

describe('questionBank.categories', () => {
  it('returns the seeded categories', async () => {
    const list = await categories();
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list.map((c) => c.name)).toContain('Business Basics');
  });
});

describe('questionBank.addCategory', () => {
  it('adds a category with the server message', async () => {
    expect(expectOk(await h.call<{ message: string }>('questionBank', 'addCategory', { name: '  Women Entrepreneurs ' }))).toEqual({ message: QB_MESSAGES.categoryAdded });
    expect((await categories()).map((c) => c.name)).toContain('Women Entrepreneurs');
  });

  it('refuses a duplicate in another case or with spaces: 409 and the spec text', async () => {
    for (const name of ['business basics', '  BUSINESS BASICS  ', 'women ENTREPRENEURS']) {
      expect(await h.call('questionBank', 'addCategory', { name })).toEqual({
        ok: false,
        error: { kind: 'http', status: 409, message: MSG.duplicateCategory },
      });
    }
    expect((await categories()).filter((c) => c.name.toLowerCase() === 'business basics')).toHaveLength(1);
  });

  it('refuses an empty name before any call', async () => {
    expect(await h.call('questionBank', 'addCategory', { name: '   ' })).toEqual(validation(MSG.enterCategory));
  });
});

describe('questionBank.addQuestion', () => {
  it('adds a question with the server message; it leads the list', async () => {
    const body = await draft();
    expect(expectOk(await h.call<{ message: string }>('questionBank', 'addQuestion', body))).toEqual({ message: QB_MESSAGES.questionAdded });
    const [first] = await questions();
    expect(first).toMatchObject({ question: body.question, language: 'Hindi', optionFormat: 'radio', options: body.options });
  });

  it('refuses each broken rule with the spec text, before any call', async () => {
    const before = (await questions()).length;
    expect(await h.call('questionBank', 'addQuestion', await draft({ question: '' }))).toEqual(validation(MSG.enterQuestion));
    expect(await h.call('questionBank', 'addQuestion', await draft({ options: [{ option: 'बिल', isTrue: true }] }))).toEqual(validation(MSG.atLeastTwoOptions));
    expect(await h.call('questionBank', 'addQuestion', await draft({ options: [{ option: 'बिल', isTrue: true }, { option: ' ', isTrue: false }] }))).toEqual(
      validation(MSG.enterOption),
    );
    expect(await h.call('questionBank', 'addQuestion', await draft({ difficulty: undefined }))).toEqual(validation(MSG.selectDifficulty));
    expect(await h.call('questionBank', 'addQuestion', await draft({ language: undefined }))).toEqual(validation('Select a language!'));
    // Adding allows one correct option.
    const twoCorrect = await h.call('questionBank', 'addQuestion', await draft({ options: [{ option: 'A', isTrue: true }, { option: 'B', isTrue: true }] }));
    expect(twoCorrect).toEqual(validation('Mark exactly one option as correct.'));
    expect(await questions()).toHaveLength(before);
  });

  it('a category that does not exist is refused by the server with a clear message', async () => {
    expect(await h.call('questionBank', 'addQuestion', await draft({ categoryId: UNKNOWN_ID }))).toEqual({
      ok: false,
      error: { kind: 'http', status: 400, message: QB_MESSAGES.unknownCategory },
    });
  });
});

describe('questionBank.updateQuestion', () => {
  it('edits a question; several correct options are accepted', async () => {
    const target = (await questions()).find((q) => q.language === 'Tamil')!;
    const edit = {
      id: target._id,
      question: 'இவற்றில் எவை ஒரு சரியான பில்லில் இருக்க வேண்டும்?',
      language: 'Tamil',
      categoryId: target.categoryId,
      helpText: '',
      optionFormat: 'checkbox',
      difficulty: 'Medium',
      options: [
        { option: 'தேதி', isTrue: true },
        { option: 'GSTIN', isTrue: true },
        { option: 'திரைப்படப் பாடல்', isTrue: false },
      ],
    };
    expect(expectOk(await h.call<{ message: string }>('questionBank', 'updateQuestion', edit))).toEqual({ message: QB_MESSAGES.questionUpdated });
    const updated = (await questions()).find((q) => q._id === target._id)!;
    expect(updated).toMatchObject({ id: target.id, question: edit.question, optionFormat: 'checkbox', options: edit.options });
    expect(updated.metaInfo.created.at).toBe(target.metaInfo.created.at);
  });

  it('refuses an edit without the option format, and an unknown id with 404', async () => {
    const target = (await questions())[0]!;
    const { _id, id: _number, metaInfo: _meta, ...fields } = target;
    const { optionFormat: _format, ...withoutFormat } = fields;
    const refused = await h.call('questionBank', 'updateQuestion', { ...withoutFormat, id: _id });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect((await questions()).find((q) => q._id === _id)).toEqual(target);
    const unknown = await h.call('questionBank', 'updateQuestion', { ...fields, id: UNKNOWN_ID });
    expect(unknown).toEqual({ ok: false, error: { kind: 'http', status: 404, message: QB_MESSAGES.questionNotFound } });
  });
});

describe('questionBank.resources', () => {
  it('returns the seeded resources by serial number', async () => {
    const list = await resources();
    expect(list.length).toBeGreaterThanOrEqual(25);
    expect(list.map((r) => r.slNo)).toEqual([...list.map((r) => r.slNo)].sort((a, b) => a - b));
  });
});

describe('questionBank.addResource', () => {
  it('adds a resource with the next serial number and the server message', async () => {
    const before = await resources();
    expect(expectOk(await h.call<{ message: string }>('questionBank', 'addResource', { title: 'बचत गट कसे सुरू करावे', language: 'Marathi', type: 'Video' }))).toEqual({
      message: QB_MESSAGES.resourceAdded,
    });
    const added = (await resources()).at(-1)!;
    expect(added).toMatchObject({ title: 'बचत गट कसे सुरू करावे', language: 'Marathi', type: 'Video', slNo: Math.max(...before.map((r) => r.slNo)) + 1 });
  });

  it('refuses an unknown type before any call', async () => {
    expect(await h.call('questionBank', 'addResource', { title: 'X', language: 'English', type: 'Podcast' })).toEqual(validation('Select a resource type!'));
  });
});

describe('questionBank.updateResource', () => {
  it('edits a resource, keeping its serial number; an unknown id is a 404', async () => {
    const [first] = await resources();
    expect(expectOk(await h.call<{ message: string }>('questionBank', 'updateResource', { id: first!._id, title: 'Small business checklist', language: 'English', type: 'PDF' }))).toEqual({
      message: QB_MESSAGES.resourceUpdated,
    });
    expect((await resources()).find((r) => r._id === first!._id)).toMatchObject({ slNo: first!.slNo, title: 'Small business checklist', type: 'PDF' });
    expect(await h.call('questionBank', 'updateResource', { id: UNKNOWN_ID, title: 'X', language: 'English', type: 'PDF' })).toEqual({
      ok: false,
      error: { kind: 'http', status: 404, message: QB_MESSAGES.resourceNotFound },
    });
  });
});

describe('questionBank.deleteResource', () => {
  it('deletes a resource with the server message; an unknown id is a 404', async () => {
    const [first] = await resources();
    expect(expectOk(await h.call<{ message: string }>('questionBank', 'deleteResource', { id: first!._id }))).toEqual({ message: QB_MESSAGES.resourceDeleted });
    expect((await resources()).some((r) => r._id === first!._id)).toBe(false);
    expect(await h.call('questionBank', 'deleteResource', { id: first!._id })).toEqual({
      ok: false,
      error: { kind: 'http', status: 404, message: QB_MESSAGES.resourceNotFound },
    });
  });
});
