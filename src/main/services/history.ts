import { randomUUID } from 'node:crypto';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { BASE_FIELD, BATCH_FIELD, UPLOAD_ID_FIELD, type CallDef, type Restore } from '../../shared/api/contract';
import { HistoryEntrySchema, LOST_ID, recordOf, screenOfCall, withoutSecrets, type HistoryEntry, type HistoryRow } from '../../shared/history';
import type { Result } from '../../shared/result';
import { readFileOrNull, writeChunksAtomic } from './atomic-file';

export const HISTORY_FILE = 'history.jsonl';
/** Entries kept (the oldest go first). */
export const HISTORY_LIMIT = 5000;
/** A value longer than this (a long description) is kept cut, so an entry stays a few KiB. */
const MAX_TEXT = 2000;
/** An entry's JSON at most about this long (so 5,000 entries stay within about 80 MB at worst, a few MB usually). */
const MAX_ENTRY = 16_384;

type Rec = Record<string, unknown>;
const isRec = (value: unknown): value is Rec => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A value as the history keeps it: no secrets, files as '(file)', long texts cut (unless `whole`). */
function kept(value: unknown, whole = false): unknown {
  const cut = (x: unknown): unknown => {
    if (typeof x === 'string') return x.length > MAX_TEXT && !whole ? `${x.slice(0, MAX_TEXT)}…` : x;
    if (Array.isArray(x)) return x.map(cut);
    if (!isRec(x)) return x;
    if (typeof x.grantId === 'string') return FILE;
    return Object.fromEntries(Object.entries(x).map(([k, item]) => [k, cut(item)]));
  };
  return cut(withoutSecrets(value));
}
const FILE = '(file)';

/** The restore of a delete call, when it declares one (not a `never`). */
export const restoreOf = (def: CallDef | undefined): Restore | undefined => (def?.restore && 'create' in def.restore ? def.restore : undefined);

/** What a restore cannot bring back of a record, besides its id. */
const lostOf = (restore: Restore, kept: Rec): readonly string[] => (typeof restore.lost === 'function' ? restore.lost(kept) : restore.lost);

/** Said when a delete's kept record does not make the create call's input (cut to its ids, or from an older version). */
export const NOT_ENOUGH_KEPT = 'What History kept of this record is not enough to create it again.';

/** Why a delete cannot be undone (null: its record can be created again from what was kept). */
function restoreReason(entry: HistoryEntry, def: CallDef): string | null {
  if (def.restore && 'never' in def.restore) return def.restore.never;
  const restore = restoreOf(def);
  if (!restore) return 'A deleted record of this kind cannot be brought back.';
  if (!entry.before || !v.safeParse(restore.create().input, restore.input(entry.before)).success) return NOT_ENOUGH_KEPT;
  return null;
}

/** Why an entry cannot be undone from the History screen (null: it can). */
export function undoReason(entry: HistoryEntry, def: CallDef | undefined, undone: boolean): string | null {
  if (!entry.answer.ok) return 'This change did not happen.';
  if (undone) return 'Already undone.';
  if (!def) return 'This kind of change can no longer be undone.';
  if (def.method === 'DELETE') return restoreReason(entry, def);
  if (!def.record || !entry.before) return 'Only an edit of a record can be undone.';
  if (Object.values(entry.after).includes(FILE)) return 'A replaced file cannot be put back.';
  return null;
}

/**
 * The input that writes an entry's previous values back: each field sent, as the record had it before
 * (the path's ids as they were sent).
 */
/** The fields of a call's path ('/questions/{id}': id): they name the record, they are not its values. */
export const pathIds = (def: CallDef): Set<string> => new Set([...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string));

export function undoFields(entry: HistoryEntry, def: CallDef): Rec {
  const ids = pathIds(def);
  const before = entry.before ?? {};
  return Object.fromEntries(Object.entries(entry.after).map(([key, value]) => [key, ids.has(key) || !(key in before) ? value : before[key]]));
}

/**
 * The changes this console made, kept in userData as JSON lines (one entry a line, appended), newest
 * last in the file and first in `list`. At twice `limit` lines the file is rewritten, atomically, with
 * the newest `limit`; a line that does not read is skipped.
 */
export class HistoryStore {
  private entries: HistoryEntry[] = [];
  private lines = 0;
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private readonly limit: number,
  ) {}

  static async open(dir: string, limit = HISTORY_LIMIT): Promise<HistoryStore> {
    const store = new HistoryStore(join(dir, HISTORY_FILE), limit);
    const bytes = await readFileOrNull(store.path);
    for (const line of bytes ? bytes.toString('utf8').split('\n') : []) {
      if (!line.trim()) continue;
      store.lines++;
      try {
        const parsed = v.safeParse(HistoryEntrySchema, JSON.parse(line));
        if (parsed.success) store.entries.push(parsed.output);
      } catch {
        // A torn last line (a crash while appending): skipped.
      }
    }
    store.entries = store.entries.slice(-limit);
    return store;
  }

  /** Adds an entry; resolves once it is on disk. */
  append(entry: HistoryEntry): Promise<void> {
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
    this.writing = this.writing.then(async () => {
      if (this.lines + 1 > this.limit * 2) {
        // Rewritten with what is kept (this entry included).
        await writeChunksAtomic(this.path, this.entries.map((e) => `${JSON.stringify(e)}\n`));
        this.lines = this.entries.length;
      } else {
        await appendFile(this.path, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
        this.lines++;
      }
    });
    return this.writing;
  }

  get(id: string): HistoryEntry | undefined {
    return this.entries.find((e) => e.id === id);
  }

  /** Newest first, each with whether Undo is offered (`defOf`: the entry's call). */
  list(defOf: (call: string) => CallDef | undefined): HistoryRow[] {
    const undone = new Set(this.entries.filter((e) => e.undoOf && e.answer.ok).map((e) => e.undoOf));
    return this.entries
      .slice()
      .reverse()
      .map((e) => {
        const def = defOf(e.call);
        const undo = undoReason(e, def, undone.has(e.id));
        // What a delete's Undo cannot bring back, said before it creates the record again.
        const restore = undo === null ? restoreOf(def) : undefined;
        return { ...e, undone: undone.has(e.id), undo, lost: restore ? [LOST_ID, ...lostOf(restore, e.before ?? {})] : [] };
      });
  }

  /** Why Undo of an entry is not offered (null: it is). */
  undoReasonOf(entry: HistoryEntry, def: CallDef | undefined): string | null {
    return undoReason(entry, def, this.entries.some((e) => e.undoOf === entry.id && e.answer.ok));
  }

  /** The entries of one user action (BATCH_FIELD) that reached the server, newest first. */
  ofBatch(batch: string): HistoryEntry[] {
    return this.entries.filter((e) => e.batch === batch && e.answer.ok && !e.undoOf).reverse();
  }
}

export interface Recorded {
  who: HistoryEntry['who'];
  server: string;
}

/** The history entry of a write call: what was sent and the record it was opened on, without secrets. */
export function entryOf(call: string, def: CallDef, input: unknown, result: Result<unknown>, context: Recorded, undoOf?: string): HistoryEntry {
  const raw = isRec(input) ? input : {};
  const { [BASE_FIELD]: base, [UPLOAD_ID_FIELD]: _upload, [BATCH_FIELD]: batch, ...fields } = raw;
  const after = kept(fields) as Rec;
  // A delete that Undo can take back keeps its record whole: the record is created again from it.
  const restorable = def.method === 'DELETE' && restoreOf(def) !== undefined;
  const before = isRec(base) ? (kept(base, restorable) as Rec) : null;
  const message = result.ok ? (isRec(result.data) && typeof result.data.message === 'string' ? result.data.message : 'Done.') : result.error.message;
  const entry: HistoryEntry = {
    id: randomUUID(),
    at: Date.now(),
    who: context.who,
    server: context.server,
    call,
    method: def.method,
    screen: screenOfCall(def.service, call.split('.')[1] ?? '', def.path),
    record: recordOf(after, before),
    before,
    after,
    answer: { ok: result.ok, message },
    ...(undoOf ? { undoOf } : {}),
    ...(typeof batch === 'string' && batch !== '' ? { batch } : {}),
  };
  // A large record keeps, of its before, only what Undo and the link need: the fields sent and its ids.
  if (entry.before && JSON.stringify(entry).length > MAX_ENTRY * (restorable ? 4 : 1)) {
    const keep = new Set([...Object.keys(after), '_id', 'id']);
    entry.before = Object.fromEntries(Object.entries(entry.before).filter(([key]) => keep.has(key)));
  }
  return entry;
}
