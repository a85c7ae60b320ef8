import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import { ENGAGEMENT_TEXT } from '../engagement-messages';
import { canAddTipRow, emptyTipRow, languagesLeft, removeTipRow, TipCreateSchema, type TipRowForm } from './quotes';

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
