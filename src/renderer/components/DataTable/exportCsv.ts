import type { Table } from '@tanstack/react-table';
import { useNotify } from '../toast';
import { useSavedToast } from '../../lib/saved-toast';
import { format } from 'date-fns';
import { csvText } from '../../../shared/csv';
import { toText } from '../../lib/rows';
import { accessorsOf, headerText } from './columns';

/**
 * The CSV of rows as the table shows them: its visible value columns (not the row actions) under their
 * headers, each cell the text shown (a date as DD/MM/YYYY HH:mm, a list joined), which is the text the
 * search matches. Columns hidden only to fit the window (`fitted`) are the person's view too.
 */
/** A column the CSV holds before the table's own: what the table's title says of every row (its course). */
export interface CsvLead<T> {
  header: string;
  value: (row: T) => string;
}

export function tableCsv<T>(table: Table<T>, rows: readonly T[], fitted: readonly string[] = [], lead: readonly CsvLead<T>[] = []): string {
  const columns = table.getAllLeafColumns().filter((c) => (c.getIsVisible() || fitted.includes(c.id)) && !c.columnDef.meta?.action);
  const accessors = accessorsOf(columns.map((c) => c.columnDef));
  const own = columns.flatMap((c) => {
    const shown = c.columnDef.meta?.searchValue;
    const get = accessors.get(c.id);
    const header = headerText(c.columnDef);
    if (shown) return [{ header, read: (row: T) => shown(row) }];
    return get ? [{ header, read: (row: T, i: number) => toText(get(row, i)) }] : [];
  });
  const readers = [...lead.map((l) => ({ header: l.header, read: (row: T) => l.value(row) })), ...own];
  return csvText(readers.map((r) => r.header), rows.map((row, i) => readers.map((r) => r.read(row, i))));
}

/** 'Question Bank 2026-11-25.csv': the table's name and the day, characters no system allows left out. */
export function csvFileName(name: string, now = new Date()): string {
  const safe = name.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim() || 'Export';
  return `${safe.slice(0, 100)} ${format(now, 'yyyy-MM-dd')}.csv`;
}

/** Saves rows of a table as CSV through main's save dialog; the toast offers Show in folder. */
export function useCsvExport(name: string) {
  const notify = useNotify();
  const savedToast = useSavedToast();
  return async <T>(table: Table<T>, rows: () => Promise<readonly T[]>, fitted: readonly string[], lead?: readonly CsvLead<T>[]) => {
    try {
      const list = await rows();
      const answer = await window.api.files.saveCsv({ name: csvFileName(name), text: tableCsv(table, list, fitted, lead) });
      if (!answer.ok) notify.error(answer.error.message);
      else if (answer.data.saved) savedToast(`Saved ${answer.data.saved} (${list.length.toLocaleString('en-IN')} ${list.length === 1 ? 'row' : 'rows'}).`, answer.data.savedId);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    }
  };
}
