import { randomUUID } from 'node:crypto';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { ACTION_FIELD, BASE_FIELD, BATCH_FIELD, UPLOAD_ID_FIELD, type CallDef, type Restore } from '../../shared/api/contract';
import { ACTION_RECORDS, ActionNameSchema, HistoryEntrySchema, LOST_ID, recordOf, screenOfCall, withoutSecrets, type HistoryEntry, type HistoryRow } from '../../shared/history';
import type { Result } from '../../shared/result';
import { readFileOrNull, writeChunksAtomic } from './atomic-file';

export const HISTORY_FILE = 'history.jsonl';
/** Entries kept (the oldest go first). */
export const HISTORY_LIMIT = 5000;
/** A value longer than this (a long description) is kept cut, so an entry stays a few KiB. */
const MAX_TEXT = 2000;
/** An entry's JSON at most about this long (so 5,000 entries stay within about 80 MB at worst, a few MB usually). */
export const MAX_ENTRY = 16_384;

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
  if (entry.records) return 'The records of a bulk upload or a folder import are deleted from their own screens.';
  if (!entry.answer.ok && !entry.records) return 'This change did not happen.';
  if (undone) return 'Already undone.';
  if (!def) return 'This kind of change can no longer be undone.';
  if (def.method === 'DELETE') return restoreReason(entry, def);
  if (!def.record || !entry.before) return 'Only an edit of a record can be undone.';
  if (Object.values(entry.after).includes(FILE)) return 'A replaced file cannot be put back.';
  if (Object.values(entry.after).some(isNotKept) || Object.values(entry.before).some(isNotKept)) return 'This change was too large to keep whole, so it cannot be undone.';
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

/** The file at most about this many bytes: the oldest entries go first. */
export const HISTORY_MAX_BYTES = 16 * 1024 * 1024;

/** Said once when History could not be written (and again only after it could, then could not). */
export const HISTORY_UNSAVED = 'History could not be saved to disk: changes you make now may be missing from History after a restart. Check that the disk has free space.';

/**
 * The changes this console made, kept in userData as JSON lines (one entry a line, appended), newest
 * last in the file and first in `list`. At twice `limit` lines (or twice `maxBytes`) the file is
 * rewritten, atomically, with what is kept; a line that does not read is skipped.
 *
 * A write that fails (disk full, read-only, a file held open) never stops later ones: the entry stays
 * in memory, the next write rewrites the whole file from the entries kept (so no torn line and no gap
 * stay behind), and `onFailure` is called once per run of failures.
 */
export class HistoryStore {
  private entries: HistoryEntry[] = [];
  /** Bytes of each kept entry's line, in step with `entries`. */
  private sizes: number[] = [];
  private bytes = 0;
  private lines = 0;
  private fileBytes = 0;
  private writing: Promise<void> = Promise.resolve();
  /** A write failed: the file on disk no longer matches `entries` and is rewritten whole next. */
  private broken = false;

  private constructor(
    private readonly path: string,
    private readonly limit: number,
    private readonly maxBytes: number,
    private readonly onFailure: (error: unknown) => void,
  ) {}

  static async open(dir: string, limit = HISTORY_LIMIT, options: { maxBytes?: number; onFailure?: (error: unknown) => void } = {}): Promise<HistoryStore> {
    const store = new HistoryStore(join(dir, HISTORY_FILE), limit, options.maxBytes ?? HISTORY_MAX_BYTES, options.onFailure ?? (() => undefined));
    const bytes = await readFileOrNull(store.path);
    store.fileBytes = bytes?.length ?? 0;
    for (const line of bytes ? bytes.toString('utf8').split('\n') : []) {
      if (!line.trim()) continue;
      store.lines++;
      try {
        const parsed = v.safeParse(HistoryEntrySchema, JSON.parse(line));
        if (parsed.success) store.keep(parsed.output, Buffer.byteLength(line) + 1);
      } catch {
        // A torn last line (a crash while appending): skipped.
      }
    }
    return store;
  }

  /** Adds an entry to those kept, dropping the oldest beyond the limits. */
  private keep(entry: HistoryEntry, size: number): void {
    // An action's entry written again (it grew): the newer replaces the older, in the older's place.
    const at = entry.records ? this.entries.findLastIndex((e) => e.id === entry.id) : -1;
    if (at >= 0) {
      this.entries[at] = entry;
      this.bytes += size - (this.sizes[at] ?? 0);
      this.sizes[at] = size;
      return;
    }
    this.entries.push(entry);
    this.sizes.push(size);
    this.bytes += size;
    while (this.entries.length > 1 && (this.entries.length > this.limit || this.bytes > this.maxBytes)) {
      this.entries.shift();
      this.bytes -= this.sizes.shift() ?? 0;
    }
  }

  /** Adds an entry; resolves once it is on disk, rejects when it could not be written (it stays kept, and the next write puts it on disk). */
  append(entry: HistoryEntry): Promise<void> {
    const line = `${JSON.stringify(entry)}\n`;
    this.keep(entry, Buffer.byteLength(line));
    const write = this.writing.then(async () => {
      try {
        if (this.broken || this.lines + 1 > this.limit * 2 || this.fileBytes + line.length > this.maxBytes * 2) {
          // Rewritten whole with what is kept (this entry included): after a failure, or when the file has grown to twice what is kept.
          await writeChunksAtomic(this.path, this.entries.map((e) => `${JSON.stringify(e)}\n`));
          this.lines = this.entries.length;
          this.fileBytes = this.bytes;
        } else {
          await appendFile(this.path, line, { mode: 0o600 });
          this.lines++;
          this.fileBytes += Buffer.byteLength(line);
        }
        this.broken = false;
      } catch (error) {
        // Told once per run of failures; the next write tries again, whole.
        if (!this.broken) this.onFailure(error);
        this.broken = true;
        throw error;
      }
    });
    // The chain goes on whatever became of this write.
    this.writing = write.catch(() => undefined);
    return write;
  }

  /** Resolves once every write asked so far has been tried (closing the app). */
  settled(): Promise<void> {
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
    return this.entries.filter((e) => e.batch === batch && e.answer.ok).reverse();
  }
}

export interface Recorded {
  who: HistoryEntry['who'];
  server: string;
}

/** A value too large to keep whole: what stands in its place (Undo is then not offered). */
const NOT_KEPT = '(not kept: too large)';
const notKept = (value: unknown): string => (Array.isArray(value) ? `(not kept: ${value.length.toLocaleString('en')} items)` : NOT_KEPT);
const isNotKept = (value: unknown): boolean => typeof value === 'string' && value.startsWith('(not kept');
const sizeOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '');

/** The fields of a record with every value larger than `max` bytes replaced by a short note. */
function bounded(fields: Rec, max: number): Rec {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, sizeOf(value) > max ? notKept(value) : value]));
}

/** Of an account's record, what History's filter by role reads: its id, name (a done delete) and role; null for other records. */
function accountScope(def: CallDef, record: Rec | null, done: boolean): Rec | null {
  if (def.service !== 'adminAuth' || !record) return null;
  const keep = done ? ['_id', 'id', 'name', 'role'] : ['role'];
  const scope = Object.fromEntries(Object.entries(record).filter(([key, value]) => keep.includes(key) && typeof value === 'string'));
  return 'role' in scope ? scope : null;
}

/** The history entry of a write call: what was sent and the record it was opened on, without secrets, at most MAX_ENTRY bytes (four times that for a delete Undo can take back). */
export function entryOf(call: string, def: CallDef, input: unknown, result: Result<unknown>, context: Recorded, undoOf?: string): HistoryEntry {
  const raw = isRec(input) ? input : {};
  const { [BASE_FIELD]: base, [UPLOAD_ID_FIELD]: _upload, [BATCH_FIELD]: batch, [ACTION_FIELD]: actionName, ...fields } = raw;
  const named = v.safeParse(ActionNameSchema, actionName);
  const after = kept(fields) as Rec;
  // A delete that Undo can take back keeps its record whole: the record is created again from it.
  const isDelete = def.method === 'DELETE';
  const restorable = isDelete && restoreOf(def) !== undefined;
  const kept0 = isRec(base) ? (kept(base, restorable) as Rec) : null;
  // A delete that can never be undone keeps the record's id and name only (entry.record); a failed delete nothing of the record.
  // An account's delete keeps besides what decides who sees the entry (History shows an Admin accounts of role User only).
  const before = isDelete && (!restorable || !result.ok) ? accountScope(def, kept0, result.ok) : kept0;
  const record = isDelete && !result.ok ? recordOf(after, null) : recordOf(after, kept0);
  const message = result.ok ? (isRec(result.data) && typeof result.data.message === 'string' ? result.data.message : 'Done.') : result.error.message;
  const entry: HistoryEntry = {
    id: randomUUID(),
    at: Date.now(),
    who: context.who,
    server: context.server,
    call,
    method: def.method,
    screen: screenOfCall(def.service, call.split('.')[1] ?? '', def.path),
    record,
    before,
    after,
    answer: { ok: result.ok, message: message.length > MAX_TEXT ? `${message.slice(0, MAX_TEXT)}…` : message },
    ...(undoOf ? { undoOf } : {}),
    ...(typeof batch === 'string' && batch !== '' ? { batch, ...(named.success ? { action: named.output } : {}) } : {}),
  };
  const limit = MAX_ENTRY * (restorable ? 4 : 1);
  // A large record keeps, of its before, only what Undo and the link need: the fields sent and its ids.
  const ids = ['_id', 'id'];
  if (entry.before && sizeOf(entry) > limit) {
    const keep = new Set([...Object.keys(after), ...ids]);
    entry.before = Object.fromEntries(Object.entries(entry.before).filter(([key]) => keep.has(key)));
  }
  // Then what was sent and what was there before: each value over a share of the budget is noted, not kept.
  if (sizeOf(entry) > limit) {
    entry.after = bounded(entry.after, MAX_TEXT);
    if (entry.before) entry.before = bounded(entry.before, MAX_TEXT);
  }
  // Many fields each under the share: the ids only.
  if (sizeOf(entry) > limit) {
    const idsOf = (rec: Rec) => Object.fromEntries(Object.entries(rec).filter(([key]) => ids.includes(key) || pathIds(def).has(key)).map(([key, value]) => [key, sizeOf(value) > 200 ? NOT_KEPT : value]));
    entry.after = { ...idsOf(entry.after), fields: NOT_KEPT };
    entry.before = entry.before ? idsOf(entry.before) : null;
  }
  return entry;
}

type Log = (message: string, details?: Rec) => void;

/** Nothing reached the server: a refused input, a cancelled call. Not recorded. */
const reachedServer = (result: Result<unknown>): boolean => result.ok || (result.error.kind !== 'validation' && result.error.kind !== 'cancelled');

/**
 * Records the door's writes in the store: one entry per write, or one per action of many writes
 * (`action`). A failure to write is logged (the store tells the person once) and never stops the call.
 */
export class HistoryRecorder {
  constructor(
    readonly store: HistoryStore,
    private readonly context: () => Recorded,
    private readonly log: Log,
  ) {}

  async record(call: string, def: CallDef, fields: Rec, result: Result<unknown>, extra: { base?: Rec; batch?: string; actionName?: unknown; undoOf?: string } = {}): Promise<void> {
    if (!reachedServer(result)) return;
    const input = {
      ...fields,
      ...(extra.base ? { [BASE_FIELD]: extra.base } : {}),
      ...(extra.batch ? { [BATCH_FIELD]: extra.batch } : {}),
      ...(extra.actionName ? { [ACTION_FIELD]: extra.actionName } : {}),
    };
    await this.store.append(entryOf(call, def, input, result, this.context(), extra.undoOf)).catch((error: unknown) => {
      this.log('history not written', { call, error: error instanceof Error ? error.message : String(error) });
    });
  }

  /** One History entry for many writes: `title(done, failed)` names it; the entry is written as it grows (at most every `everyMs`) and at `close`. */
  action(spec: { call: string; screen: string; title: (done: number, failed: number) => string; everyMs?: number }): HistoryAction {
    return new HistoryAction(this, spec);
  }

  /** @internal Writes an action's entry (it replaces its earlier version). */
  put(entry: HistoryEntry, call: string): void {
    this.store.append(entry).catch((error: unknown) => this.log('history not written', { call, error: error instanceof Error ? error.message : String(error) }));
  }

  contextNow(): Recorded {
    return this.context();
  }
}

/** An action of many writes kept as one History entry with its records (a bulk upload, a folder import). */
export class HistoryAction {
  readonly id = randomUUID();
  private readonly records: NonNullable<HistoryEntry['records']> = [];
  private more = 0;
  private done = 0;
  private failed = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly started = Date.now();
  private readonly context: Recorded;

  constructor(
    private readonly recorder: HistoryRecorder,
    private readonly spec: { call: string; screen: string; title: (done: number, failed: number) => string; everyMs?: number },
  ) {
    this.context = recorder.contextNow();
  }

  /** A write of the action, as the door answered it. */
  add(def: CallDef, fields: Rec, result: Result<unknown>): void {
    if (!reachedServer(result)) return;
    const sent = recordOf(kept(fields) as Rec, null);
    const made = result.ok && isRec(result.data) && typeof result.data._id === 'string' ? result.data._id : null;
    if (result.ok) this.done++;
    else this.failed++;
    if (this.records.length < ACTION_RECORDS) {
      this.records.push({ id: made ?? sent.id, label: sent.label, ok: result.ok, ...(result.ok ? {} : { message: result.error.message.slice(0, 300) }) });
    } else this.more++;
    this.timer ??= setTimeout(() => this.flush(), this.spec.everyMs ?? 2000);
  }

  get size(): number {
    return this.done + this.failed;
  }

  /** The entry as it stands. */
  entry(): HistoryEntry {
    const total = this.done + this.failed;
    return {
      id: this.id,
      at: this.started,
      who: this.context.who,
      server: this.context.server,
      call: this.spec.call,
      method: 'POST',
      screen: this.spec.screen,
      record: { id: null, label: this.spec.title(this.done, this.failed) },
      before: null,
      after: {},
      answer: { ok: this.failed === 0, message: this.failed === 0 ? `${total} ${total === 1 ? 'change' : 'changes'} made.` : `${this.done} of ${total} changes made; ${this.failed} failed.` },
      records: this.records.slice(),
      ...(this.more > 0 ? { more: this.more } : {}),
    };
  }

  /** Writes the entry now (nothing when no write of the action reached the server). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.size > 0) this.recorder.put(this.entry(), this.spec.call);
  }

  /** The action ended: its entry written as it ends. */
  close(): void {
    this.flush();
  }
}
