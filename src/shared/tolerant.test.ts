import { describe, expect, it } from 'vitest';
import { QuestionSchema, type Question } from './schemas/question-bank';
import { describeIssues, extraFields, partialIssues, readAnswer, readList, readRecord, withoutMarks, PARTIAL } from './tolerant';
import * as v from 'valibot';

const good = (i: number) => ({
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
});

describe('readRecord (one record read as far as it goes)', () => {
  it('reads a matching record as the schema does, keeping fields the schema does not model', () => {
    const { value, issues } = readRecord(QuestionSchema, { ...good(1), legacyCode: 'L-1', reviewer: { id: 7 } });
    expect(issues).toEqual([]);
    expect(value).toEqual({ ...good(1), legacyCode: 'L-1', reviewer: { id: 7 } });
    expect(extraFields(QuestionSchema, value)).toEqual({ legacyCode: 'L-1', reviewer: { id: 7 } });
  });

  it('keeps an unknown enum value as its raw text, a null text as empty, a missing object as empties, and names each', () => {
    const raw = { ...good(2), language: 'Klingon', question: null, metaInfo: undefined, id: '42' };
    const { value, issues } = readRecord<Question>(QuestionSchema, raw);
    expect(value.language).toBe('Klingon');
    expect(value.question).toBe('');
    expect(value.metaInfo).toEqual({ created: { at: '' }, updated: { at: '' } });
    expect(value.id).toBe('42');
    expect(value.options).toHaveLength(2);
    expect(issues.map((i) => i.path).sort()).toEqual(['id', 'language', 'metaInfo', 'question']);
    expect(issues.find((i) => i.path === 'language')).toMatchObject({ received: '"Klingon"' });
    expect(describeIssues(issues)).toContain('question: expected string, held null');
  });

  it('never repeats a secret field’s value', () => {
    const schema = v.object({ userInfo: v.object({ token: v.string() }) });
    const { issues, value } = readRecord(schema, { userInfo: { token: 12345 }, refreshToken: 'abc' });
    expect(issues[0]).toMatchObject({ path: 'userInfo.token', received: '(hidden)' });
    expect(value).not.toHaveProperty('refreshToken');
  });
});

describe('readList and readAnswer', () => {
  it('keeps every record of a list and marks the odd ones by index', () => {
    const raw = [good(1), { ...good(2), difficulty: 'Expert' }, good(3), null];
    const read = readList(QuestionSchema, raw)!;
    expect(read.values).toHaveLength(4);
    expect([...read.marks.keys()]).toEqual([1, 3]);
    expect(read.marks.get(1)).toEqual([{ path: 'difficulty', expected: 'Easy | Medium | Hard', received: '"Expert"' }]);
    expect(readList(QuestionSchema, { not: 'a list' })).toBeNull();
  });

  it('keeps the unmodelled fields of every record of a list that matches, and of records in an answer’s lists', () => {
    const list = readAnswer(v.array(QuestionSchema), [{ ...good(1), legacyCode: 'L-1' }, good(2)])!.value as Record<string, unknown>[];
    expect(list[0]!.legacyCode).toBe('L-1');
    expect(list[1]).toEqual(good(2));
    const envelope = readAnswer(v.object({ session: v.array(QuestionSchema), roles: v.array(v.string()) }), { session: [{ ...good(3), room: 7 }], roles: ['host'], extra: 1 })!;
    expect(envelope.value).toEqual({ session: [{ ...good(3), room: 7 }], roles: ['host'], extra: 1 });
    // A listed record keeps the unmodelled fields of the records in its own lists, as it does when read alone.
    const Tip = v.object({ _id: v.string(), rows: v.array(v.object({ _id: v.string(), text: v.string() })) });
    const tip = { _id: 't1', rows: [{ _id: 'r1', text: 'Hello', legacyCode: 'L-2' }] };
    expect(readAnswer(v.array(Tip), [tip])!.value).toEqual([tip]);
    expect(readRecord(Tip, tip, true).value).toEqual(tip);
  });

  it('marks records inline in an answer, and refuses only an answer of the wrong shape', () => {
    const read = readAnswer(v.array(QuestionSchema), [good(1), { ...good(2), optionFormat: 7 }])!;
    const rows = read.value as unknown[];
    expect(partialIssues(rows[0])).toBeUndefined();
    expect(partialIssues(rows[1])).toEqual([{ path: 'optionFormat', expected: 'radio | dropdown | checkbox', received: '7' }]);
    expect(withoutMarks(rows[1])).not.toHaveProperty(PARTIAL);
    expect(readAnswer(v.array(QuestionSchema), 'nonsense')).toBeNull();
    const single = readAnswer(QuestionSchema, { ...good(5), helpText: 3 })!;
    expect(partialIssues(single.value)).toHaveLength(1);
  });
});
