import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import * as v from 'valibot';
import { bulkBlockedText, bulkSummary, bulkSummaryCsv, type BulkSummary } from '../../../shared/bulk-summary';
import {
  BULK_CONCURRENCY,
  BULK_TEXT,
  BulkMetaPatchSchema,
  titleKey,
  type BulkAddResult,
  type BulkDuplicate,
  type BulkEvent,
  type BulkListFilter,
  type BulkSelection,
  type BulkView,
  type BulkItemView,
  type BulkMeta,
  type BulkMetaPatch,
  type BulkOverall,
  type BulkQueueStatus,
} from '../../../shared/schemas/bulk';
import type { FileType } from '../../../shared/schemas/library';
import { fileTypeOfFacts, mediaVerdict, mediaWarnings, type MediaFacts } from '../../../shared/schemas/media';
import type { Result } from '../../../shared/result';
import { backoffDelay, PROBE_BACKOFF } from './backoff';
import { checkIdentities, checkIdentity, identitiesOf, identityOf, sameFileKey, type FileIdentity } from './identity';
import {
  failureNeeds,
  isFinished,
  isHeld,
  isLocked,
  isRetryable,
  isWork,
  needsAttention,
  queued,
  schedule,
  transition,
  type AbortReason,
  type BulkItem,
  type LifecycleEvent,
  type UploadError,
} from './lifecycle';
import { RateMeter, Throttle } from './progress';
import type { ReconcileQuery, Reconciler } from './reconcile';
import { fileTypeOfName, FOLDER_LIMIT, scanFolderInBatches, sniffFileType } from './sniff';
import { QueueStore, line, profileFields, type ItemLine, type ProfileFields, type StoredItem } from './store';
import type { UploadedIndex } from './uploaded-index';
import { readdir } from 'node:fs/promises';
import { readFoundFile } from '../grants';
import type { Language } from '../../../shared/constants';
import { APP_TEXT } from '../../../shared/messages';
import { MAX_CAPTION_FILE_BYTES } from '../../../shared/schemas/transcripts';
import { sidecarCues, sidecarLanguage } from '../../../shared/sidecar';

export type { BulkItem } from './lifecycle';

/**
 * Sends one item: POST /library/media with the item's metadata and its file streamed from disk (the
 * lead's wiring over main's multipart uploader). `onProgress(sent, total)` as bytes go out. The abort
 * signal fires on pause and cancel. `id` is the created record's id where the server returns it.
 */
export type BulkUploadFn = (
  item: Readonly<BulkItem>,
  signal: AbortSignal,
  onProgress: (sent: number, total: number) => void,
) => Promise<Result<{ id?: string | null }>>;

export interface BulkQueueDeps {
  /** The folder of the queue file (userData). */
  folder: string;
  upload: BulkUploadFn;
  /** Which attempts that may have reached the server created a record (see reconcile.ts). */
  reconcile: Reconciler;
  /** True when the server answers (any HTTP answer counts); used while the network is lost. */
  probe: () => Promise<boolean>;
  /** The library's titles, for the duplicate flag; an error only skips the check (and says so). */
  libraryTitles?: () => Promise<Result<readonly LibraryRecordFacts[]>>;
  /** The SHA-256 of a file's content (main's media worker), for duplicates by content. */
  hashFile?: (path: string) => Promise<string>;
  /**
   * Imports a done item's caption cues as the record's transcripts (videoRepository.bulkTranscripts,
   * replacing that language's lines, so importing twice after a crash makes no double lines).
   */
  importCaptions?: (recordId: string, language: Language, cues: { timeStamp: string; captionText: string }[]) => Promise<Result<{ count: number }>>;
  /** What this client uploaded before, by content, on the server the queue sends to (its origin). */
  uploaded?: { index: UploadedIndex; server: () => string | null };
  /** The media facts of a file (main's media worker); a null duration when it has none. */
  readFacts?: (path: string) => Promise<MediaFacts>;
  /** The one event of the queue, at most about every `eventIntervalMs`. */
  emit: (event: BulkEvent) => void;
  log?: (message: string, details?: Record<string, unknown>) => void;
  /** [0, 1), for the backoff jitter. */
  random?: () => number;
  eventIntervalMs?: number;
  storeDebounceMs?: number;
  /** Attempts answered by 429, 5xx or a lost connection (while the server answers) before an item fails. */
  maxFailures?: number;
  /**
   * Null when the queue may upload for the signed-in session; else why not, shown as the notice while
   * the queue stays paused (a queue filled for another server or account, see owner.ts).
   */
  refusal?: () => string | null;
}

export interface AddedFile {
  path: string;
  /** Main's grant for the file, when it came from the open dialog or a drop. */
  grantId?: string | null;
  /** Its library title, when not the one its name gives. */
  title?: string;
}

/** What the queue needs of a library record to find duplicates (title; size and duration where it has them). */
export interface LibraryRecordFacts {
  _id: string;
  title: string;
  fileSize?: number;
  duration?: number;
}

/** See BulkAddResultSchema. */
export type AddResult = BulkAddResult;

export type ListFilter = BulkListFilter;

const CHANGED_ALL_THRESHOLD = 500;
/** Files queued (and shown) at a time by one add. */
const ADD_SLICE = 2000;
/** The first slice of an add is small: its rows show at once, the rest follow in full slices. */
const FIRST_SLICE = 200;
const LIBRARY_TITLES_TTL_MS = 30_000;
/** New items wait for the library's titles (the duplicate check) at most this long. */
const LIBRARY_TITLES_TIMEOUT_MS = 10_000;
const PROBE_CONCURRENCY = 2;

async function* asFiles(batches: AsyncIterable<string[]>): AsyncGenerator<AddedFile[]> {
  for await (const paths of batches) yield paths.map((path) => ({ path }));
}

function storedOf(item: BulkItem): StoredItem {
  const { issues: _issues, ...stored } = item;
  void _issues;
  return stored;
}

const sameFields = (a: ProfileFields, b: ProfileFields) => JSON.stringify(a) === JSON.stringify(b);

/** Whether a change of an item reached what its line holds (everything but its checks and its fields). */
function storedChanged(before: BulkItem, after: BulkItem): boolean {
  for (const key of Object.keys(after) as (keyof BulkItem)[]) {
    if (key !== 'issues' && key !== 'meta' && before[key] !== after[key]) return true;
  }
  return before.meta.title !== after.meta.title;
}

/**
 * The bulk upload queue (DESIGN section 13): items, the scheduler, progress and the store. The rules
 * below are pure functions in lifecycle.ts (`transition` for an item, `schedule` for the queue); this
 * class finds out what they need, applies their answers (`apply`) and runs the effects.
 *
 * Scheduling: at most `concurrency` uploads at once (1 to 6, default 2), in queue order. An item starts
 * when it is waiting, valid, not held as a duplicate and past its `retryAt`. A 429, a 5xx or a lost
 * connection while the server still answers retries with capped, jittered exponential backoff (up to
 * `maxFailures`); any other 4xx fails the item with the server's message (edit it, then retry). When the
 * server stops answering, the queue goes offline: nothing starts, the server is probed with backoff, and
 * the queue carries on when it answers.
 *
 * Pause: pausing the queue or an item aborts the uploads in flight (a multipart POST cannot be resumed;
 * the file is sent again from the start), so a pause frees the network at once.
 *
 * Nothing twice: before an attempt is sent its item is written to disk with `inFlight` (what it sends and
 * when). `inFlight` is cleared only by an answer that says whether a record was made (2xx, 4xx, 429) or
 * when the body was provably not sent whole (aborted or cut before the last byte). An item that still
 * has `inFlight` (a crash, a lost connection after the last byte, a 5xx) is reconciled with the server
 * (`deps.reconcile`) before it is sent again: a record found makes it done.
 */
export class BulkQueue {
  private readonly items = new Map<string, BulkItem>();
  /**
   * What the store writes next (see `changes`): items changed since its last write, items new since
   * then (in queue order), items removed, profiles changed, and the settings as last written.
   */
  private readonly dirty = new Set<string>();
  private fresh: string[] = [];
  private removedIds: string[] = [];
  private readonly dirtyProfiles = new Set<string>();
  private writtenSettings = '';
  /**
   * Profiles: the fields every item but its title has, kept once for the items that share them (an
   * item's `meta` is its title and its profile's fields). `refs` counts the items of a profile.
   */
  private readonly profiles = new Map<string, { fields: ProfileFields; refs: number }>();
  private readonly profileOf = new Map<string, string>();
  /** The profile new items take while its fields are still the defaults they get. */
  private defaultsProfile: string | null = null;
  /** Queue order. */
  private order: string[] = [];
  private readonly byFile = new Map<string, string>();
  private readonly store: QueueStore;
  private readonly throttle: Throttle;
  private readonly controllers = new Map<string, { controller: AbortController; reason: AbortReason | null }>();
  private readonly meters = new Map<string, RateMeter>();
  private readonly overallMeter = new RateMeter(5000);
  /** Items the user started one by one: they run even while the queue is paused. */
  private readonly forced = new Set<string>();
  private changed = new Set<string>();
  private changedAll = false;
  private running = false;
  private offline = false;
  private concurrency: number = BULK_CONCURRENCY.default;
  private notice: string | null = null;
  private reconciling = false;
  /** While the library's titles are being fetched for new items, nothing starts. */
  private checkingTitles = 0;
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  private probeTimer: ReturnType<typeof setTimeout> | null = null;
  private probing: Promise<boolean> | null = null;
  private closed = false;
  private hadWork = false;
  private finishedPending = false;
  /** The queue stopped because its work was done (not paused by the person): new work runs at once. */
  private finishedByItself = false;
  /** Bytes sent in all, for the overall rate. */
  private sentCounter = 0;
  private libraryTitles: { at: number; titles: Map<string, LibraryRecordFacts>; records: readonly LibraryRecordFacts[] } | null = null;
  /** Done items whose captions wait for a session or the server (an auth or network failure): tried again. */
  private readonly captionsWaiting = new Set<string>();
  /** Folder listings of the current adds, for sidecar captions. */
  private readonly folderListings = new Map<string, Promise<string[]>>();
  /** The first item of each content hash, in queue order (duplicates by content). */
  private readonly byHash = new Map<string, string>();
  private readonly random: () => number;
  private readonly maxFailures: number;
  private readonly log: NonNullable<BulkQueueDeps['log']>;
  private readonly probeQueue: string[] = [];
  private probeWorkers = 0;

  private constructor(private readonly deps: BulkQueueDeps) {
    this.store = new QueueStore(deps.folder, { changes: () => this.changes(), everything: () => this.everything() }, deps.storeDebounceMs ?? 1000);
    this.throttle = new Throttle(deps.eventIntervalMs ?? 100, () => this.emitNow());
    this.random = deps.random ?? Math.random;
    this.maxFailures = deps.maxFailures ?? 6;
    this.log = deps.log ?? (() => undefined);
  }

  /**
   * Opens the queue: restores the queue file of `deps.folder` (done stays done; an item that was
   * uploading waits again and is reconciled before it is sent; a file changed or gone since it was
   * queued is marked changed-or-missing) and carries on if it was running.
   */
  static async open(deps: BulkQueueDeps): Promise<{ queue: BulkQueue; problem: string | null }> {
    const queue = new BulkQueue(deps);
    const problem = await queue.restore();
    return { queue, problem };
  }

  // Restore

  private async restore(): Promise<string | null> {
    const loaded = await this.store.load();
    if (!loaded.queue) return loaded.problem;
    this.concurrency = loaded.queue.concurrency;
    const items = loaded.queue.items;
    for (const [id, fields] of loaded.queue.profiles) this.profiles.set(id, { fields, refs: 0 });
    for (const [itemId, profileId] of loaded.queue.profileOf) this.linkProfile(itemId, profileId);
    // Done and cancelled items need their files no more.
    const open = items.filter((stored) => stored.state !== 'done' && stored.state !== 'cancelled');
    const results = await checkIdentities(open.map((stored) => stored.file));
    const checks = new Map(open.map((stored, i) => [stored, results[i]!]));
    items.forEach((stored) => {
      const before = { ...stored, issues: {} };
      const item = transition(before, { type: 'restored', fileSame: (checks.get(stored) ?? 'same') === 'same' }, Date.now());
      if (item.probe === 'pending' && item.state !== 'done' && item.state !== 'cancelled') this.probeQueue.push(item.id);
      this.insert(item);
      if (storedChanged(before, item)) this.dirty.add(item.id);
    });
    // Captions of items uploaded before a crash or quit: imported now (replacing, so never twice).
    for (const item of this.items.values()) if (item.state === 'done') void this.importCaptionsOf(item);
    this.running = loaded.queue.running;
    this.writtenSettings = line.queue(this.running, this.concurrency);
    for (const [id, profile] of this.profiles) if (profile.refs === 0) this.profiles.delete(id);
    this.changedAll = true;
    if (this.hasWork()) this.hadWork = true;
    this.pumpProbes();
    this.throttle.request();
    this.pump();
    return loaded.problem;
  }

  private insert(item: BulkItem): void {
    this.items.set(item.id, item);
    this.order.push(item.id);
    this.byFile.set(sameFileKey(item.file), item.id);
  }

  /**
   * Every change of an item's lifecycle goes through here: the pure rules of lifecycle.ts decide, the
   * item object (which uploads and probes in flight hold) takes the answer. Returns whether it changed.
   */
  private apply(item: BulkItem, event: LifecycleEvent): boolean {
    const next = transition(item, event, Date.now());
    if (next === item) return false;
    Object.assign(item, next);
    return true;
  }

  // Adding files

  /**
   * Queues files (from the open dialog, a folder scan or a drop): each gets its identity, a title from
   * its name and the Add File defaults. The same file twice (real path and inode) is not added again;
   * a title the library or the queue already has is flagged and held until accepted or renamed.
   * `files` may come in batches as a folder scan finds them.
   */
  async add(files: readonly AddedFile[] | AsyncIterable<readonly AddedFile[]>): Promise<AddResult> {
    const result: AddResult = { added: [], alreadyQueued: [], unreadable: [], libraryCheck: 'skipped' };
    const now = Date.now();
    const fresh: BulkItem[] = [];
    // Nothing starts until the library's titles are checked (after the last slice).
    this.checkingTitles += 1;
    // In slices, each shown as it is queued (a change event; the view asks for its window meanwhile):
    // the first rows of 100,000 files show long before the last one's identity is read.
    try {
      await this.queueSlices(files, now, result, fresh);
    } catch (error) {
      this.checkingTitles -= 1;
      throw error;
    }
    if (fresh.length === 0) {
      this.checkingTitles -= 1;
      this.pump();
      return result;
    }
    try {
      // Titles the queue already has are flagged once the add's files are all in (a pass over the
      // queue per slice would cost seconds at 100,000 files); nothing of the add starts before.
      this.touchMany(this.flagQueueDuplicates(fresh));
      const flagged = await this.flagLibraryDuplicates(fresh);
      result.libraryCheck = flagged.check;
      this.touchMany(flagged.items);
    } finally {
      this.checkingTitles -= 1;
    }
    // New items are written within a second (not at once: serialising 10,000 of them would hold up
    // the view's first rows); an item is always written before its upload starts (see run).
    this.store.markDirty();
    for (const item of fresh) this.probeQueue.push(item.id);
    this.pumpProbes();
    this.pump();
    return result;
  }

  /** The files of an add, queued in slices as they come (see add): a small first slice, then full ones. */
  private async queueSlices(files: readonly AddedFile[] | AsyncIterable<readonly AddedFile[]>, now: number, result: AddResult, fresh: BulkItem[]): Promise<void> {
    let slices = 0;
    const queueBatch = async (batch: readonly AddedFile[]): Promise<void> => {
      for (let at = 0; at < batch.length; ) {
        if (slices > 0) await new Promise((resolve) => setImmediate(resolve));
        const slice = batch.slice(at, at + (slices === 0 ? FIRST_SLICE : ADD_SLICE));
        at += slice.length;
        slices += 1;
        await this.queueSlice(slice, now, result, fresh);
      }
    };
    if (Symbol.asyncIterator in files) for await (const batch of files) await queueBatch(batch);
    else await queueBatch(files);
  }

  private async queueSlice(slice: readonly AddedFile[], now: number, result: AddResult, fresh: BulkItem[]): Promise<void> {
    const identities = await identitiesOf(slice.map((f) => f.path));
    const added: BulkItem[] = [];
    identities.forEach((identity, i) => {
      if (identity instanceof Error) {
        result.unreadable.push({ name: slice[i]!.path.replace(/^.*[\\/]/, ''), message: identity.message });
        return;
      }
      if (this.byFile.has(sameFileKey(identity))) {
        result.alreadyQueued.push(identity.name);
        return;
      }
      const item = queued({ id: randomUUID(), key: randomUUID(), file: identity, grantId: slice[i]!.grantId ?? null, title: slice[i]!.title }, now);
      this.insert(item);
      added.push(item);
      result.added.push(item.id);
    });
    if (added.length === 0) return;
    const profile = this.profileForDefaults(profileFields(added[0]!.meta));
    for (const item of added) {
      this.linkProfile(item.id, profile);
      this.fresh.push(item.id);
    }
    this.touchMany(added);
    for (const item of added) fresh.push(item);
  }

  /** Queues the media files inside a folder, recursively (the folder dialog, a dropped folder), as the scan finds them. */
  async addFolder(folder: string, limit = FOLDER_LIMIT): Promise<AddResult> {
    const scan = scanFolderInBatches(folder, limit);
    const result = await this.add(asFiles(scan.batches));
    return scan.truncated ? { ...result, truncated: true } : result;
  }

  /** Flags items whose title an earlier item of the queue already has; returns the items it changed. */
  private flagQueueDuplicates(candidates: readonly BulkItem[]): BulkItem[] {
    const changed: BulkItem[] = [];
    const targets = new Set(candidates.map((c) => c.id));
    const first = new Map<string, BulkItem>();
    for (const id of this.order) {
      const item = this.items.get(id)!;
      if (item.state === 'cancelled') continue;
      const key = titleKey(item.meta.title);
      if (!key) continue;
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, item);
        if (targets.has(id) && item.duplicate?.kind === 'queue' && this.apply(item, { type: 'duplicateKept' })) changed.push(item);
      } else if (targets.has(id) && item.state !== 'done') {
        if (this.apply(item, { type: 'duplicateFound', duplicate: { kind: 'queue', title: earlier.meta.title, id: earlier.id, reason: 'title' } })) changed.push(item);
      }
    }
    return changed;
  }

  private async fetchLibraryTitles(): Promise<Map<string, LibraryRecordFacts> | null> {
    if (!this.deps.libraryTitles) return null;
    if (this.libraryTitles && Date.now() - this.libraryTitles.at < LIBRARY_TITLES_TTL_MS) return this.libraryTitles.titles;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<Result<never>>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, error: { kind: 'network', message: 'The library did not answer in time.' } }), LIBRARY_TITLES_TIMEOUT_MS);
    });
    const answer = await Promise.race([this.deps.libraryTitles(), timeout]).finally(() => clearTimeout(timer));
    if (!answer.ok) {
      this.log('bulk: library titles unavailable', { error: answer.error.message });
      return null;
    }
    const titles = new Map<string, LibraryRecordFacts>();
    for (const record of answer.data) titles.set(titleKey(record.title), record);
    this.libraryTitles = { at: Date.now(), titles, records: answer.data };
    return titles;
  }

  /** Flags candidates whose title the library has; returns the items it flagged. */
  private async flagLibraryDuplicates(candidates: readonly BulkItem[]): Promise<{ check: AddResult['libraryCheck']; items: BulkItem[] }> {
    if (!this.deps.libraryTitles) return { check: 'skipped', items: [] };
    const titles = await this.fetchLibraryTitles();
    if (!titles) return { check: 'unavailable', items: [] };
    // Records this queue made itself are not duplicates of their own items.
    const ours = new Set(this.order.map((id) => this.items.get(id)!.recordId).filter((id): id is string => !!id));
    const flagged: BulkItem[] = [];
    for (const item of candidates) {
      if (item.state === 'done' || item.duplicate) continue;
      const found = titles.get(titleKey(item.meta.title));
      if (!found || ours.has(found._id)) continue;
      this.apply(item, { type: 'duplicateFound', duplicate: { kind: 'library', title: found.title, id: found._id, reason: 'title' } });
      flagged.push(item);
    }
    return { check: 'done', items: flagged };
  }

  /**
   * The user keeps these items although their titles are taken: they may start. A queue that had
   * stopped because it ran out of work runs again for them (one the person paused stays paused).
   */
  acceptDuplicates(ids: readonly string[]): void {
    let kept = false;
    for (const item of this.pick(ids)) {
      if (this.apply(item, { type: 'duplicateKept' })) {
        this.touch(item);
        kept = true;
      }
    }
    if (kept) this.carryOn();
    this.saveNow();
    this.pump();
  }

  /**
   * The person sends files the media library found not playable all the same (they were held). A queue
   * that had stopped because it ran out of work runs again for them.
   */
  sendAnyway(ids: readonly string[]): void {
    let released = false;
    for (const item of this.pick(ids)) {
      if (this.apply(item, { type: 'sendAnyway' })) {
        this.touch(item);
        released = true;
      }
    }
    if (released) this.carryOn();
    this.saveNow();
    this.pump();
  }

  /** Runs again after new work appeared in a queue that had stopped only because its work was done. */
  private carryOn(): void {
    if (this.running || !this.finishedByItself || !this.hasWork()) return;
    if (this.heldForOwner()) return;
    this.running = true;
    this.hadWork = true;
    this.finishedByItself = false;
    this.throttle.request();
  }

  /**
   * Later copies of `original`'s content wait for it (they are not sent twice). Once it is uploaded
   * they name its record (a folder import links that record into each place); once it is cancelled or
   * removed, the next copy becomes the one that is sent.
   */
  private settleCopiesOf(original: BulkItem, gone = false): void {
    for (const id of this.order) {
      const copy = this.items.get(id);
      if (!copy || copy === original) continue;
      const dup = copy.duplicate;
      if (dup?.kind !== 'queue' || dup.reason !== 'content' || dup.id !== original.id || copy.state === 'done') continue;
      if (!gone && original.state === 'done' && original.recordId) {
        this.apply(copy, { type: 'duplicateFound', duplicate: { kind: 'library', title: original.meta.title, id: original.recordId, reason: 'content' } });
      } else if (gone || original.state === 'cancelled') {
        this.apply(copy, { type: 'duplicateKept' });
        const next = this.contentDuplicateOf(copy);
        if (next) this.apply(copy, { type: 'duplicateFound', duplicate: next });
      } else continue;
      this.touch(copy);
    }
  }

  /** Chooses the file of an item again (after changed-or-missing): new identity, waiting again. */
  async replaceFile(id: string, file: AddedFile): Promise<Result<null>> {
    const item = this.items.get(id);
    if (!item) return { ok: false, error: { kind: 'validation', message: BULK_TEXT.unknownItem } };
    if (item.state === 'uploading' || item.state === 'done') return { ok: false, error: { kind: 'validation', message: BULK_TEXT.notEditable } };
    let identity: FileIdentity;
    try {
      identity = await identityOf(file.path);
    } catch (error) {
      return { ok: false, error: { kind: 'validation', message: (error as Error).message } };
    }
    const other = this.byFile.get(sameFileKey(identity));
    if (other && other !== id) return { ok: false, error: { kind: 'validation', message: BULK_TEXT.alreadyQueued } };
    this.byFile.delete(sameFileKey(item.file));
    this.apply(item, { type: 'fileReplaced', file: identity, grantId: file.grantId ?? null });
    this.byFile.set(sameFileKey(identity), id);
    this.touch(item);
    await this.flushOrPause();
    this.probeQueue.push(id);
    this.pumpProbes();
    this.pump();
    return { ok: true, data: null };
  }

  /** Sets (or clears) the thumbnail of the items. */
  async setThumbnail(ids: readonly string[] | 'all', file: AddedFile | null): Promise<Result<null>> {
    let identity: FileIdentity | null = null;
    if (file) {
      try {
        identity = await identityOf(file.path);
      } catch (error) {
        return { ok: false, error: { kind: 'validation', message: (error as Error).message } };
      }
    }
    for (const item of this.pick(ids)) {
      if (isLocked(item)) continue;
      this.apply(item, { type: 'thumbnailSet', thumbnail: identity });
      this.touch(item);
    }
    this.store.markDirty();
    return { ok: true, data: null };
  }

  // Background facts: type from content, duration

  private pumpProbes(): void {
    while (this.probeWorkers < PROBE_CONCURRENCY && this.probeQueue.length > 0 && !this.closed) {
      const id = this.probeQueue.shift()!;
      const item = this.items.get(id);
      if (!item || item.probe !== 'pending') continue;
      this.probeWorkers += 1;
      void this.probeItem(item).finally(() => {
        this.probeWorkers -= 1;
        this.pumpProbes();
      });
    }
  }

  private async probeItem(item: BulkItem): Promise<void> {
    const path = item.file.path;
    let fileType: FileType = item.fileType;
    let facts: MediaFacts | null = null;
    const byName = fileTypeOfName(item.file.name);
    let sniffed: FileType | null = null;
    let factsFailed = false;
    try {
      sniffed = await sniffFileType(path, item.file.name);
      fileType = sniffed;
      // A file its name or its first bytes call video or audio is read by the media library, whatever
      // it turns out to be (a JPEG named .mov is a picture, not "other").
      if ((sniffed !== 'other' || byName !== 'other') && this.deps.readFacts) {
        facts = await this.deps.readFacts(path).catch(() => {
          factsFailed = true;
          return null;
        });
        // The tracks the file has decide (a .mp4 of sound alone is audio).
        if (facts && (facts.video || facts.audio)) fileType = fileTypeOfFacts(facts);
      }
    } catch {
      facts = null;
    }
    // The verdict of a file meant as media, once what it is has been read: its content not media, or
    // the media library's facts (a library that could not read a file its bytes call media says nothing).
    const meantAsMedia = byName !== 'other' || (sniffed !== null && sniffed !== 'other');
    const judged = sniffed !== null && (sniffed === 'other' || (!!this.deps.readFacts && !factsFailed));
    const verdict = meantAsMedia && judged ? mediaVerdict({ size: item.file.size, facts, fileType }) : null;
    // Not playable: the type its name gives stays (it is not silently made "other").
    if (verdict?.kind === 'unplayable' && byName !== 'other') fileType = byName;
    let hash: string | null = null;
    if (this.deps.hashFile) hash = await this.deps.hashFile(path).catch(() => null);
    const captions = this.deps.importCaptions ? await this.sidecarsOf(path, item.file.name) : [];
    // The file may have been replaced or the item removed meanwhile.
    if (this.items.get(item.id) !== item || item.file.path !== path || item.state === 'done') return;
    this.apply(item, { type: 'factsRead', fileType, facts, verdict, hash, captions });
    const duplicate = this.contentDuplicateOf(item);
    if (duplicate) this.apply(item, { type: 'duplicateFound', duplicate });
    this.touch(item);
    this.store.markDirty();
    this.pump();
  }

  /**
   * Once a file's content and facts are known: the same content earlier in the queue, the same content
   * uploaded before by this client (the uploaded index), or a library record of the same size and
   * duration (a likely duplicate under another title). A title duplicate already flagged stays.
   */
  /** Whether `item` was queued before `other` (which has not started sending yet). */
  private queuedBefore(item: BulkItem, other: BulkItem): boolean {
    if (other.state !== 'waiting' && other.state !== 'invalid' && other.state !== 'paused') return false;
    if (other.recordId || other.duplicate) return false;
    return this.order.indexOf(item.id) < this.order.indexOf(other.id);
  }

  private contentDuplicateOf(item: BulkItem): BulkDuplicate | null {
    // The same content says more than the same title: it replaces a title duplicate.
    if ((item.duplicate && item.duplicate.reason !== 'title') || item.state === 'cancelled') return null;
    if (item.hash) {
      const firstId = this.byHash.get(item.hash);
      const first = firstId ? this.items.get(firstId) : undefined;
      if (!first || first.state === 'cancelled' || first.hash !== item.hash) this.byHash.set(item.hash, item.id);
      else if (first !== item && this.queuedBefore(item, first)) {
        // The original is the copy queued first, whichever file's hash was read first: the later one,
        // not yet sent, becomes its duplicate.
        this.byHash.set(item.hash, item.id);
        this.apply(first, { type: 'duplicateFound', duplicate: { kind: 'queue', title: item.meta.title, id: item.id, reason: 'content' } });
        this.touch(first);
      } else if (first !== item) {
        // An earlier item already uploaded names its record; one still queued names itself.
        return first.state === 'done' && first.recordId
          ? { kind: 'library', title: first.meta.title, id: first.recordId, reason: 'content' }
          : { kind: 'queue', title: first.meta.title, id: first.id, reason: 'content' };
      }
      const server = this.deps.uploaded?.server();
      const before = server ? this.deps.uploaded!.index.find(item.hash, server) : null;
      if (before) return { kind: 'library', title: before.title, id: before.id, reason: 'content' };
    }
    if (item.duration > 0 && this.libraryTitles) {
      const ours = new Set(this.order.map((id) => this.items.get(id)!.recordId).filter((id): id is string => !!id));
      const likely = this.libraryTitles.records.find(
        (r) => r.fileSize === item.file.size && r.duration !== undefined && Math.abs(r.duration - item.duration) <= 1 && !ours.has(r._id),
      );
      if (likely) return { kind: 'library', title: likely.title, id: likely._id, reason: 'likely' };
    }
    return null;
  }

  /** Caption files beside a media file (same base name, an optional language suffix). */
  private async sidecarsOf(path: string, name: string): Promise<BulkItem['captions']> {
    const folder = dirname(path);
    let listing = this.folderListings.get(folder);
    if (!listing) {
      // One listing per folder for a whole add (a folder of 1,000 videos is read once, not 1,000 times).
      if (this.folderListings.size > 64) this.folderListings.clear();
      listing = readdir(folder).catch(() => []);
      this.folderListings.set(folder, listing);
      setTimeout(() => this.folderListings.delete(folder), 5000).unref?.();
    }
    const found: BulkItem['captions'] = [];
    for (const entry of await listing) {
      const language = sidecarLanguage(name, entry);
      if (language !== undefined) found.push({ name: entry, path: join(folder, entry), language, state: 'pending', message: null });
    }
    return found;
  }

  /** After the upload: each pending caption file checked as the caption import checks it, then imported. */
  private async importCaptionsOf(item: BulkItem): Promise<void> {
    const importer = this.deps.importCaptions;
    if (!importer || !item.recordId || !item.captions.some((c) => c.state === 'pending')) return;
    for (const caption of item.captions) {
      if (caption.state !== 'pending') continue;
      const language = caption.language ?? (item.meta.language || 'English');
      let outcome: { ok: true; count: number } | { ok: false; message: string };
      try {
        // Opened as a grant is: a link or a FIFO at the caption's path is refused, not followed or waited on.
        const parsed = sidecarCues((await readFoundFile(caption.path, MAX_CAPTION_FILE_BYTES, APP_TEXT.captionsTooLarge)).toString('utf8'));
        if (!parsed.ok) outcome = parsed;
        else {
          const answer = await importer(item.recordId, language, parsed.cues);
          // Not signed in yet (a restart restores the queue before the session) or the server away:
          // the captions stay pending and are tried again at the next upload done or start.
          if (!answer.ok && (answer.error.kind === 'auth' || answer.error.kind === 'network')) {
            this.captionsWaiting.add(item.id);
            return;
          }
          outcome = answer.ok ? { ok: true, count: answer.data.count } : { ok: false, message: answer.error.message };
        }
      } catch (error) {
        outcome = { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
      if (this.closed || !this.items.has(item.id)) return;
      caption.state = outcome.ok ? 'imported' : 'failed';
      caption.message = outcome.ok ? `${outcome.count} ${language} lines imported` : outcome.message;
      this.touch(item);
      this.store.markDirty();
    }
  }

  /** Captions that waited for a session or the server, imported now. */
  private retryWaitingCaptions(): void {
    const waiting = [...this.captionsWaiting];
    this.captionsWaiting.clear();
    for (const id of waiting) {
      const item = this.items.get(id);
      if (item?.state === 'done') void this.importCaptionsOf(item);
    }
  }

  /** A done item's content goes into the uploaded index (what this client sent, and where). */
  private rememberUpload(item: BulkItem): void {
    void this.importCaptionsOf(item);
    this.retryWaitingCaptions();
    const server = this.deps.uploaded?.server();
    if (!item.hash || !item.recordId || !server) return;
    void this.deps.uploaded!.index.record({ hash: item.hash, server, id: item.recordId, title: item.meta.title });
  }

  // Editing

  /**
   * Changes fields of the items (a cell edit, the defaults panel for the selection or 'all'). Items
   * uploading or done are left as they are and counted in `skipped`; the rest are checked again.
   */
  edit(ids: readonly string[] | 'all', input: BulkMetaPatch): Result<{ changed: number; skipped: number }> {
    const parsed = v.safeParse(BulkMetaPatchSchema, input);
    if (!parsed.success) return { ok: false, error: { kind: 'validation', message: parsed.issues[0].message } };
    const { title, ...patch } = parsed.output;
    const fieldsChange = Object.keys(patch).length > 0;
    let changed = 0;
    let skipped = 0;
    const retitled: BulkItem[] = [];
    // The items to change, by profile: a profile all of whose items change is changed in place (one
    // line written, not one per item); otherwise the items that change move to a new profile.
    const groups = new Map<string, BulkItem[]>();
    for (const item of this.pick(ids)) {
      if (isLocked(item)) {
        skipped += 1;
        continue;
      }
      const profile = this.profileOf.get(item.id)!;
      const group = groups.get(profile);
      if (group) group.push(item);
      else groups.set(profile, [item]);
    }
    let stateChanged = false;
    for (const [profileId, group] of groups) {
      const profile = this.profiles.get(profileId)!;
      let target = profileId;
      if (fieldsChange) {
        const fields = { ...profile.fields, ...patch } as ProfileFields;
        if (!sameFields(fields, profile.fields)) {
          if (group.length === profile.refs) {
            profile.fields = fields;
            this.dirtyProfiles.add(profileId);
          } else target = this.newProfile(fields);
        }
      }
      const fields = this.profiles.get(target)!.fields;
      const moved = target !== profileId;
      for (const item of group) {
        if (moved) this.linkProfile(item.id, target);
        const before = item.meta.title;
        const wasState = item.state;
        this.apply(item, { type: 'edited', meta: { ...fields, title: title ?? before } as BulkMeta });
        if (item.meta.title !== before) retitled.push(item);
        // 'edited' changes the fields, the checks and the state: the item's line (its title, profile
        // and state) is written again only when one of those changed.
        if (moved || item.meta.title !== before || item.state !== wasState) this.dirty.add(item.id);
        stateChanged ||= item.state !== wasState;
        changed += 1;
      }
      this.notifyMany(group);
    }
    if (stateChanged) this.saveNow();
    if (retitled.length > 0) {
      // A new title clears a title duplicate; the same content stays the same content.
      for (const item of retitled) if (item.duplicate?.reason === 'title') this.apply(item, { type: 'duplicateKept' });
      this.flagQueueDuplicates(retitled.filter((item) => !item.duplicate));
      // The library's titles as last fetched (a fresh fetch per keystroke would be too much).
      const titles = this.libraryTitles?.titles;
      if (titles) {
        for (const item of retitled) {
          if (item.duplicate) continue;
          const found = titles.get(titleKey(item.meta.title));
          if (found && found._id !== item.recordId) this.apply(item, { type: 'duplicateFound', duplicate: { kind: 'library', title: found.title, id: found._id, reason: 'title' } });
        }
      }
    }
    this.store.markDirty();
    this.pump();
    return { ok: true, data: { changed, skipped } };
  }

  /**
   * Removes items from the queue. Those uploading are aborted first; a record such an upload may still
   * have made (its body had gone out whole) is not followed up: the user asked for the item to go.
   */
  remove(ids: readonly string[] | 'all' | 'finished'): number {
    const targets =
      ids === 'finished' ? this.pick('all').filter((i) => i.state === 'done' || i.state === 'cancelled') : this.pick(ids);
    for (const item of targets) {
      this.controllers.get(item.id)?.controller.abort();
      this.controllers.delete(item.id);
      this.items.delete(item.id);
      this.dirty.delete(item.id);
      this.unlinkProfile(item.id);
      this.removedIds.push(item.id);
      this.byFile.delete(sameFileKey(item.file));
      this.forced.delete(item.id);
    }
    const gone = new Set(targets.map((t) => t.id));
    this.order = this.order.filter((id) => !gone.has(id));
    for (const item of targets) this.settleCopiesOf(item, true);
    this.changedAll = true;
    this.throttle.request();
    this.saveNow();
    this.pump();
    return targets.length;
  }

  // Queue control

  /** Starts (or resumes) the whole queue. */
  start(): void {
    if (this.heldForOwner()) return;
    this.running = true;
    this.finishedByItself = false;
    this.notice = null;
    this.hadWork = this.hadWork || this.hasWork();
    this.throttle.request();
    this.saveNow();
    this.retryWaitingCaptions();
    this.pump();
  }

  /** Pauses the whole queue: uploads in flight are aborted and wait again; nothing starts. */
  pause(): void {
    this.halt();
    this.saveNow();
  }

  private halt(): void {
    this.running = false;
    this.finishedByItself = false;
    this.forced.clear();
    for (const entry of this.controllers.values()) {
      entry.reason ??= 'pause-queue';
      entry.controller.abort();
    }
    this.throttle.request();
  }

  /** Pauses items: an upload in flight is aborted; the items wait until resumed. */
  pauseItems(ids: readonly string[]): void {
    for (const item of this.pick(ids)) {
      this.forced.delete(item.id);
      const running = this.controllers.get(item.id);
      if (running) {
        running.reason = 'pause-item';
        running.controller.abort();
      } else if (this.apply(item, { type: 'paused' })) this.touch(item);
    }
    this.saveNow();
  }

  /**
   * Resumes items: paused, failed or cancelled items wait again (retries counted anew). With `now`, they
   * start even while the queue is paused (the user's "start this one").
   */
  resumeItems(ids: readonly string[], now = false): void {
    for (const item of this.pick(ids)) {
      if (this.apply(item, { type: 'resumed' })) {
        if (now && item.state === 'waiting') this.forced.add(item.id);
        this.touch(item);
      }
    }
    this.hadWork = this.hadWork || this.hasWork();
    this.saveNow();
    this.pump();
  }

  /** Retries items (failed, cancelled, paused): they go now, even while the queue is stopped. */
  retryItems(ids: readonly string[]): void {
    this.resumeItems(ids, true);
  }

  /** Cancels items: an upload in flight is aborted; the items stay in the list as cancelled. */
  cancelItems(ids: readonly string[]): void {
    for (const item of this.pick(ids)) {
      this.forced.delete(item.id);
      const running = this.controllers.get(item.id);
      if (running) {
        running.reason = 'cancel';
        running.controller.abort();
      } else if (this.apply(item, { type: 'cancelled' })) {
        this.touch(item);
        this.settleCopiesOf(item);
      }
    }
    this.saveNow();
    this.pump();
  }

  /** Uploads at once, 1 to 6. Lowering it lets the uploads in flight finish; no new one starts until below. */
  setConcurrency(n: number): void {
    if (!Number.isInteger(n) || n < BULK_CONCURRENCY.min || n > BULK_CONCURRENCY.max) {
      throw new RangeError(`Concurrency is ${BULK_CONCURRENCY.min} to ${BULK_CONCURRENCY.max}.`);
    }
    this.concurrency = n;
    this.throttle.request();
    this.store.markDirty();
    this.pump();
  }

  // The scheduler

  private hasWork(): boolean {
    for (const item of this.items.values()) if (isWork(item)) return true;
    return false;
  }

  /** Starts what may start (the rules are `schedule` in lifecycle.ts); reconciles first when an earlier attempt may have reached the server. */
  private pump(): void {
    const wantsToRun = this.running || this.forced.size > 0;
    const now = Date.now();
    const next = schedule({
      items: this.ordered(),
      active: new Set(this.controllers.keys()),
      forced: this.forced,
      running: this.running,
      concurrency: this.concurrency,
      offline: this.offline,
      reconciling: this.reconciling,
      checkingTitles: this.checkingTitles > 0,
      closed: this.closed,
      refused: wantsToRun && (this.deps.refusal?.() ?? null) !== null,
      now,
    });
    switch (next.kind) {
      case 'wait':
        return;
      case 'refuse':
        this.heldForOwner();
        return;
      case 'idle':
        this.checkFinished();
        return;
      case 'reconcile':
        void this.reconcile(this.pick(next.ids));
        return;
      case 'start':
        for (const item of this.pick(next.ids)) void this.run(item);
        if (this.wakeTimer) clearTimeout(this.wakeTimer);
        this.wakeTimer = null;
        if (next.wakeAt !== null) {
          this.wakeTimer = setTimeout(() => {
            this.wakeTimer = null;
            this.pump();
          }, next.wakeAt - now);
        }
        this.checkFinished();
    }
  }

  private checkFinished(): void {
    if (isFinished({ items: this.ordered(), active: new Set(this.controllers.keys()), reconciling: this.reconciling, hadWork: this.hadWork })) {
      this.hadWork = false;
      this.finishedByItself = this.running || this.forced.size > 0;
      this.running = false;
      this.forced.clear();
      this.finishedPending = true;
      this.throttle.request();
      this.saveNow();
    }
  }

  private async reconcile(items: BulkItem[]): Promise<void> {
    this.reconciling = true;
    const queries: ReconcileQuery[] = items.map((item) => ({ id: item.id, key: item.key, ...item.inFlight! }));
    let answer: Awaited<ReturnType<Reconciler>>;
    try {
      answer = await this.deps.reconcile(queries);
    } catch (error) {
      answer = { ok: false, error: { kind: 'network', message: error instanceof Error ? error.message : String(error) } };
    }
    this.reconciling = false;
    if (this.closed) return;
    if (!answer.ok) {
      this.log('bulk: reconciliation failed', { error: answer.error.message, kind: answer.error.kind });
      if (answer.error.kind === 'auth') this.stopSignedOut();
      else this.goOffline();
      return;
    }
    for (const item of items) {
      if (!this.items.has(item.id) || !answer.data.has(item.id)) continue;
      const recordId = answer.data.get(item.id) ?? null;
      this.apply(item, { type: 'reconciled', recordId });
      if (recordId) {
        this.rememberUpload(item);
        this.settleCopiesOf(item);
      }
      this.touch(item);
    }
    // Items the answer left out keep `inFlight` and are asked about again; stop asking in a loop.
    if (items.some((i) => this.items.has(i.id) && i.inFlight !== null)) {
      this.log('bulk: reconciliation left items unanswered');
      this.goOffline();
      return;
    }
    await this.flushOrPause();
    this.pump();
  }

  /** Writes the queue now; when that fails, the queue pauses (nothing is sent that is not recorded). */
  private async flushOrPause(): Promise<boolean> {
    try {
      await this.store.flush();
      return true;
    } catch (error) {
      this.log('bulk: cannot write the queue file', { error: error instanceof Error ? error.message : String(error) });
      this.notice = `The upload queue cannot be saved (${error instanceof Error ? error.message : String(error)}); it is paused.`;
      // Not pause(): its own write would fail again and again.
      this.halt();
      return false;
    }
  }

  private async run(item: BulkItem): Promise<void> {
    const controller = new AbortController();
    const entry: { controller: AbortController; reason: AbortReason | null } = { controller, reason: null };
    this.controllers.set(item.id, entry);
    this.apply(item, { type: 'start' });
    this.touch(item);

    this.hadWork = true;
    const identity = await checkIdentity(item.file);
    if (this.controllers.get(item.id) !== entry) return; // removed or closed meanwhile
    const thumbnail = item.thumbnail ? await checkIdentity(item.thumbnail) : 'same';
    if (this.controllers.get(item.id) !== entry) return;
    if (identity !== 'same' || thumbnail !== 'same') {
      this.controllers.delete(item.id);
      this.apply(item, { type: identity !== 'same' ? 'fileMissing' : 'thumbnailMissing' });
      this.touch(item);
      this.saveNow();
      this.pump();
      return;
    }
    // Record the attempt before a byte goes out: a crash from here on leads to reconciliation.
    this.apply(item, { type: 'attemptRecorded', title: item.meta.title.trim() });
    this.touch(item);
    const saved = await this.flushOrPause();
    if (this.controllers.get(item.id) !== entry) return;
    if (!saved || controller.signal.aborted) {
      // Nothing was sent.
      this.settleAborted(item, entry.reason ?? 'pause-queue', false);
      return;
    }

    const meter = new RateMeter(3000);
    this.meters.set(item.id, meter);
    let total = item.file.size;
    let result: Awaited<ReturnType<BulkUploadFn>>;
    try {
      result = await this.deps.upload(item, controller.signal, (sent, size) => {
        if (this.controllers.get(item.id) !== entry) return;
        total = size;
        const delta = sent - item.sent;
        if (delta > 0) this.sentCounter += delta;
        this.apply(item, { type: 'progress', sent });
        const now = Date.now();
        meter.sample(now, sent);
        this.overallMeter.sample(now, this.sentCounter);
        this.changed.add(item.id);
        this.throttle.request();
      });
    } catch (error) {
      result = { ok: false, error: { kind: 'network', message: error instanceof Error ? error.message : String(error) } };
    }
    this.meters.delete(item.id);
    // The body was not sent whole: the server cannot have made a record of it.
    const sentWhole = item.sent >= total && total > 0;
    if (this.controllers.get(item.id) !== entry) return; // removed meanwhile
    this.controllers.delete(item.id);
    if (!this.items.has(item.id)) return;

    if (result.ok) {
      this.apply(item, { type: 'uploaded', recordId: result.data.id ?? null });
      this.forced.delete(item.id);
      this.rememberUpload(item);
      this.settleCopiesOf(item);
    } else if (controller.signal.aborted || result.error.kind === 'cancelled') {
      this.settleAborted(item, entry.reason ?? 'pause-item', sentWhole);
      return;
    } else {
      await this.settleFailure(item, result.error, sentWhole);
    }
    this.touch(item);
    this.saveNow();
    this.pump();
  }

  private settleAborted(item: BulkItem, reason: AbortReason, sentWhole: boolean): void {
    this.controllers.delete(item.id);
    this.apply(item, { type: 'aborted', reason, sentWhole });
    this.touch(item);
    if (item.state === 'cancelled') this.settleCopiesOf(item);
    this.saveNow();
    this.pump();
  }

  /** Settles a failed attempt by the rules (lifecycle.ts), after asking what they need to know. */
  private async settleFailure(item: BulkItem, error: UploadError, sentWhole: boolean): Promise<void> {
    const needs = failureNeeds(error);
    const fileSame = needs === 'fileSame' ? (await checkIdentity(item.file)) === 'same' : true;
    const serverAnswers = needs === 'serverAnswers' ? await this.serverAnswers() : true;
    const retrying = isRetryable(error) && serverAnswers && item.failures + 1 < this.maxFailures;
    // The jitter is drawn only for a backoff that will be waited.
    const jitter = retrying ? this.random() : 0;
    this.apply(item, { type: 'failed', error, sentWhole, fileSame, serverAnswers, maxFailures: this.maxFailures, jitter });
    if (error.kind === 'auth') this.stopSignedOut();
    else if (!serverAnswers) this.goOffline();
  }

  private serverAnswers(): Promise<boolean> {
    this.probing ??= this.deps
      .probe()
      .catch(() => false)
      .finally(() => {
        this.probing = null;
      });
    return this.probing;
  }

  private goOffline(): void {
    if (this.offline || this.closed) return;
    this.offline = true;
    this.throttle.request();
    let failures = 0;
    const again = () => {
      failures += 1;
      this.probeTimer = setTimeout(async () => {
        this.probeTimer = null;
        if (this.closed) return;
        if (await this.serverAnswers()) {
          this.offline = false;
          for (const item of this.items.values()) if (this.apply(item, { type: 'serverBack' })) this.touch(item);
          this.throttle.request();
          this.pump();
        } else again();
      }, backoffDelay(failures, this.random, PROBE_BACKOFF));
    };
    again();
  }

  /** True when the queue belongs to another server or account: it stops (if it ran) and says so. */
  private heldForOwner(): boolean {
    const refusal = this.deps.refusal?.() ?? null;
    if (refusal === null) return false;
    if (this.running || this.forced.size > 0 || this.controllers.size > 0) this.pause();
    this.notice = refusal;
    this.throttle.request();
    return true;
  }

  private stopSignedOut(): void {
    this.notice = BULK_TEXT.signedOut;
    this.pause();
  }

  // Views

  /** The items in queue order, walked lazily (the scheduler stops as soon as it knows). */
  private *ordered(): Generator<BulkItem> {
    for (const id of this.order) yield this.items.get(id)!;
  }

  private pick(ids: readonly string[] | 'all'): BulkItem[] {
    if (ids === 'all') return this.order.map((id) => this.items.get(id)!);
    return ids.map((id) => this.items.get(id)).filter((i): i is BulkItem => !!i);
  }

  private view(item: BulkItem): BulkItemView {
    const size = item.file.size;
    return {
      id: item.id,
      file: { name: item.file.name, size, folder: dirname(item.file.path) },
      thumbnail: item.thumbnail ? { name: item.thumbnail.name } : null,
      fileType: item.fileType,
      duration: item.duration,
      probe: item.probe,
      warnings: item.facts ? mediaWarnings(item.facts, item.fileType) : [],
      verdict: item.verdict,
      held: isHeld(item),
      captions: item.captions.map((caption) => ({ name: caption.name, language: caption.language, state: caption.state, message: caption.message })),
      meta: item.meta,
      state: item.state,
      issues: item.issues,
      duplicate: item.duplicate,
      attempts: item.attempts,
      lastError: item.lastError,
      sent: item.sent,
      percent: item.state === 'done' ? 100 : size > 0 ? Math.min(100, Math.floor((item.sent / size) * 100)) : 0,
      rate: this.meters.get(item.id)?.rate(Date.now()) ?? 0,
      recordId: item.recordId,
      retryAt: item.retryAt,
    };
  }

  /** The items a view of the grid shows: filtered to a state or to what needs attention, and searched in titles and file names. */
  private matching(view: Partial<BulkView>): BulkItem[] {
    const filter = view.filter ?? 'all';
    const needle = (view.search ?? '').trim().toLowerCase();
    const all = this.pick('all');
    if (filter === 'all' && !needle) return all;
    return all.filter(
      (i) =>
        (filter === 'all' || (filter === 'attention' ? needsAttention(i) : i.state === filter)) &&
        (!needle || i.meta.title.toLowerCase().includes(needle) || i.file.name.toLowerCase().includes(needle)),
    );
  }

  /**
   * A window of the queue for the grid: `total` items pass the filter and search (of `all`), `rows` are
   * the window's; `blocked` says what keeps items of the whole queue from starting.
   */
  list(query: { offset?: number; limit?: number } & Partial<BulkView> = {}): { total: number; all: number; offset: number; rows: BulkItemView[]; blocked: string | null } {
    const offset = Math.max(0, query.offset ?? 0);
    const limit = Math.max(0, query.limit ?? 200);
    const whole = (query.filter ?? 'all') === 'all' && !(query.search ?? '').trim();
    // The whole queue's window is a slice of its order (no copy of 100,000 items per window).
    const matching = whole ? null : this.matching(query);
    const window = matching ? matching.slice(offset, offset + limit) : this.pick(this.order.slice(offset, offset + limit));
    return {
      total: matching ? matching.length : this.order.length,
      all: this.order.length,
      offset,
      rows: window.map((i) => this.view(i)),
      blocked: bulkBlockedText(this.blockables()),
    };
  }

  /** What bulkBlockedText needs of each item, walked once. */
  private *blockables(): Generator<{ state: BulkItem['state']; duplicate: BulkItem['duplicate']; held: boolean }> {
    for (const item of this.items.values()) yield { state: item.state, duplicate: item.duplicate, held: isHeld(item) };
  }

  /** The ids a selection names: its own ids, or every item of a view but those it leaves out. */
  select(selection: BulkSelection): string[] {
    if (Array.isArray(selection)) return selection;
    const except = new Set(selection.except);
    return this.matching(selection).flatMap((i) => (except.has(i.id) ? [] : [i.id]));
  }

  /** The items' views (ids not in the queue are left out). */
  get(ids: readonly string[]): BulkItemView[] {
    return this.pick(ids).map((i) => this.view(i));
  }

  status(): BulkQueueStatus {
    const work = this.hasWork();
    return {
      running: this.running,
      offline: this.offline,
      concurrency: this.concurrency,
      active: work && (this.running || this.forced.size > 0),
      notice: this.notice,
      foreign: (this.deps.refusal?.() ?? null) !== null,
    };
  }

  overall(): BulkOverall {
    let filesDone = 0;
    let filesTotal = 0;
    let bytesSent = 0;
    let bytesTotal = 0;
    let bytesLeft = 0;
    let needAttention = 0;
    for (const item of this.items.values()) {
      if (needsAttention(item)) needAttention += 1;
      if (item.state === 'cancelled') continue;
      filesTotal += 1;
      bytesTotal += item.file.size;
      if (item.state === 'done') {
        filesDone += 1;
        bytesSent += item.file.size;
      } else if (item.state === 'uploading') {
        bytesSent += item.sent;
        bytesLeft += Math.max(0, item.file.size - item.sent);
      } else if (isWork(item)) bytesLeft += item.file.size;
    }
    const rate = this.controllers.size > 0 ? this.overallMeter.rate(Date.now()) : 0;
    return {
      filesDone,
      filesTotal,
      bytesSent,
      bytesTotal,
      rate,
      secondsLeft: bytesLeft === 0 ? 0 : rate > 0 ? Math.ceil(bytesLeft / rate) : null,
      needAttention,
    };
  }

  /** 0 to 1 for the taskbar or dock (`setProgressBar`), or -1 when nothing runs (removes the bar). */
  taskbarProgress(): number {
    const status = this.status();
    if (!status.active) return -1;
    const { bytesSent, bytesTotal } = this.overall();
    return bytesTotal > 0 ? bytesSent / bytesTotal : 0;
  }

  summary(): BulkSummary {
    return bulkSummary(this.pick('all').map((i) => this.view(i)));
  }

  summaryCsv(): string {
    return bulkSummaryCsv(this.summary());
  }

  // Events and the store

  /** Every change of an item goes through here: the view hears of it and the store writes it again. */
  private touch(item: BulkItem): void {
    this.dirty.add(item.id);
    this.changed.add(item.id);
    this.throttle.request();
  }

  private touchMany(items: readonly BulkItem[]): void {
    for (const item of items) this.dirty.add(item.id);
    this.notifyMany(items);
  }

  /** The view hears of a change (the store writes what `dirty` names). */
  private notifyMany(items: readonly BulkItem[]): void {
    if (this.changedAll || items.length > CHANGED_ALL_THRESHOLD) this.changedAll = true;
    else for (const item of items) this.changed.add(item.id);
    this.throttle.request();
  }

  // Profiles

  private newProfile(fields: ProfileFields): string {
    const id = randomUUID();
    this.profiles.set(id, { fields, refs: 0 });
    this.dirtyProfiles.add(id);
    return id;
  }

  /** The profile new items take: the last one made for new items while its fields are still theirs. */
  private profileForDefaults(fields: ProfileFields): string {
    const current = this.defaultsProfile ? this.profiles.get(this.defaultsProfile) : undefined;
    if (current && sameFields(current.fields, fields)) return this.defaultsProfile!;
    this.defaultsProfile = this.newProfile(fields);
    return this.defaultsProfile;
  }

  private linkProfile(itemId: string, profileId: string): void {
    this.unlinkProfile(itemId);
    this.profileOf.set(itemId, profileId);
    this.profiles.get(profileId)!.refs += 1;
  }

  /** An item leaves its profile; a profile no item uses any more is dropped (not written again). */
  private unlinkProfile(itemId: string): void {
    const old = this.profileOf.get(itemId);
    if (old === undefined) return;
    this.profileOf.delete(itemId);
    const profile = this.profiles.get(old)!;
    profile.refs -= 1;
    if (profile.refs === 0) {
      this.profiles.delete(old);
      this.dirtyProfiles.delete(old);
      if (this.defaultsProfile === old) this.defaultsProfile = null;
    }
  }

  /** A state change: written at once (errors pause the queue). */
  private saveNow(): void {
    void this.flushOrPause();
  }

  private emitNow(): void {
    const changed = this.changedAll || this.changed.size > CHANGED_ALL_THRESHOLD ? 'all' : [...this.changed];
    this.changed = new Set();
    this.changedAll = false;
    const progress: BulkEvent['progress'] = [];
    for (const id of this.controllers.keys()) {
      const item = this.items.get(id);
      if (!item || item.state !== 'uploading') continue;
      const view = this.view(item);
      progress.push({ id, sent: item.sent, total: item.file.size, percent: view.percent, rate: view.rate });
    }
    const finished = this.finishedPending;
    this.finishedPending = false;
    this.deps.emit({ status: this.status(), overall: this.overall(), progress, changed, finished });
  }

  private lineOf(item: BulkItem): ItemLine {
    const { issues: _issues, meta, ...rest } = item;
    void _issues;
    return { ...rest, title: meta.title, profile: this.profileOf.get(item.id)! };
  }

  /**
   * The lines of what changed since the store last asked: the settings if they changed, changed
   * profiles (before the items that name them), removals, new items in queue order, changed items. A
   * write during uploads is the one or two items that changed; an edit of every item, one profile.
   */
  private changes(): string[] {
    const out: string[] = [];
    const settings = line.queue(this.running, this.concurrency);
    if (settings !== this.writtenSettings) out.push(settings);
    this.writtenSettings = settings;
    for (const id of this.dirtyProfiles) out.push(line.profile({ id, ...this.profiles.get(id)!.fields }));
    this.dirtyProfiles.clear();
    if (this.removedIds.length > 0) out.push(line.removed(this.removedIds));
    this.removedIds = [];
    for (const id of this.fresh) {
      const item = this.items.get(id);
      if (!item) continue;
      this.dirty.delete(id);
      out.push(line.item(this.lineOf(item)));
    }
    this.fresh = [];
    for (const id of this.dirty) out.push(line.item(this.lineOf(this.items.get(id)!)));
    this.dirty.clear();
    return out;
  }

  /**
   * The lines of the whole queue, made at once (not while the file is written: an item changed
   * meanwhile could name a profile already written past), which also clears what `changes` would give.
   */
  private everything(): string[] {
    this.dirty.clear();
    this.fresh = [];
    this.removedIds = [];
    this.dirtyProfiles.clear();
    this.writtenSettings = line.queue(this.running, this.concurrency);
    const out = [this.writtenSettings];
    for (const [id, { fields }] of this.profiles) out.push(line.profile({ id, ...fields }));
    for (const id of this.order) out.push(line.item(this.lineOf(this.items.get(id)!)));
    return out;
  }

  /** The items as they would be stored if serialised now (tests compare it with the file). */
  storedItems(): StoredItem[] {
    return this.order.map((id) => storedOf(this.items.get(id)!));
  }

  /** Duration and size of the last queue file write, and how many writes so far (bench, diagnostics). */
  storeStats(): { lastWriteMs: number; lastWriteBytes: number; writes: number; path: string } {
    return { lastWriteMs: this.store.lastWriteMs, lastWriteBytes: this.store.lastWriteBytes, writes: this.store.writes, path: this.store.path };
  }

  /** Writes the queue now (tests, quitting). */
  flush(): Promise<void> {
    return this.store.flush();
  }

  /**
   * Stops: aborts uploads in flight (they wait again, reconciled on the next start if their body went
   * out whole), writes the queue file and stops every timer. For quitting the app.
   */
  async close(): Promise<void> {
    const wasRunning = this.running;
    for (const entry of this.controllers.values()) {
      entry.reason = 'close';
      entry.controller.abort();
    }
    for (const id of this.controllers.keys()) {
      const item = this.items.get(id);
      if (item && this.apply(item, { type: 'closed' })) this.dirty.add(id);
    }
    this.controllers.clear();
    this.closed = true;
    this.running = wasRunning; // the next start carries on
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.throttle.dispose();
    await this.store.flush();
    await this.store.close();
  }
}
