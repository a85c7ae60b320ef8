// Date text cheap enough for the search text of 100,000 rows; pure, so main's list windows and the
// renderer format the same way.

const pad = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** Formatted minutes by their UTC ISO prefix ('2026-11-21T09:44'): lists hold many times per minute. */
const minuteCache = new Map<string, string>();

/**
 * DD/MM/YYYY HH:mm in local time, like components/format's formatDateTime, but cheap enough to build
 * the search text of 100,000 questions (no date-fns per row; one Date per distinct UTC minute).
 */
export function fastDateTime(iso: string): string {
  const utc = iso.length >= 20 && iso.endsWith('Z') && iso[10] === 'T';
  const key = utc ? iso.slice(0, 16) : '';
  if (utc) {
    const hit = minuteCache.get(key);
    if (hit !== undefined) return hit;
  }
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const text = `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  if (utc) {
    if (minuteCache.size > 200_000) minuteCache.clear();
    minuteCache.set(key, text);
  }
  return text;
}
