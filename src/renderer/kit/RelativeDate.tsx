import { useSyncExternalStore } from 'react';
import { formatDateTime } from '../lib/format';
import { exactTime, relativeTime, toDate } from '../lib/relative-time';
import { Tooltip } from '../components/Tooltip';
import type { ColumnMeta } from '@tanstack/react-table';
import type { Column } from '../components/DataTable';

// One clock for every relative date on screen, ticking each minute ("5 min ago" becomes "6 min ago").
let now = Date.now();
const listeners = new Set<() => void>();
let timer: number | undefined;
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A clock that slept starts from now (a date a few seconds ahead of a stale clock reads 'just now').
  if (timer === undefined) now = Date.now();
  timer ??= window.setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, 60_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}
const useNow = () => useSyncExternalStore(subscribe, () => now);

/** "3 h ago", the exact DD/MM/YYYY HH:mm and the time zone on hover; '—' for no date. */
export function RelativeDate({ value: raw }: { value: string | null | undefined }) {
  const current = useNow();
  const date = toDate(raw);
  if (!date) return <>—</>;
  return (
    <Tooltip content={exactTime(date)} relationship="description">
      <time dateTime={date.toISOString()}>{relativeTime(date, new Date(current))}</time>
    </Tooltip>
  );
}

/**
 * A date column where the spec prescribes no format: relative, exact on hover; sorts by the time,
 * and its search and CSV use the exact DD/MM/YYYY HH:mm.
 */
export function relativeDate<T>(id: string, header: string, get: (row: T) => string, meta?: ColumnMeta<T, unknown>): Column<T> {
  return {
    id,
    accessorFn: get,
    header,
    enableSorting: true,
    meta: { width: 140, ...meta, searchValue: (row: T) => formatDateTime(get(row)) },
    cell: ({ row }) => <RelativeDate value={get(row.original)} />,
  };
}
