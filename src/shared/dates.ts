// Date text cheap enough for the search text of 100,000 rows; pure, so main's list windows and the
// renderer format the same way.

const pad = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * DD/MM/YYYY HH:mm in local time, like components/format's formatDateTime, but cheap enough to build
 * the search text of 100,000 questions (no date-fns per row: 200,000 dates in about 50 ms). Nothing is
 * cached: a cache by minute saved no time and kept 22 MB per 100,000 distinct minutes in the list worker.
 */
export function fastDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
