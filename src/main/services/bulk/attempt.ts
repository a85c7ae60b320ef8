import type { Result } from '../../../shared/result';
import type { ReconcileQuery, Reconciler } from './reconcile';
import { checkIdentity } from './identity';
import { failureNeeds, isRetryable, type AbortReason, type BulkItem, type LifecycleEvent, type UploadError } from './lifecycle';
import { RateMeter } from './progress';

/**
 * Sends one item: POST /library/media with the item's metadata and its file streamed from disk (main's
 * upload through the door). The signal fires on pause and cancel; `onProgress(sent, total)` as bytes go
 * out; both travel with the call. `id` is the created record's id where the server returns it.
 */
export type BulkUploadFn = (
  item: Readonly<BulkItem>,
  signal: AbortSignal,
  onProgress: (sent: number, total: number) => void,
) => Promise<Result<{ id?: string | null }>>;

/** How a change is saved at the queue's commit step: written at once (a state change), within a second, or not. */
export type Save = 'now' | 'soon' | 'none';

/** What an attempt needs of the queue that runs it. */
export interface AttemptHost {
  upload: BulkUploadFn;
  maxFailures: number;
  random(): number;
  /** Whether this attempt is still the item's (not removed, closed or replaced meanwhile). */
  isCurrent(attempt: Attempt): boolean;
  /** The attempt is over: it no longer holds a place. */
  release(attempt: Attempt): void;
  /** Whether the item is still in the queue. */
  holds(item: BulkItem): boolean;
  apply(item: BulkItem, event: LifecycleEvent): boolean;
  /** The item changed (marked for the view and the store). */
  touch(item: BulkItem): void;
  /** The queue's one commit step: the view told, the store written as `save` says, the scheduler asked again when `pump`. */
  commit(save: Save, pump: boolean): void;
  /** Writes the queue now; false (and the queue paused) when it cannot. */
  flushOrPause(): Promise<boolean>;
  /** Bytes of the item went out (`delta` more than before). */
  progressed(item: BulkItem, delta: number): void;
  /** The item was uploaded (or reconciled to a record). */
  uploaded(item: BulkItem): void;
  /** The item was cancelled: the copies waiting for it pass the turn on. */
  cancelled(item: BulkItem): void;
  serverAnswers(): Promise<boolean>;
  signedOut(): void;
  goOffline(): void;
  closed(): boolean;
  /** A reconciled item has its record. */
  reconciled(item: BulkItem): void;
  log(message: string, details?: Record<string, unknown>): void;
}

/**
 * One attempt of one item: the file checked, the attempt recorded before a byte goes out, the upload
 * with its own signal and progress, then the answer settled by the rules (lifecycle.ts). The queue
 * aborts it (`abort`) on pause, cancel and close.
 */
export class Attempt {
  private readonly controller = new AbortController();
  /** Why it was aborted (null: it was not). */
  reason: AbortReason | null = null;
  private readonly meter = new RateMeter(3000);
  private sending = false;

  constructor(
    readonly item: BulkItem,
    private readonly host: AttemptHost,
  ) {}

  /** Aborts the upload; the first reason given stands when `keep` is set (a pause of the queue does not undo an item's cancel). */
  abort(reason: AbortReason, keep = false): void {
    if (!keep || this.reason === null) this.reason = reason;
    this.controller.abort();
  }

  /** The upload's bytes a second now (0 before it sends). */
  rate(now: number): number {
    return this.sending ? this.meter.rate(now) : 0;
  }

  async run(): Promise<void> {
    const { item, host } = this;
    host.apply(item, { type: 'start' });
    host.touch(item);
    host.commit('none', false);
    const identity = await checkIdentity(item.file);
    if (!host.isCurrent(this)) return; // removed or closed meanwhile
    const thumbnail = item.thumbnail ? await checkIdentity(item.thumbnail) : 'same';
    if (!host.isCurrent(this)) return;
    if (identity !== 'same' || thumbnail !== 'same') {
      host.release(this);
      host.apply(item, { type: identity !== 'same' ? 'fileMissing' : 'thumbnailMissing' });
      host.touch(item);
      host.commit('now', true);
      return;
    }
    // Record the attempt before a byte goes out: a crash from here on leads to reconciliation.
    host.apply(item, { type: 'attemptRecorded', title: item.meta.title.trim() });
    host.touch(item);
    host.commit('none', false);
    const saved = await host.flushOrPause();
    if (!host.isCurrent(this)) return;
    if (!saved || this.controller.signal.aborted) {
      // Nothing was sent.
      this.settleAborted(this.reason ?? 'pause-queue', false);
      return;
    }
    const { result, sentWhole } = await this.send();
    if (!host.isCurrent(this)) return; // removed meanwhile
    host.release(this);
    if (!host.holds(item)) return;
    if (result.ok) {
      host.apply(item, { type: 'uploaded', recordId: result.data.id ?? null });
      host.uploaded(item);
    } else if (this.controller.signal.aborted || result.error.kind === 'cancelled') {
      this.settleAborted(this.reason ?? 'pause-item', sentWhole);
      return;
    } else {
      await this.settleFailure(result.error, sentWhole);
    }
    host.touch(item);
    host.commit('now', true);
  }

  /** The upload itself; `sentWhole` when its body went out whole (the server may have made a record). */
  private async send(): Promise<{ result: Result<{ id?: string | null }>; sentWhole: boolean }> {
    const { item, host } = this;
    this.sending = true;
    let total = item.file.size;
    let result: Result<{ id?: string | null }>;
    try {
      result = await host.upload(item, this.controller.signal, (sent, size) => {
        if (!host.isCurrent(this)) return;
        total = size;
        const delta = sent - item.sent;
        host.apply(item, { type: 'progress', sent });
        this.meter.sample(Date.now(), sent);
        host.progressed(item, delta);
      });
    } catch (error) {
      result = { ok: false, error: { kind: 'network', message: error instanceof Error ? error.message : String(error) } };
    }
    this.sending = false;
    // The body was not sent whole: the server cannot have made a record of it.
    return { result, sentWhole: item.sent >= total && total > 0 };
  }

  private settleAborted(reason: AbortReason, sentWhole: boolean): void {
    const { item, host } = this;
    host.release(this);
    host.apply(item, { type: 'aborted', reason, sentWhole });
    host.touch(item);
    if (item.state === 'cancelled') host.cancelled(item);
    host.commit('now', true);
  }

  /** Settles a failed attempt by the rules (lifecycle.ts), after asking what they need to know. */
  private async settleFailure(error: UploadError, sentWhole: boolean): Promise<void> {
    const { item, host } = this;
    const needs = failureNeeds(error);
    const fileSame = needs === 'fileSame' ? (await checkIdentity(item.file)) === 'same' : true;
    const serverAnswers = needs === 'serverAnswers' ? await host.serverAnswers() : true;
    const retrying = isRetryable(error) && serverAnswers && item.failures + 1 < host.maxFailures;
    // The jitter is drawn only for a backoff that will be waited.
    const jitter = retrying ? host.random() : 0;
    host.apply(item, { type: 'failed', error, sentWhole, fileSame, serverAnswers, maxFailures: host.maxFailures, jitter });
    if (error.kind === 'auth') host.signedOut();
    else if (!serverAnswers) host.goOffline();
  }
}

/** The attempts in flight, by item, and the upload rate over them all. */
export class InFlight {
  private readonly attempts = new Map<string, Attempt>();
  private readonly meter = new RateMeter(5000);
  /** Bytes sent in all, for the overall rate. */
  private sent = 0;

  get size(): number {
    return this.attempts.size;
  }

  ids(): Set<string> {
    return new Set(this.attempts.keys());
  }

  get(id: string): Attempt | undefined {
    return this.attempts.get(id);
  }

  all(): Attempt[] {
    return [...this.attempts.values()];
  }

  /** A new attempt of the item, started. */
  start(item: BulkItem, host: AttemptHost): void {
    const attempt = new Attempt(item, host);
    this.attempts.set(item.id, attempt);
    void attempt.run();
  }

  isCurrent(attempt: Attempt): boolean {
    return this.attempts.get(attempt.item.id) === attempt;
  }

  release(attempt: Attempt): void {
    if (this.isCurrent(attempt)) this.attempts.delete(attempt.item.id);
  }

  /** The item's attempt, aborted and forgotten (the item was removed). */
  drop(id: string): void {
    this.attempts.get(id)?.abort('cancel', true);
    this.attempts.delete(id);
  }

  clear(): void {
    this.attempts.clear();
  }

  /** `delta` more bytes went out. */
  progressed(delta: number): void {
    if (delta > 0) this.sent += delta;
    this.meter.sample(Date.now(), this.sent);
  }

  /** The item's upload rate now (0 when it is not sending). */
  rateOf(id: string): number {
    return this.attempts.get(id)?.rate(Date.now()) ?? 0;
  }

  /** The overall upload rate now (0 when nothing is in flight). */
  rate(): number {
    return this.attempts.size > 0 ? this.meter.rate(Date.now()) : 0;
  }
}

/**
 * Attempts that may have reached the server (they still have `inFlight`: a crash, a lost answer after
 * the last byte, a 5xx) are asked about before they are sent again: a record found makes an item done.
 * `answered` runs once the server has answered or failed to. True when the queue may carry on (the
 * queue is written); false when it went offline or stopped.
 */
export async function reconcileAttempts(host: AttemptHost, reconcile: Reconciler, items: BulkItem[], answered: () => void): Promise<boolean> {
  const queries: ReconcileQuery[] = items.map((item) => ({ id: item.id, key: item.key, ...item.inFlight! }));
  let answer: Awaited<ReturnType<Reconciler>>;
  try {
    answer = await reconcile(queries);
  } catch (error) {
    answer = { ok: false, error: { kind: 'network', message: error instanceof Error ? error.message : String(error) } };
  }
  answered();
  if (host.closed()) return false;
  if (!answer.ok) {
    host.log('bulk: reconciliation failed', { error: answer.error.message, kind: answer.error.kind });
    if (answer.error.kind === 'auth') host.signedOut();
    else host.goOffline();
    return false;
  }
  for (const item of items) {
    if (!host.holds(item) || !answer.data.has(item.id)) continue;
    const recordId = answer.data.get(item.id) ?? null;
    host.apply(item, { type: 'reconciled', recordId });
    if (recordId) host.reconciled(item);
    host.touch(item);
  }
  // Items the answer left out keep `inFlight` and are asked about again; stop asking in a loop.
  if (items.some((i) => host.holds(i) && i.inFlight !== null)) {
    host.log('bulk: reconciliation left items unanswered');
    host.goOffline();
    return false;
  }
  host.commit('none', false);
  await host.flushOrPause();
  return true;
}
