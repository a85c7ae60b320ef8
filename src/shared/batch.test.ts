/**
 * How a bulk action's record becomes its input: a library file's update as its Edit File form would save
 * it, refused when the form would refuse it, and a Status or Level set on a file that is not Public
 * (spec 1: those apply only to Public files; main would send '' and 0 and the record count as done).
 */
import { describe, expect, it } from 'vitest';
import { APP_TEXT, MSG } from './messages';
import { batchItemOf, mediaUpdateOf, questionUpdateOf, refusal, refusalOf } from './batch';
import { ONE_CORRECT_FOR_FORMAT, type Question } from './schemas/question-bank';

import { PUBLIC_FILE as PUBLIC, RESTRICTED_FILE as RESTRICTED } from './batch.fixtures';

describe('mediaUpdateOf', () => {
  it('refuses a Status or Level change of a file that is not Public, with why', () => {
    expect(refusalOf(mediaUpdateOf(RESTRICTED, { status: 'live' }))).toBe(APP_TEXT.publicOnly);
    expect(refusalOf(mediaUpdateOf(RESTRICTED, { level: 5 }))).toBe(APP_TEXT.publicOnly);
    expect(APP_TEXT.publicOnly).toBe('Status and Level apply only to Public files.');
  });

  it("makes the update of other changes, and of a Public file's Status and Level", () => {
    expect(mediaUpdateOf(RESTRICTED, { language: 'Hindi' })).toMatchObject({ id: 'f2', language: 'Hindi', visibility: 'Restricted', status: '', level: 0 });
    expect(mediaUpdateOf(PUBLIC, { level: 5 })).toMatchObject({ id: 'f1', level: 5, status: 'draft', duration: 60 });
    expect(mediaUpdateOf(PUBLIC, { status: 'hidden' })).toMatchObject({ id: 'f1', status: 'hidden', level: 2 });
    // Made Restricted: a real change (main sends its empty status and level 0).
    expect(refusalOf(mediaUpdateOf(PUBLIC, { visibility: 'Restricted' }))).toBeNull();
  });

  it('refuses what the Edit File form would refuse, with its message', () => {
    // Made Public with no level, type or business idea: the form asks for them.
    expect(refusalOf(mediaUpdateOf({ ...RESTRICTED, businessIdeas: [] }, { visibility: 'Public' }))).toBe(APP_TEXT.selectStatus);
    expect(refusalOf(mediaUpdateOf(PUBLIC, { type: '' }))).toBe(MSG.selectVideoType);
  });
});

describe('questionUpdateOf', () => {
  const QUESTION: Question = {
    _id: 'q1', id: 1, question: '  How many litres a day?  ', language: 'English', categoryId: 'c1', helpText: '', optionFormat: 'radio', difficulty: 'Easy',
    options: [{ option: 'Ten', isTrue: true }, { option: 'Two', isTrue: false }], metaInfo: { created: { at: '2026-01-01T00:00:00.000Z' }, updated: { at: '2026-01-01T00:00:00.000Z' } },
  };

  it('makes the update the Edit Question form would send, the change over its values', () => {
    expect(questionUpdateOf(QUESTION, { difficulty: 'Hard' })).toEqual({
      id: 'q1', question: 'How many litres a day?', language: 'English', categoryId: 'c1', helpText: '', optionFormat: 'radio', difficulty: 'Hard',
      options: [{ option: 'Ten', isTrue: true }, { option: 'Two', isTrue: false }],
    });
  });

  it('refuses, with the form\'s message, a question the form would not save: the change would store it as it is', () => {
    const noneCorrect = { ...QUESTION, options: QUESTION.options.map((o) => ({ ...o, isTrue: false })) };
    expect(refusalOf(questionUpdateOf(noneCorrect, { difficulty: 'Hard' }))).toBe('Mark at least one option as correct.');
    const twoCorrectRadio = { ...QUESTION, options: QUESTION.options.map((o) => ({ ...o, isTrue: true })) };
    expect(refusalOf(questionUpdateOf(twoCorrectRadio, { categoryId: 'c2' }))).toBe(ONE_CORRECT_FOR_FORMAT);
    expect(refusalOf(questionUpdateOf({ ...QUESTION, options: [QUESTION.options[0]!] }, { difficulty: 'Medium' }))).toBe(MSG.atLeastTwoOptions);
    expect(refusalOf(questionUpdateOf(QUESTION, { categoryId: '' }))).toBe('Select a category!');
  });
});

describe('batchItemOf', () => {
  it('sends an input with the record it was read as; a refusal goes without an input, never to be sent', () => {
    expect(batchItemOf('f1', 'Milking basics', { id: 'f1', level: 5 }, PUBLIC)).toEqual({ key: 'f1', label: 'Milking basics', input: { id: 'f1', level: 5, $base: PUBLIC } });
    expect(batchItemOf('f2', 'Staff only', refusal(APP_TEXT.publicOnly), RESTRICTED)).toEqual({ key: 'f2', label: 'Staff only', input: {}, refused: APP_TEXT.publicOnly });
  });
});
