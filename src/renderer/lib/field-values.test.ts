import { describe, expect, it } from 'vitest';
import { counterText, dayOfSpecDate, durationPartOf, formatInr, isoDateOf, numberOf, parseTags, specDateOfDay, tidySpecDate, timeOf } from './field-values';

describe('field values', () => {
  it('tags: comma-separated, trimmed, no empties, each once whatever the case', () => {
    expect(parseTags(' growth, sales ,,Growth, marketing ')).toEqual(['growth', 'sales', 'marketing']);
    expect(parseTags('')).toEqual([]);
    expect(parseTags(' , ')).toEqual([]);
  });

  it("dates: the spec's D-MM-YYYY to YYYY-MM-DD", () => {
    expect(isoDateOf('5-03-2026')).toBe('2026-03-05');
    expect(isoDateOf('05-3-2026')).toBe('2026-03-05');
    expect(isoDateOf('31-02-2026')).toBe('');
    expect(isoDateOf('2026-03-05')).toBe('');
  });

  it("dates typed or picked: the spec's D-MM-YYYY of a day and back; a typed day tidied, anything else kept as typed", () => {
    expect(specDateOfDay(new Date(2027, 2, 5))).toBe('5-03-2027');
    expect(specDateOfDay(new Date(2026, 10, 23))).toBe('23-11-2026');
    expect(dayOfSpecDate('5-03-2027')?.getTime()).toBe(new Date(2027, 2, 5).getTime());
    expect(dayOfSpecDate('31-02-2027')).toBeUndefined();
    expect(dayOfSpecDate('')).toBeUndefined();
    for (const typed of ['5-3-2027', '05/03/2027', '5.3.2027', ' 05-03-2027 ']) expect(tidySpecDate(typed)).toBe('5-03-2027');
    for (const typed of ['31-02-2027', '03/05', '2027-03-05', 'next Friday', '']) expect(tidySpecDate(typed)).toBe(typed);
  });

  it('times: HH:mm in 24 hours', () => {
    expect(timeOf('9:05')).toBe('09:05');
    expect(timeOf('23:59')).toBe('23:59');
    expect(timeOf('24:00')).toBe('');
    expect(timeOf('12:60')).toBe('');
    expect(timeOf('noon')).toBe('');
  });

  it('numbers and duration parts: empty is "not given", anything typed is kept for the schema to judge', () => {
    expect(numberOf('')).toBeUndefined();
    expect(numberOf('12.5')).toBe(12.5);
    expect(durationPartOf('')).toBeNaN();
    expect(durationPartOf('7')).toBe(7);
    expect(durationPartOf('75')).toBe(75);
  });

  it('the character counter and rupees', () => {
    expect(counterText('hello', 200)).toBe('5 / 200');
    expect(counterText('hello', undefined)).toBe('5');
    expect(formatInr(125000)).toBe('₹1,25,000');
    expect(formatInr(0)).toBe('₹0');
  });
});
