// Find anything (Ctrl+K) over the kept lists: each findable list's best records for a text, merged,
// recent ones first. A list not kept yet is loaded in the background; one that failed is tried again later.
import { mergeFound, type FindAnswer, type Found } from '../../../shared/find';
import { listDef, LIST_NAMES, type ListName } from '../../../shared/lists';
import { ok, type Result } from '../../../shared/result';
import type { Loads } from './loads';

/** The lists Find anything looks in: those that say how their records show (`find`). */
const FINDABLE = LIST_NAMES.filter((name) => listDef(name).find);
/** A list that could not be loaded for Find anything is tried again after this long. */
const FIND_RETRY_MS = 30_000;

export function createFind(loads: Loads) {
  /** Lists Find anything could not load: why, and when (tried again after FIND_RETRY_MS). */
  const failures = new Map<ListName, { message: string; at: number }>();

  /**
   * The best records of every findable list for `text`, recent ones first. A list not kept yet is
   * loaded in the background and named in `loading` until it is whole.
   */
  return async function find(text: string, recent: readonly string[], viewerRole: string | null = null): Promise<Result<FindAnswer>> {
    const loading: string[] = [];
    const failed: FindAnswer['failed'] = [];
    const asks: Promise<Found[]>[] = [];
    for (const list of FINDABLE) {
      const screen = listDef(list).find!.screen;
      const failure = failures.get(list);
      if (failure && performance.now() - failure.at < FIND_RETRY_MS) {
        failed.push({ screen, message: failure.message });
        continue;
      }
      failures.delete(list);
      const entry = loads.keep(list, {});
      if (!entry.done) {
        loading.push(screen);
        void entry.ready.then((result) => {
          if (!result.ok) failures.set(list, { message: result.error.message, at: performance.now() });
        });
        continue;
      }
      const mine = recent.filter((key) => key.startsWith(`${list}:`)).map((key) => key.slice(list.length + 1));
      asks.push(
        loads.askKept<Found[]>(list, {}, (key) => ({ type: 'find', key, text, recent: mine, viewerRole })).then((answer) => {
          if (answer.ok) return answer.data.map((found) => ({ ...found, list }));
          failed.push({ screen, message: answer.error.message });
          return [];
        }),
      );
    }
    const found = mergeFound(await Promise.all(asks), recent);
    return ok({ found, loading, failed });
  };
}
