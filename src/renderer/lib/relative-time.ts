import { format, isValid, parseISO } from 'date-fns';
import { DATE_TIME_FORMAT } from '../../shared/constants';

/**
 * Relative times for the dates the specs give no format for ("3 h ago"), with the exact time and the
 * time zone for their hover.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
// A month and a year on average (a relative date is a rough guide; the hover has the day).
const MONTH = 30.44 * DAY;
const YEAR = 365.25 * DAY;

export const toDate = (value: string | number | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
};

/**
 * One rule for a whole column: always relative, never the day itself beside "3 h ago" ('just now',
 * '5 min ago', '3 h ago', '2 d ago', '3 wk ago', '5 mo ago', '2 y ago'; a time ahead, from a clock
 * that differs, 'in 3 h'). The exact day and time are the hover's.
 */
export function relativeTime(date: Date, now: Date): string {
  const ago = now.getTime() - date.getTime();
  const span = Math.abs(ago);
  if (span < MINUTE) return 'just now';
  const amount =
    span < HOUR ? `${Math.floor(span / MINUTE)} min`
    : span < DAY ? `${Math.floor(span / HOUR)} h`
    : span < WEEK ? `${Math.floor(span / DAY)} d`
    : span < MONTH ? `${Math.floor(span / WEEK)} wk`
    : span < YEAR ? `${Math.floor(span / MONTH)} mo`
    : `${Math.floor(span / YEAR)} y`;
  return ago < 0 ? `in ${amount}` : `${amount} ago`;
}

/** 'UTC+05:30' of this computer at that date. */
export function utcOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

// This computer's time zone, read once: a new Intl.DateTimeFormat for each date on screen was most of a
// long list's first render (a folder of 5,000 videos: two relative dates a row, each with its exact time).
let zone: string | undefined;
const localZone = () => (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);
// The exact times by date and zone: a table shows the same dates again on every page and search.
const exact = new Map<string, string>();
const EXACT_KEPT = 10_000;

/** '26/11/2026 14:30 (Asia/Kolkata, UTC+05:30)': the spec's DD/MM/YYYY HH:mm and the zone it is in. */
export function exactTime(date: Date, timeZone = localZone()): string {
  const key = `${date.getTime()} ${timeZone}`;
  let text = exact.get(key);
  if (text === undefined) {
    if (exact.size >= EXACT_KEPT) exact.clear();
    text = `${format(date, DATE_TIME_FORMAT)} (${timeZone}, ${utcOffset(date)})`;
    exact.set(key, text);
  }
  return text;
}
