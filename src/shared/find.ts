// Find anything (Ctrl+K, Ctrl+P): records across the lists main keeps, ranked. Pure TypeScript: main's
// list worker runs the ranking over each kept list, and it is tested on its own.
import * as v from 'valibot';

/** How a list's records show in the palette and how their screen finds them again. */
export interface FindSpec<T> {
  /** The screen's name, as the sidebar says it ('Users'). */
  screen: string;
  /** What the record is called (a question's text, a learner's mobile): ranked against what is typed. */
  title: (row: T) => string;
  /** A second line (its language, its email). */
  detail?: (row: T) => string;
  /** The row's id on its screen (the table's row id). */
  id: (row: T) => string;
  /** What the screen's search box is set to so that the record's row shows (a mobile, a file id). */
  key: (row: T) => string;
  /** Whether a signed-in person of this role may see the record (default: everyone may). */
  visibleTo?: (row: T, viewerRole: string | null) => boolean;
}

/**
 * The servers' rule for accounts, which the console keeps wherever accounts show (Admins, Find anything,
 * History): an Admin sees and changes only records of role User; a Super Admin sees all.
 */
export const seesAccount = (viewerRole: string | null, accountRole: unknown): boolean => viewerRole !== 'Admin' || accountRole === 'User';

/**
 * How well a record's title matches what was typed (lower case, trimmed); smaller is better. Only
 * records whose search text contains the needle are ranked; one whose title does not is ranked after
 * every title match ('4': found by another field).
 */
const WORD_CHAR = /[\p{L}\p{N}]/u;

export function rankOf(title: string, needle: string): number {
  const t = title.toLowerCase();
  if (t === needle) return 0;
  if (t.startsWith(needle)) return 1;
  const at = t.indexOf(needle);
  if (at < 0) return 4;
  // At the start of a word ('shop' in 'the shopkeeper'), else inside one.
  return WORD_CHAR.test(t[at - 1] ?? '') ? 3 : 2;
}

/** Results per list at most, and in all. */
export const FIND_PER_LIST = 8;
export const FIND_LIMIT = 30;
/** The shortest text records are looked for with (shorter: only the recent ones that match). */
export const FIND_MIN_TEXT = 2;
/** Matches of one list ranked at most per keystroke (its first in list order when more match). */
export const FIND_RANKED = 2000;

export const FoundSchema = v.object({
  list: v.string(),
  screen: v.string(),
  id: v.string(),
  title: v.string(),
  detail: v.string(),
  key: v.string(),
  rank: v.number(),
  /** One of the records chosen from the palette lately (shown first). */
  recent: v.boolean(),
});
export type Found = v.InferOutput<typeof FoundSchema>;

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));

export const FindInputSchema = v.object({ text: Text(200) });

/** A record chosen from the palette: main keeps the latest (`RECENT_LIMIT`), ranked first next time. */
export const ChosenSchema = v.object({ list: Text(50), id: Text(200) });
export const RECENT_LIMIT = 20;

export const FindAnswerSchema = v.object({
  found: v.array(FoundSchema),
  /** Screens whose list is still arriving (loaded in the background): their records are not in yet. */
  loading: v.array(v.string()),
  /** Screens whose list could not be loaded, with why. */
  failed: v.array(v.object({ screen: v.string(), message: v.string() })),
});
export type FindAnswer = v.InferOutput<typeof FindAnswerSchema>;

/** The recent key of a record. */
export const recentKey = (found: Pick<Found, 'list' | 'id'>): string => `${found.list}:${found.id}`;

/**
 * The results of every list in one order: recent records first (newest chosen first), then by rank,
 * then a shorter title first (a closer match), then by screen; at most `limit`.
 */
export function mergeFound(lists: readonly (readonly Found[])[], recent: readonly string[], limit = FIND_LIMIT): Found[] {
  const position = new Map(recent.map((key, i) => [key, i]));
  const all = lists.flat().map((f) => ({ ...f, recent: position.has(recentKey(f)) }));
  all.sort((a, b) => {
    const ra = position.get(recentKey(a)) ?? Infinity;
    const rb = position.get(recentKey(b)) ?? Infinity;
    if (ra !== rb) return ra - rb;
    return a.rank - b.rank || a.title.length - b.title.length || a.screen.localeCompare(b.screen);
  });
  return all.slice(0, limit);
}

/**
 * The best `limit` of the candidate rows by rank (then title length, then list order), reading each
 * candidate's title once; rows `skip` says are ranked elsewhere (the recent ones) are left out.
 */
export function bestOf(candidates: ArrayLike<number>, titleAt: (i: number) => string, needle: string, limit: number, skip: (i: number) => boolean): { index: number; rank: number; title: string }[] {
  const best: { index: number; rank: number; title: string }[] = [];
  const worse = (a: { rank: number; title: string }, b: { rank: number; title: string }) => a.rank - b.rank || a.title.length - b.title.length;
  for (let k = 0; k < candidates.length; k++) {
    const index = candidates[k] as number;
    if (skip(index)) continue;
    const title = titleAt(index);
    const hit = { index, rank: rankOf(title, needle), title };
    if (best.length === limit && worse(hit, best[limit - 1]!) >= 0) continue;
    // Insert in order (limit is small).
    let at = best.length;
    while (at > 0 && worse(hit, best[at - 1]!) < 0) at--;
    best.splice(at, 0, hit);
    if (best.length > limit) best.pop();
  }
  return best;
}
