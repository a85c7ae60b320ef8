// Answers the console can still read (DESIGN section 14): a list under a wrapper key, nulls inside a
// list, two records with one `_id`, dates in other forms. The reading itself, pure; the same answers
// through the real core and a drifting stand-in are in tests/integration/drift.test.ts.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { fastDateTime, isIsoDateTime, readDateTime } from './dates';
import { QuestionSchema, type Question } from './schemas/question-bank';
import { QuoteListItemSchema, quotesOf, tipRowsOf, type QuoteListItem } from './schemas/quotes';
import { SessionListSchema } from './schemas/sessions';
import { answerPayload, describeIssues, notSelectable, partialIssues, readAnswer, readList, readRecord, unreadIssues } from './tolerant';

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
const localDay = (y: number, m: number, d: number, h = 0, mi = 0) => new Date(y, m - 1, d, h, mi).toISOString();

describe('dates in other forms', () => {
  it('reads DD/MM/YYYY and D-MM-YYYY day first, as a day on this computer; never 05/12 as 12 May', () => {
    expect(readDateTime('05/12/2026')).toBe(localDay(2026, 12, 5));
    expect(readDateTime('5-12-2026')).toBe(localDay(2026, 12, 5));
    expect(readDateTime('05-12-2026 14:30')).toBe(localDay(2026, 12, 5, 14, 30));
    expect(readDateTime('2026-12-05')).toBe(localDay(2026, 12, 5));
    expect(fastDateTime(readDateTime('05/12/2026')!)).toBe('05/12/2026 00:00');
  });

  it('reads epoch seconds and milliseconds (numbers or their digits) and ISO without a zone as UTC', () => {
    const at = Date.UTC(2026, 11, 5, 9, 30);
    expect(readDateTime(at)).toBe('2026-12-05T09:30:00.000Z');
    expect(readDateTime(at / 1000)).toBe('2026-12-05T09:30:00.000Z');
    expect(readDateTime(String(at / 1000))).toBe('2026-12-05T09:30:00.000Z');
    expect(readDateTime('2026-12-05T09:30:00')).toBe('2026-12-05T09:30:00.000Z');
    expect(readDateTime('2026-12-05 09:30:00.5')).toBe('2026-12-05T09:30:00.500Z');
  });

  it('refuses what names no day: 31/02, 13th months, words, and leaves the contract form to the schema', () => {
    for (const bad of ['31/02/2026', '05/13/2026', 'yesterday', '', true, null, {}, -5]) expect(readDateTime(bad), String(bad)).toBeNull();
    expect(isIsoDateTime('2026-12-05T09:30:00.000Z')).toBe(true);
    expect(isIsoDateTime('2026-12-05T15:00:00+05:30')).toBe(true);
    expect(isIsoDateTime('')).toBe(true);
    expect(isIsoDateTime('05/12/2026')).toBe(false);
    expect(isIsoDateTime('2026-12-05T09:30:00')).toBe(false);
  });

  it('the search text of a date reads only ISO text: other text is "—", as the table shows it', () => {
    expect(fastDateTime('05/12/2026')).toBe('—');
    expect(fastDateTime('2026-12-05T00:00:00.000Z')).toMatch(/^0[45]\/12\/2026 /);
  });

  it('a record with a date in another form is read, its date as ISO, marked as read from another form (not as unread)', () => {
    const { value, issues } = readRecord<Question>(QuestionSchema, question(1, { metaInfo: { created: { at: 1764928800 }, updated: { at: '05/12/2026' } } }));
    expect(value.metaInfo.created.at).toBe(new Date(1764928800 * 1000).toISOString());
    expect(value.metaInfo.updated.at).toBe(localDay(2026, 12, 5));
    expect(issues.map((i) => [i.path, i.kind])).toEqual([
      ['metaInfo.created.at', 'form'],
      ['metaInfo.updated.at', 'form'],
    ]);
    expect(unreadIssues(issues)).toEqual([]);
    expect(describeIssues(issues)[1]).toBe('metaInfo.updated.at: read from another form (held "05/12/2026"; expected a date and time (ISO 8601 with its zone))');
  });

  it('a date in no readable form stays unread: raw text kept, marked as a field that could not be read', () => {
    const { value, issues } = readRecord<Question>(QuestionSchema, question(1, { metaInfo: { created: { at: 'soon' }, updated: { at: '2026-11-02T10:00:00.000Z' } } }));
    expect(value.metaInfo.created.at).toBe('soon');
    expect(issues).toEqual([{ path: 'metaInfo.created.at', expected: 'string', received: '"soon"' }]);
  });
});

describe('nulls inside a list', () => {
  it('become empty records of the kind, marked, wherever a list of records is read', () => {
    const answer = readAnswer(v.array(QuestionSchema), [question(1), null, question(2)])!;
    const rows = answer.value as Question[];
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({ _id: '', question: '', options: [] });
    expect(partialIssues(rows[1])).toEqual([{ path: '', expected: 'a record', received: 'null' }]);
    expect(notSelectable(rows[1])).toBe('the platform sent no record here');
    const side = readList(QuestionSchema, [null, question(3)])!;
    expect(side.marks.get(0)).toEqual([{ path: '', expected: 'a record', received: 'null' }]);
    expect(side.values[0]).toMatchObject({ _id: '', options: [] });
  });

  it('in the quotes list (quotes and tips) they are quotes the screens can show: quotesOf and tipRowsOf do not throw', () => {
    const tip = { _id: 't1', id: 2, keywords: [], businessIdeas: [], backgroundImage: '', quotes: [{ _id: 'r1', language: 'English', text: 'Tip' }], metaInfo: { created: { by: null, at: '2026-11-01T10:00:00.000Z' }, updated: { by: null, at: '2026-11-01T10:00:00.000Z' } } };
    const quote = { _id: 'k1', id: 1, title: 'Quote', language: 'English', keywords: [], thumbnail: '', metaInfo: tip.metaInfo };
    const items = readAnswer(v.array(QuoteListItemSchema), [quote, null, tip, 7])!.value as QuoteListItem[];
    const quotes = quotesOf(items);
    expect(quotes.map((q) => q._id)).toEqual(['k1', '', '']);
    expect(partialIssues(quotes[1])).toEqual([{ path: '', expected: 'a record', received: 'null' }]);
    expect(partialIssues(quotes[2])).toEqual([{ path: '', expected: 'a record', received: '7' }]);
    expect(tipRowsOf(items).map((r) => r.text)).toEqual(['Tip']);
    // Even a list that never went through the reader.
    expect(quotesOf([null, quote] as unknown as QuoteListItem[])).toEqual([quote]);
  });
});

describe('two records with one _id', () => {
  it('are both kept and both marked (and only they), in an answer and in the lists of a record', () => {
    const rows = readAnswer(v.array(QuestionSchema), [question(1), question(2), { ...question(3), _id: 'q1' }])!.value as Question[];
    expect(rows.map((r) => r._id)).toEqual(['q1', 'q2', 'q1']);
    expect(rows.map((r) => notSelectable(r))).toEqual(['another record has the same id', null, 'another record has the same id']);
    expect(partialIssues(rows[0])).toEqual([{ path: '_id', expected: 'an id no other record has', received: '"q1"', kind: 'duplicate' }]);
    expect(describeIssues(partialIssues(rows[0])!)).toEqual(['_id: "q1" is also the id of another record in this list']);
    const event = (id: string) => ({ _id: id });
    const list = readAnswer(SessionListSchema, { session: [event('e1'), event('e1')], roles: [] })!.value as { session: unknown[] };
    expect(list.session.every((e) => notSelectable(e) === 'another record has the same id')).toBe(true);
  });
});

describe('a list under a wrapper key', () => {
  const list = v.array(QuestionSchema);
  it('is found under data, data.<field>, <field>.items and the like, and says where', () => {
    const rows = [question(1)];
    expect(answerPayload(list, { error: false, questions: rows }, 'questions')).toEqual({ value: rows });
    expect(answerPayload(list, { error: false, data: { questions: rows } }, 'questions')).toEqual({ value: rows, from: 'data.questions' });
    expect(answerPayload(list, { error: false, data: rows }, 'questions')).toEqual({ value: rows, from: 'data' });
    expect(answerPayload(list, { error: false, questions: { items: rows, total: 1 } }, 'questions')).toEqual({ value: rows, from: 'questions.items' });
    expect(answerPayload(list, { error: false, result: { questions: rows } }, 'questions')).toEqual({ value: rows, from: 'result.questions' });
  });

  it('an answer whose fields are the envelope (the events) is found under a wrapper too', () => {
    const data = { session: [], roles: ['Mentor'] };
    expect(answerPayload(SessionListSchema, { error: false, message: 'OK', ...data }, undefined)).toEqual({ value: { error: false, message: 'OK', ...data } });
    expect(answerPayload(SessionListSchema, { error: false, message: 'OK', data }, undefined)).toEqual({ value: data, from: 'data' });
  });

  it('nothing found: the contract place (the answer then fails as not readable, as before)', () => {
    expect(answerPayload(list, { error: false, other: 'x' }, 'questions')).toEqual({ value: undefined });
    expect(readAnswer(list, answerPayload(list, { error: false, data: 'x' }, 'questions').value)).toBeNull();
  });
});
