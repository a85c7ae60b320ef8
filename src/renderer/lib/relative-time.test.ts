import { describe, expect, it } from 'vitest';
import { exactTime, relativeTime, toDate, utcOffset } from './relative-time';

const now = new Date(2026, 10, 26, 15, 0, 0);
const before = (ms: number) => new Date(now.getTime() - ms);

describe('relative times', () => {
  it('says how long ago in every row, never the day itself beside "3 h ago" (one rule in a column)', () => {
    expect(relativeTime(before(20_000), now)).toBe('just now');
    expect(relativeTime(before(5 * 60_000), now)).toBe('5 min ago');
    expect(relativeTime(before(3 * 3_600_000 + 59 * 60_000), now)).toBe('3 h ago');
    expect(relativeTime(before(2 * 86_400_000), now)).toBe('2 d ago');
    expect(relativeTime(new Date(2026, 10, 12, 9, 30), now)).toBe('2 wk ago');
    expect(relativeTime(new Date(2026, 6, 1, 9, 30), now)).toBe('4 mo ago');
    expect(relativeTime(new Date(2024, 10, 1, 9, 30), now)).toBe('2 y ago');
    // A time ahead (another computer's clock): how far ahead, not its day.
    expect(relativeTime(new Date(2026, 10, 27, 9, 30), now)).toBe('in 18 h');
  });
  it('gives the exact time and the zone for the hover', () => {
    const date = new Date(2026, 10, 26, 9, 5);
    expect(exactTime(date, 'Asia/Kolkata')).toBe(`26/11/2026 09:05 (Asia/Kolkata, ${utcOffset(date)})`);
    expect(utcOffset(date)).toMatch(/^UTC[+-]\d{2}:\d{2}$/);
    expect(toDate('not a date')).toBeNull();
    expect(toDate('')).toBeNull();
  });
});

describe('the exact time without a zone given', () => {
  it("uses this computer's zone, the same text each time", () => {
    const date = new Date(2026, 10, 26, 9, 5);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(exactTime(date)).toBe(`26/11/2026 09:05 (${zone}, ${utcOffset(date)})`);
    expect(exactTime(date)).toBe(exactTime(new Date(date.getTime())));
    // A zone given still wins over the one kept for this computer.
    expect(exactTime(date, 'Asia/Kolkata')).toContain('(Asia/Kolkata, ');
  });
});
