import { format, isValid, parseISO } from 'date-fns';
import { DATE_TIME_FORMAT } from '../../shared/constants';

// Formatted times by their ISO text: a table shows the same few dozen again on every search and page,
// and date-fns' parse and format were a visible share of a row's render. Emptied when full.
const formatted = new Map<string, string>();
const FORMATTED_KEPT = 10_000;

/** 'dd/MM/yyyy HH:mm' (the spec's DD/MM/YYYY HH:mm) in local time; '—' for a missing or bad date. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value !== 'string') return formatDate(new Date(value));
  let text = formatted.get(value);
  if (text === undefined) {
    if (formatted.size >= FORMATTED_KEPT) formatted.clear();
    text = formatDate(parseISO(value));
    formatted.set(value, text);
  }
  return text;
}

const formatDate = (date: Date): string => (isValid(date) ? format(date, DATE_TIME_FORMAT) : '—');

/** A byte count for people: '3.0 MB', '512 B'; '—' for a missing or bad count. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

// Counted words are shared with main and src/shared (a table's count line is built there).
export { plural } from '../../shared/plural';
