import { unwrap } from '../../lib/api';
import { callQuery, invoke } from '../../lib/calls';

/** Marked when the question list arrives (bench/table.ts measures from here to the first painted rows). */
export const QUESTIONS_ARRIVED_MARK = 'questionBank:questions-arrived';
/** Marked when the screen first renders with the list (the table's own first render starts here). */
export const QUESTIONS_RENDERED_MARK = 'questionBank:questions-rendered';

/**
 * The question list, marked on arrival. No structural sharing: comparing 100,000 questions deeply with
 * the previous list costs more than a re-render.
 */
export const questionsQuery = {
  ...callQuery('questionBank.questions'),
  structuralSharing: false,
  queryFn: async () => {
    const list = await unwrap(invoke('questionBank.questions'));
    performance.clearMarks(QUESTIONS_ARRIVED_MARK);
    performance.mark(QUESTIONS_ARRIVED_MARK, { detail: { count: list.length } });
    return list;
  },
};

/** Question and resource tables use the default page size (spec 1 section 9): 20, options 20, 50, 100. */
export const QB_PAGE_SIZE = 20;
export const QB_PAGE_SIZES = [20, 50, 100] as const;

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
