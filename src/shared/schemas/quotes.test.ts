import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import { ENGAGEMENT_TEXT } from '../engagement-messages';
import { partialIssues, readAnswer } from '../tolerant';
import { canAddTipRow, emptyTipRow, languagesLeft, QuoteCreateSchema, QuoteListItemSchema, removeTipRow, TipCreateSchema, tipRowsOf, type QuoteListItem, type TipRowForm } from './quotes';

describe('the Add Quote form', () => {
  it('an image field emptied (a refused pick, a removal) is no image: the quote is added without one', () => {
    const quote = { title: 'Small steps', language: 'Hindi', keywords: ['g'] };
    expect(v.safeParse(QuoteCreateSchema, { ...quote, thumbnail: null }).success).toBe(true);
    expect(v.safeParse(QuoteCreateSchema, quote).success).toBe(true);
  });
});

describe('the tip form rows (spec 2 section 4)', () => {
  it('a row can be added only when the last has a language and a text', () => {
    expect(canAddTipRow([emptyTipRow()])).toBe(false);
    expect(canAddTipRow([{ language: 'Hindi', text: ' ' }])).toBe(false);
    expect(canAddTipRow([{ language: '', text: 'x' }])).toBe(false);
    expect(canAddTipRow([{ language: 'Hindi', text: 'x' }])).toBe(true);
    const all: TipRowForm[] = LANGUAGES.map((language) => ({ language, text: 'x' }));
    expect(canAddTipRow(all)).toBe(false);
  });

  it('deleting the last row leaves one empty row', () => {
    expect(removeTipRow([{ language: 'Hindi', text: 'x' }], 0)).toEqual([emptyTipRow()]);
    expect(removeTipRow([{ language: 'Hindi', text: 'x' }, { language: 'Tamil', text: 'y' }], 0)).toEqual([{ language: 'Tamil', text: 'y' }]);
  });

  it('each language once: a row offers the languages the other rows have not taken', () => {
    const rows: TipRowForm[] = [{ language: 'Hindi', text: 'x' }, { language: 'Tamil', text: 'y' }];
    expect(languagesLeft(rows, 1)).not.toContain('Hindi');
    expect(languagesLeft(rows, 1)).toContain('Tamil');
    const parsed = v.safeParse(TipCreateSchema, { keywords: ['g'], businessIdeas: ['i'], quotes: [{ language: 'Hindi', text: 'a' }, { language: 'Hindi', text: 'b' }] });
    expect(parsed.issues?.[0]?.message).toBe(ENGAGEMENT_TEXT.languageOnce);
  });
});

describe('the Daily Tips rows of a tip that could not be read fully', () => {
  const meta = { created: { at: '2026-11-20T10:00:00.000Z', by: { name: 'Asha Rao' } }, updated: { at: '2026-11-21T10:00:00.000Z', by: { name: 'Asha Rao' } } };
  const id = (n: number) => `64b7f3a2c9e1d0a1b2c3d4${String(n).padStart(2, '0')}`;
  const tip = (n: number, over: Record<string, unknown> = {}) => ({
    _id: id(n),
    id: n,
    keywords: [id(90)],
    businessIdeas: [id(91)],
    backgroundImage: '',
    quotes: [
      { _id: id(n + 10), language: 'English', text: 'Greet every customer by name.' },
      { _id: id(n + 20), language: 'Hindi', text: 'ग्राहक को नाम से बुलाएँ।' },
    ],
    metaInfo: meta,
    ...over,
  });
  const rowsOf = (raw: unknown[]) => tipRowsOf(readAnswer(v.array(QuoteListItemSchema), raw)!.value as QuoteListItem[]);

  it('marks each row with what could not be read: its own language row, and the tip it belongs to', () => {
    const odd = tip(2);
    (odd.quotes as Record<string, unknown>[])[1]!.language = 'Klingon';
    const rows = rowsOf([tip(1), odd, tip(3, { keywords: 'legacy' })]);
    expect(rows.map((r) => [r.id, r.language])).toEqual([[1, 'English'], [1, 'Hindi'], [2, 'English'], [2, 'Klingon'], [3, 'English'], [3, 'Hindi']]);
    expect(rows.map((r) => (partialIssues(r) ?? []).map((i) => i.path))).toEqual([[], [], [], ['language'], ['keywords'], ['keywords']]);
    expect(partialIssues(rows[3])![0]!.received).toBe('"Klingon"');
  });
});
