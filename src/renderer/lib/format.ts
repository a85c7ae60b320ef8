import { format, isValid, parseISO } from 'date-fns';
import { DATE_TIME_FORMAT } from '../../shared/constants';

/** 'dd/MM/yyyy HH:mm' (the spec's DD/MM/YYYY HH:mm) in local time; '—' for a missing or bad date. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? format(date, DATE_TIME_FORMAT) : '—';
}
