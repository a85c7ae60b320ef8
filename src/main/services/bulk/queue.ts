import * as v from 'valibot';
import { bulkSummary, bulkSummaryCsv, type BulkSummary } from '../../../shared/bulk-summary';
import type { Result } from '../../../shared/result';
import { BULK_CONCURRENCY, BULK_TEXT, BulkMetaPatchSchema, type BulkItemView, type BulkMetaPatch, type BulkOverall, type BulkQueueStatus, type BulkSelection } from '../../../shared/schemas/bulk';
import { InFlight, reconcileAttempts, type AttemptHost, type Save } from './attempt';
import { Connection } from './connection';
import type { AddResult, BulkQueueDeps } from './deps';
import { Duplicates, type ItemEvent } from './duplicates';
import { Enrichment } from './enrichment';
import { identityOrError } from './identity';
import { asFiles, intake, type AddedFile, type AddedFiles } from './intake';
import { isFinished, isLocked, isWork, schedule, transition, type BulkItem, type LifecycleEvent } from './lifecycle';
import { Throttle } from './progress';
import { FOLDER_LIMIT, scanFolderInBatches } from './sniff';
import { line, QueueStore, type StoredItem } from './store';
import { ItemTable } from './table';
import { finishingOf, itemView, taskbarOf, overallOf, progressOf, selectedIds, windowOf, type QueueWindow, type WindowQuery } from './views';

export type { AddResult, AddedFile, BulkItem, BulkQueueDeps, BulkUploadFn, LibraryRecordFacts, ListFilter } from './deps';

/**
 * The bulk upload queue (DESIGN section 13): its public operations and the scheduling; the rules are
 * lifecycle.ts, the parts are named in docs/ARCHITECTURE.md ("The bulk queue, file by file"). Every
 * operation ends in the one commit step (`commit`).
 */
export class BulkQueue {
  private readonly table: ItemTable;
  private readonly duplicates: Duplicates;
  private readonly enrichment: Enrichment;
  private readonly store: QueueStore;
  private readonly throttle: Throttle;
  private readonly connection: Connection;
  private readonly attempts = new InFlight();
  /** Items the user started one by one: they run even while the queue is paused. */
  private readonly forced = new Set<string>();
  private running = false;
  private concurrency: number = BULK_CONCURRENCY.default;
  private notice: string | null = null;
  private reconciling = false;
  /** While the library's titles are being fetched for new items, nothing starts. */
  private checkingTitles = 0;
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private hadWork = false;
  private finishedPending = false;
  /** The queue stopped because its work was done (not paused by the person): new work runs at once. */
  private finishedByItself = false;
  /** The person paused the queue (or it paused itself on a failed write) with work left: Resume carries on. */
  private paused = false;
  private readonly log: NonNullable<BulkQueueDeps['log']>;
  private readonly host: AttemptHost;

  private constructor(private readonly deps: BulkQueueDeps) {
    this.log = deps.log ?? (() => undefined);
    this.table = new ItemTable(() => line.queue(this.running, this.concurrency));
    this.duplicates = new Duplicates(this.table, { libraryTitles: deps.libraryTitles, uploaded: deps.uploaded, log: this.log });
    this.enrichment = new Enrichment(deps, {
      current: (id) => this.table.get(id),
      closed: () => this.closed,
      factsRead: (item, path, event) => {
        // The file may have been replaced or the item removed meanwhile.
        if (this.table.get(item.id) !== item || item.file.path !== path || item.state === 'done') return;
        this.apply(item, event);
        this.applyAll(this.duplicates.byContent(item));
        this.table.touch(item);
        this.commit('soon');
      },
      captionChanged: (item) => {
        this.table.touch(item);
        this.commit('soon', false);
      },
    });
    this.store = new QueueStore(deps.folder, { changes: () => this.table.changes(), everything: () => this.table.everything() }, deps.storeDebounceMs ?? 1000);
    this.throttle = new Throttle(deps.eventIntervalMs ?? 100, () => this.emitNow());
    const random = deps.random ?? Math.random;
    this.host = this.attemptHost(random, deps.maxFailures ?? 6);
    this.connection = new Connection({
      probe: () => deps.probe(),
      random,
      closed: () => this.closed,
      changed: () => this.throttle.request(),
      back: () => {
        for (const item of this.table.ordered()) if (this.apply(item, { type: 'serverBack' })) this.table.touch(item);
        this.commit('none');
      },
    });
  }

  /** Opens the queue: restores the queue file of `deps.folder` (see ItemTable.restore) and carries on if it was running. */
  static async open(deps: BulkQueueDeps): Promise<{ queue: BulkQueue; problem: string | null }> {
    const queue = new BulkQueue(deps);
    const problem = await queue.restore();
    return { queue, problem };
  }

  private async restore(): Promise<string | null> {
    const loaded = await this.store.load();
    if (!loaded.queue) return loaded.problem;
    this.concurrency = loaded.queue.concurrency;
    const probes = await this.table.restore(loaded.queue);
    // Captions of items uploaded before a crash or quit: imported now (replacing, so never twice).
    for (const item of this.table.ordered()) if (item.state === 'done') void this.enrichment.importCaptionsOf(item);
    this.running = loaded.queue.running;
    if (this.hasWork()) this.hadWork = true;
    this.enrichment.probe(probes);
    this.commit('none');
    return loaded.problem;
  }

  /** The one commit step every operation ends with: the view hears (one throttled event), the store writes (`now` or `soon`), the scheduler looks again. */
  private commit(save: Save, pump = true): void {
    this.throttle.request();
    if (save === 'now') void this.flushOrPause();
    else if (save === 'soon') this.store.markDirty();
    if (pump) this.pump();
  }

  /** Every change of an item's lifecycle goes through here: the rules decide, the item object (which attempts and probes hold) takes the answer. */
  private apply(item: BulkItem, event: LifecycleEvent): boolean {
    const next = transition(item, event, Date.now());
    if (next === item) return false;
    Object.assign(item, next);
    return true;
  }

  /** Applies the events of a part (duplicates) as they come; returns the items they changed, marked. */
  private applyAll(events: Iterable<ItemEvent>): BulkItem[] {
    const changed: BulkItem[] = [];
    for (const { item, event } of events) if (this.apply(item, event)) changed.push(item);
    this.table.touchMany(changed);
    return changed;
  }

  /** Queues files (the open dialog, a folder scan, a drop) as they come (intake.ts); titles taken are held until accepted or renamed. */
  async add(files: AddedFiles): Promise<AddResult> {
    const result: AddResult = { added: [], alreadyQueued: [], unreadable: [], libraryCheck: 'skipped' };
    // Nothing of the add starts before its titles are checked (after its last slice).
    this.checkingTitles += 1;
    let fresh: BulkItem[];
    try {
      fresh = await intake({ table: this.table, duplicates: this.duplicates, shown: () => this.commit('none', false), apply: (events) => this.applyAll(events) }, files, result);
    } finally {
      this.checkingTitles -= 1;
    }
    // Written within a second (10,000 at once would hold up the first rows); an attempt writes its item before it sends.
    this.enrichment.probe(fresh.map((item) => item.id));
    this.commit(fresh.length > 0 ? 'soon' : 'none');
    return result;
  }

  /** Queues the media files inside a folder, recursively (the folder dialog, a dropped folder), as the scan finds them. */
  async addFolder(folder: string, limit = FOLDER_LIMIT): Promise<AddResult> {
    const scan = scanFolderInBatches(folder, limit);
    const result = await this.add(asFiles(scan.batches));
    return scan.truncated ? { ...result, truncated: true } : result;
  }

  /** The person keeps these items although their titles are taken: they may start (a queue that ran out of work runs again for them). */
  acceptDuplicates(ids: readonly string[]): void {
    this.releaseHeld(ids, { type: 'duplicateKept' });
  }

  /** The person sends files the media library found not playable all the same (they were held). */
  sendAnyway(ids: readonly string[]): void {
    this.releaseHeld(ids, { type: 'sendAnyway' });
  }

  private releaseHeld(ids: readonly string[], event: LifecycleEvent): void {
    const changed = this.table.pick(ids).filter((item) => this.apply(item, event));
    for (const item of changed) this.table.touch(item);
    if (changed.length > 0) this.carryOn();
    this.commit('now');
  }

  /** Runs again after new work appeared in a queue that had stopped only because its work was done. */
  private carryOn(): void {
    if (this.running || !this.finishedByItself || !this.hasWork()) return;
    if (this.heldForOwner()) return;
    this.running = true;
    this.hadWork = true;
    this.finishedByItself = false;
  }

  /** Chooses the file of an item again (after changed-or-missing): new identity, waiting again. */
  async replaceFile(id: string, file: AddedFile): Promise<Result<null>> {
    const item = this.table.get(id);
    if (!item) return invalid(BULK_TEXT.unknownItem);
    if (item.state === 'uploading' || item.state === 'done') return invalid(BULK_TEXT.notEditable);
    const identity = await identityOrError(file.path);
    if (identity instanceof Error) return invalid(identity.message);
    const other = this.table.idOfFile(identity);
    if (other && other !== id) return invalid(BULK_TEXT.alreadyQueued);
    const before = item.file;
    this.apply(item, { type: 'fileReplaced', file: identity, grantId: file.grantId ?? null });
    this.table.refile(item, before);
    this.table.touch(item);
    this.commit('none', false);
    await this.flushOrPause();
    this.enrichment.probe([id]);
    this.commit('none');
    return { ok: true, data: null };
  }

  /** Sets (or clears) the thumbnail of the items. */
  async setThumbnail(ids: readonly string[] | 'all', file: AddedFile | null): Promise<Result<null>> {
    const identity = file ? await identityOrError(file.path) : null;
    if (identity instanceof Error) return invalid(identity.message);
    for (const item of this.table.pick(ids)) {
      if (isLocked(item)) continue;
      this.apply(item, { type: 'thumbnailSet', thumbnail: identity });
      this.table.touch(item);
    }
    this.commit('soon', false);
    return { ok: true, data: null };
  }

  /** Changes fields of the items (a cell, the defaults panel); items uploading or done are left as they are, counted in `skipped`. */
  edit(ids: readonly string[] | 'all', input: BulkMetaPatch): Result<{ changed: number; skipped: number }> {
    const parsed = v.safeParse(BulkMetaPatchSchema, input);
    if (!parsed.success) return invalid(parsed.issues[0].message);
    const { title, ...patch } = parsed.output;
    const picked = this.table.pick(ids);
    const editable = picked.filter((item) => !isLocked(item));
    const { retitled, stateChanged } = this.table.edit(editable, patch, title, (item, meta) => this.apply(item, { type: 'edited', meta }));
    if (stateChanged) this.commit('now', false);
    // A new title clears a title duplicate and may find another; the same content stays the same content.
    if (retitled.length > 0) for (const { item, event } of this.duplicates.retitled(retitled)) this.apply(item, event);
    this.commit('soon');
    return { ok: true, data: { changed: editable.length, skipped: picked.length - editable.length } };
  }

  /** Removes items; uploads are aborted first (a record one may still have made is not followed up: the person asked for it to go). */
  remove(ids: readonly string[] | 'all' | 'finished'): number {
    const targets = ids === 'finished' ? this.table.pick('all').filter((i) => i.state === 'done' || i.state === 'cancelled') : this.table.pick(ids);
    for (const item of targets) {
      this.attempts.drop(item.id);
      this.forced.delete(item.id);
    }
    this.table.remove(targets);
    for (const item of targets) this.applyAll(this.duplicates.copiesOf(item, true));
    this.commit('now');
    return targets.length;
  }

  /** Starts (or resumes) the whole queue. */
  start(): void {
    if (this.heldForOwner()) return;
    this.running = true;
    this.paused = false;
    this.finishedByItself = false;
    this.notice = null;
    this.hadWork = this.hadWork || this.hasWork();
    this.enrichment.retryWaitingCaptions();
    this.commit('now');
  }

  /** Pauses the whole queue: nothing new starts; the uploads in flight finish, or with `now` are cut and wait again (sent again from the start). */
  pause(now = false): void {
    this.halt(now);
    this.commit('now', false);
  }

  private halt(cut = true): void {
    [this.running, this.paused, this.finishedByItself] = [false, true, false];
    this.forced.clear();
    if (cut) for (const attempt of this.attempts.all()) attempt.abort('pause-queue', true);
    this.throttle.request();
  }

  /** Pauses items: an upload in flight is aborted; the items wait until resumed. */
  pauseItems(ids: readonly string[]): void {
    this.stopItems(ids, 'pause-item', { type: 'paused' });
    this.commit('now', false);
  }

  /** Cancels items: an upload in flight is aborted; the items stay in the list as cancelled. */
  cancelItems(ids: readonly string[]): void {
    this.stopItems(ids, 'cancel', { type: 'cancelled' });
    this.commit('now');
  }

  /** Items stop: an upload in flight is aborted (its attempt settles them), the others take `event` at once. */
  private stopItems(ids: readonly string[], reason: 'pause-item' | 'cancel', event: LifecycleEvent): void {
    for (const item of this.table.pick(ids)) {
      this.forced.delete(item.id);
      const attempt = this.attempts.get(item.id);
      if (attempt) attempt.abort(reason);
      else if (this.apply(item, event)) {
        this.table.touch(item);
        if (item.state === 'cancelled') this.applyAll(this.duplicates.copiesOf(item));
      }
    }
  }

  /** Resumes items: paused, failed or cancelled items wait again (retries counted anew); with `now` they start even while the queue is paused. */
  resumeItems(ids: readonly string[], now = false): void {
    for (const item of this.table.pick(ids)) {
      if (!this.apply(item, { type: 'resumed' })) continue;
      if (now && item.state === 'waiting') this.forced.add(item.id);
      this.table.touch(item);
    }
    this.hadWork = this.hadWork || this.hasWork();
    this.commit('now');
  }

  /** Retries items (failed, cancelled, paused): they go now, even while the queue is stopped. */
  retryItems = (ids: readonly string[]): void => this.resumeItems(ids, true);

  /** Uploads at once, 1 to 6. Lowering it lets the uploads in flight finish; no new one starts until below. */
  setConcurrency(n: number): void {
    if (!Number.isInteger(n) || n < BULK_CONCURRENCY.min || n > BULK_CONCURRENCY.max) {
      throw new RangeError(`Concurrency is ${BULK_CONCURRENCY.min} to ${BULK_CONCURRENCY.max}.`);
    }
    this.concurrency = n;
    this.commit('soon');
  }

  private hasWork(): boolean {
    return this.table.some(isWork);
  }

  /** Starts what may start (the rules are `schedule` in lifecycle.ts); reconciles first when an earlier attempt may have reached the server. */
  private pump(): void {
    const wantsToRun = this.running || this.forced.size > 0;
    const now = Date.now();
    const { running, concurrency, reconciling, closed } = this;
    const refused = wantsToRun && (this.deps.refusal?.() ?? null) !== null;
    const next = schedule({ items: this.table.ordered(), active: this.attempts.ids(), forced: this.forced, running, concurrency, offline: this.connection.offline, reconciling, checkingTitles: this.checkingTitles > 0, closed, refused, now });
    if (next.kind === 'refuse') this.heldForOwner();
    else if (next.kind === 'idle') this.checkFinished();
    else if (next.kind === 'reconcile') void this.reconcile(this.table.pick(next.ids));
    else if (next.kind === 'start') {
      for (const item of this.table.pick(next.ids)) {
        this.hadWork = true;
        this.attempts.start(item, this.host);
      }
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
    if (!isFinished({ items: this.table.ordered(), active: this.attempts.ids(), reconciling: this.reconciling, hadWork: this.hadWork })) return;
    this.hadWork = false;
    this.paused = false;
    this.finishedByItself = this.running || this.forced.size > 0;
    this.running = false;
    this.forced.clear();
    this.finishedPending = true;
    this.commit('now', false);
  }

  /** Asks the server what became of attempts that may have reached it (attempt.ts), then carries on. */
  private async reconcile(items: BulkItem[]): Promise<void> {
    this.reconciling = true;
    const settled = await reconcileAttempts(this.host, this.deps.reconcile, items, () => (this.reconciling = false));
    if (settled) this.pump();
  }

  /** Writes the queue now; when that fails, the queue pauses (nothing is sent that is not recorded). */
  private async flushOrPause(): Promise<boolean> {
    try {
      await this.store.flush();
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log('bulk: cannot write the queue file', { error: message });
      this.notice = `The upload queue cannot be saved (${message}); it is paused.`;
      // Not pause(): its own write would fail again and again.
      this.halt();
      return false;
    }
  }

  /** True when the queue belongs to another server or account: it stops (if it ran) and says so. */
  private heldForOwner(): boolean {
    const refusal = this.deps.refusal?.() ?? null;
    if (refusal === null) return false;
    if (this.running || this.forced.size > 0 || this.attempts.size > 0) this.pause(true);
    this.notice = refusal;
    this.throttle.request();
    return true;
  }

  private stopSignedOut(): void {
    this.notice = BULK_TEXT.signedOut;
    this.pause(true);
  }

  /** An item has its record: its captions and content remembered, the copies waiting for it name the record. */
  private settled(item: BulkItem): void {
    this.enrichment.uploaded(item);
    this.applyAll(this.duplicates.copiesOf(item));
  }

  /** What an attempt needs of this queue (attempt.ts). */
  private attemptHost(random: () => number, maxFailures: number): AttemptHost {
    return {
      upload: this.deps.upload,
      maxFailures,
      random,
      isCurrent: (attempt) => this.attempts.isCurrent(attempt),
      release: (attempt) => this.attempts.release(attempt),
      holds: (item) => this.table.has(item.id),
      apply: (item, event) => this.apply(item, event),
      touch: (item) => this.table.touch(item),
      commit: (save, pump) => this.commit(save, pump),
      flushOrPause: () => this.flushOrPause(),
      progressed: (item, delta) => {
        this.attempts.progressed(delta);
        this.table.notify(item);
        this.throttle.request();
      },
      uploaded: (item) => {
        this.forced.delete(item.id);
        this.settled(item);
      },
      cancelled: (item) => void this.applyAll(this.duplicates.copiesOf(item)),
      serverAnswers: () => this.connection.serverAnswers(),
      signedOut: () => this.stopSignedOut(),
      goOffline: () => this.connection.goOffline(),
      closed: () => this.closed,
      reconciled: (item) => this.settled(item),
      log: this.log,
    };
  }

  private view = (item: BulkItem): BulkItemView => itemView(item, this.attempts.rateOf(item.id));

  /** A window of the queue for the grid (views.ts). */
  list(query: WindowQuery = {}): QueueWindow {
    return windowOf(this.table, query, (item) => this.view(item));
  }

  /** The ids a selection names: its own ids, or every item of a view but those it leaves out. */
  select = (selection: BulkSelection): string[] => (Array.isArray(selection) ? selection : selectedIds(this.table.pick('all'), selection));

  /** The items' views (ids not in the queue are left out). */
  get = (ids: readonly string[]): BulkItemView[] => this.table.pick(ids).map((i) => this.view(i));

  status(): BulkQueueStatus {
    // Uploads finishing after a Pause keep the queue active (the system awake, a question before quitting).
    const active = this.hasWork() && (this.running || this.forced.size > 0 || this.attempts.size > 0);
    const finishing = this.running ? null : finishingOf(this.attempts.all().flatMap((a) => (this.forced.has(a.item.id) || !this.table.has(a.item.id) ? [] : [a.item])));
    const status: BulkQueueStatus = { running: this.running, paused: !this.running && this.paused, offline: this.connection.offline, concurrency: this.concurrency, active, notice: this.notice, foreign: (this.deps.refusal?.() ?? null) !== null };
    return finishing ? { ...status, finishing } : status;
  }

  overall = (): BulkOverall => overallOf(this.table.ordered(), this.attempts.rate());

  /** 0 to 1 for the taskbar or dock (`setProgressBar`), or -1 when nothing runs (removes the bar). */
  taskbarProgress = (): number => taskbarOf(this.status().active, this.overall());

  summary = (): BulkSummary => bulkSummary(this.table.pick('all').map((i) => this.view(i)));
  summaryCsv = (): string => bulkSummaryCsv(this.summary());

  private emitNow(): void {
    const changed = this.table.takeChanged();
    const progress = progressOf(this.attempts.all().flatMap((a) => (this.table.has(a.item.id) ? [this.view(a.item)] : [])));
    const finished = this.finishedPending;
    this.finishedPending = false;
    this.deps.emit({ status: this.status(), overall: this.overall(), progress, changed, finished });
  }

  /** The items as they would be stored if serialised now (tests compare it with the file). */
  storedItems = (): StoredItem[] => this.table.stored();

  /** Duration and size of the last queue file write, and how many writes so far (bench, diagnostics). */
  storeStats = (): { lastWriteMs: number; lastWriteBytes: number; writes: number; path: string } => ({ lastWriteMs: this.store.lastWriteMs, lastWriteBytes: this.store.lastWriteBytes, writes: this.store.writes, path: this.store.path });

  /** Writes the queue now (tests, quitting). */
  flush = (): Promise<void> => this.store.flush();

  /** Stops: aborts uploads in flight (they wait again, reconciled on the next start if their body went out whole), writes the queue file, stops every timer. */
  async close(): Promise<void> {
    const wasRunning = this.running;
    for (const attempt of this.attempts.all()) {
      attempt.abort('close');
      if (this.table.has(attempt.item.id) && this.apply(attempt.item, { type: 'closed' })) this.table.markDirty(attempt.item);
    }
    this.attempts.clear();
    this.closed = true;
    this.running = wasRunning; // the next start carries on
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.connection.dispose();
    this.throttle.dispose();
    await this.store.flush();
    await this.store.close();
  }
}

const invalid = (message: string): Result<never> => ({ ok: false, error: { kind: 'validation', message } });
