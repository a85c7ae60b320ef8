import type { Result } from '../../../shared/result';

/** What reconciliation needs of an item whose last attempt may have reached the server. */
export interface ReconcileQuery {
  /** The queue's item id. */
  id: string;
  /** The idempotency key the attempt carried. */
  key: string;
  /** What the attempt sent: the title, the file's name and size, and when it started (ms). */
  title: string;
  name: string;
  size: number;
  startedAt: number;
}

/**
 * Asks the server which of these attempts created a record. The answer maps every item id to the
 * record's id, or to null when the server has none (then the item is sent again). An error leaves the
 * items waiting: nothing is sent until the question is answered.
 */
export type Reconciler = (queries: readonly ReconcileQuery[]) => Promise<Result<Map<string, string | null>>>;

/** The facts of a library record the fingerprint match reads (LibraryFile has them all). */
export interface RecordFacts {
  _id: string;
  title: string;
  fileName?: string | undefined;
  fileSize?: number | undefined;
  metaInfo: { created: { at: string } };
  /** The idempotency key the record was created with, where the server keeps it. */
  clientKey?: string | undefined;
}

/** Server and client clocks differ; a record created this long before the attempt started still counts. */
export const CLOCK_SKEW_MS = 10 * 60 * 1000;

/**
 * Matches attempts to records: by idempotency key where the server returns one, else by fingerprint
 * (same title, same file name and size, created no earlier than the attempt's start less the clock
 * skew). A record answers at most one attempt, and records already known to the queue (`claimed`) answer
 * none, so two identical files still need two records.
 */
export function matchRecords(
  queries: readonly ReconcileQuery[],
  records: readonly RecordFacts[],
  claimed: ReadonlySet<string> = new Set(),
): Map<string, string | null> {
  const taken = new Set(claimed);
  const out = new Map<string, string | null>();
  const byKey = new Map<string, RecordFacts>();
  for (const record of records) if (record.clientKey) byKey.set(record.clientKey, record);
  // Oldest attempt first: it is the one most likely to have made the oldest matching record.
  const ordered = [...queries].sort((a, b) => a.startedAt - b.startedAt);
  for (const query of ordered) {
    const keyed = byKey.get(query.key);
    if (keyed && !taken.has(keyed._id)) {
      taken.add(keyed._id);
      out.set(query.id, keyed._id);
      continue;
    }
    const candidates = records
      .filter(
        (r) =>
          !taken.has(r._id) &&
          !r.clientKey &&
          r.title === query.title &&
          r.fileName === query.name &&
          r.fileSize === query.size &&
          Date.parse(r.metaInfo.created.at) >= query.startedAt - CLOCK_SKEW_MS,
      )
      .sort((a, b) => Date.parse(a.metaInfo.created.at) - Date.parse(b.metaInfo.created.at));
    const found = candidates[0];
    if (found) taken.add(found._id);
    out.set(query.id, found ? found._id : null);
  }
  return out;
}

/**
 * A Reconciler over a call that lists the library (today's GET /library/media/list: it returns each
 * uploaded file's title, fileName, fileSize and created time). `claimed` gives the record ids the
 * queue already holds for done items.
 */
export function listReconciler(listLibrary: () => Promise<Result<readonly RecordFacts[]>>, claimed: () => ReadonlySet<string>): Reconciler {
  return async (queries) => {
    if (queries.length === 0) return { ok: true, data: new Map() };
    const list = await listLibrary();
    if (!list.ok) return list;
    return { ok: true, data: matchRecords(queries, list.data, claimed()) };
  };
}
