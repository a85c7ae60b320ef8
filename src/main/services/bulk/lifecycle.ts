import { BULK_TEXT, bulkIssues, defaultMeta, type BulkDuplicate, type BulkMeta } from '../../../shared/schemas/bulk';
import type { FileType } from '../../../shared/schemas/library';
import type { MediaFacts, MediaVerdict } from '../../../shared/schemas/media';
import { backoffDelay, RETRY_BACKOFF } from './backoff';
import type { FileIdentity } from './identity';
import { fileTypeOfName } from './sniff';
import type { StoredItem } from './store';

/**
 * The rules of a queue item's life, as pure functions: `transition(item, event, now)` gives the item
 * after an event, and `schedule(queue)` says what the queue does next. `BulkQueue` runs the effects
 * (store, upload, reconcile, timers, events) and applies these answers; the table in lifecycle.test.ts
 * has one row per rule of the bulk sections of docs/ARCHITECTURE.md.
 */

/** An item of the queue, as main keeps it. `issues` is recomputed on load; everything else is stored. */
export interface BulkItem extends StoredItem {
  issues: Record<string, string>;
}

/** Why an upload was aborted: decides the item's state afterwards. */
export type AbortReason = 'pause-queue' | 'pause-item' | 'cancel' | 'close';

/** An upload's error, as the upload function answers it. */
export interface UploadError {
  kind: string;
  status?: number;
  message: string;
}

export type LifecycleEvent =
  /** Read back from the queue file at start; `fileSame` false when its file changed or went. */
  | { type: 'restored'; fileSame: boolean }
  /** Background facts: type from content, duration, hash, sidecar captions. */
  | { type: 'factsRead'; fileType: FileType; facts: MediaFacts | null; verdict: MediaVerdict | null; hash: string | null; captions: BulkItem['captions'] }
  /** The person sends a file that is not playable all the same. */
  | { type: 'sendAnyway' }
  | { type: 'duplicateFound'; duplicate: BulkDuplicate }
  /** The user keeps the item although its title or content is taken; or a new title cleared a title duplicate. */
  | { type: 'duplicateKept' }
  | { type: 'edited'; meta: BulkMeta }
  | { type: 'thumbnailSet'; thumbnail: FileIdentity | null }
  | { type: 'fileReplaced'; file: FileIdentity; grantId: string | null }
  /** The item's file (or its thumbnail) is no longer the one queued. */
  | { type: 'fileMissing' }
  | { type: 'thumbnailMissing' }
  /** The scheduler picked it. */
  | { type: 'start' }
  /** The attempt is written down before a byte goes out (what it sends and when). */
  | { type: 'attemptRecorded'; title: string }
  | { type: 'progress'; sent: number }
  | { type: 'uploaded'; recordId: string | null }
  /** The upload stopped before an answer; `sentWhole` when the body had gone out whole. */
  | { type: 'aborted'; reason: AbortReason; sentWhole: boolean }
  /**
   * The upload failed. `fileSame` is asked only for a validation error, `serverAnswers` only for a
   * network error (see `failureNeeds`); `jitter` is [0, 1) for the retry's backoff.
   */
  | { type: 'failed'; error: UploadError; sentWhole: boolean; fileSame: boolean; serverAnswers: boolean; maxFailures: number; jitter: number }
  | { type: 'paused' }
  | { type: 'resumed' }
  | { type: 'cancelled' }
  /** The server answered which earlier attempt made a record (null: none did). */
  | { type: 'reconciled'; recordId: string | null }
  /** The server answers again after the queue was offline. */
  | { type: 'serverBack' }
  /** The app quits while the item uploads. */
  | { type: 'closed' };

const OPEN_STATES: readonly BulkItem['state'][] = ['paused', 'failed', 'cancelled', 'waiting', 'invalid'];

/** A file just queued: its identity, a title from its name and the Add File defaults; checked. */
export function queued(added: { id: string; key: string; file: FileIdentity; grantId: string | null; title?: string }, now: number): BulkItem {
  const { title, ...item } = added;
  return validated({
    ...item,
    thumbnail: null,
    fileType: fileTypeOfName(added.file.name),
    duration: 0,
    probe: 'pending',
    facts: null,
    verdict: null,
    sendAnyway: false,
    hash: null,
    captions: [],
    // The title from the file's name, unless the one who queued it chose one (a folder import).
    meta: title ? { ...defaultMeta(added.file.name), title } : defaultMeta(added.file.name),
    state: 'waiting',
    issues: {},
    duplicate: null,
    attempts: 0,
    failures: 0,
    lastError: null,
    sent: 0,
    recordId: null,
    inFlight: null,
    retryAt: null,
    addedAt: now,
    finishedAt: null,
  });
}

/** The checks again; a waiting or invalid item becomes one or the other. */
export function validated(item: BulkItem): BulkItem {
  const issues = bulkIssues(item.meta, item) as Record<string, string>;
  const state = item.state === 'waiting' || item.state === 'invalid' ? (Object.keys(issues).length ? 'invalid' : 'waiting') : item.state;
  return { ...item, issues, state };
}

/** Uploading or done: the item's fields, thumbnail and file can no longer change. */
export const isLocked = (item: Pick<BulkItem, 'state'>): boolean => item.state === 'uploading' || item.state === 'done';

const missing = (item: BulkItem): BulkItem => ({ ...item, state: 'changed-or-missing', lastError: BULK_TEXT.changedOrMissing, retryAt: null });

/** What a failure needs to know before `transition` can settle it. */
export function failureNeeds(error: UploadError): 'fileSame' | 'serverAnswers' | null {
  if (error.kind === 'validation') return 'fileSame';
  if (error.kind === 'network') return 'serverAnswers';
  return null;
}

/** A 429, 408, 5xx or a lost connection is worth another attempt; any other 4xx is the server's refusal. */
export function isRetryable(error: UploadError): boolean {
  const status = error.status ?? 0;
  return error.kind === 'network' || (error.kind === 'http' && (status === 429 || status === 408 || status >= 500));
}

function failed(item: BulkItem, event: Extract<LifecycleEvent, { type: 'failed' }>, now: number): BulkItem {
  const { error, sentWhole } = event;
  const status = error.status ?? 0;
  const base: BulkItem = { ...item, sent: 0, lastError: error.message };
  if (error.kind === 'auth') return { ...base, inFlight: null, state: 'waiting' }; // 401: refused before anything was stored
  if (!isRetryable(error)) {
    // A 4xx is the server's refusal: nothing stored. A parse error (a 2xx we cannot read) may have stored:
    // keep inFlight so a retry asks first.
    const settled: BulkItem = { ...base, inFlight: error.kind === 'parse' ? base.inFlight : null, finishedAt: now };
    return error.kind === 'validation' && !event.fileSame ? missing(settled) : { ...settled, state: 'failed' };
  }
  // A 429 or 408 says the request was not processed; a 5xx or a lost connection may have stored it.
  const asked: BulkItem = status === 429 || status === 408 || !sentWhole ? { ...base, inFlight: null } : base;
  // The network is gone: not the item's fault, no failure counted; the queue waits for the server.
  if (error.kind === 'network' && !event.serverAnswers) return { ...asked, state: 'waiting', lastError: BULK_TEXT.serverUnreachable };
  const failures = asked.failures + 1;
  if (failures >= event.maxFailures) {
    return { ...asked, failures, state: 'failed', lastError: BULK_TEXT.retriesUsed(failures, error.message), finishedAt: now };
  }
  return { ...asked, failures, state: 'waiting', retryAt: now + backoffDelay(failures, () => event.jitter, RETRY_BACKOFF) };
}

/** The item after `event` at time `now` (ms). Returns the same object when the event changes nothing. */
export function transition(item: BulkItem, event: LifecycleEvent, now: number): BulkItem {
  switch (event.type) {
    case 'restored': {
      const state = item.state === 'uploading' ? 'waiting' : item.state;
      const restored = validated({ ...item, state, sent: state === 'done' ? item.file.size : 0 });
      return event.fileSame ? restored : missing(restored);
    }
    case 'factsRead': {
      if (item.state === 'done') return item;
      const seconds = event.facts?.durationSeconds ?? null;
      // The duration decides some checks: checked again.
      return validated({
        ...item,
        hash: event.hash,
        captions: event.captions,
        fileType: event.fileType,
        facts: event.facts,
        verdict: event.verdict,
        duration: seconds === null ? 0 : Math.max(1, Math.round(seconds)),
        probe: seconds === null ? 'none' : 'ok',
      });
    }
    case 'sendAnyway':
      return isHeld(item) ? { ...item, sendAnyway: true } : item;
    case 'duplicateFound':
      return item.state === 'done' ? item : { ...item, duplicate: event.duplicate };
    case 'duplicateKept':
      return item.duplicate ? { ...item, duplicate: null } : item;
    case 'edited':
      return isLocked(item) ? item : validated({ ...item, meta: event.meta });
    case 'thumbnailSet':
      return isLocked(item) ? item : { ...item, thumbnail: event.thumbnail };
    case 'fileReplaced':
      if (isLocked(item)) return item;
      return validated({
        ...item,
        file: event.file,
        grantId: event.grantId,
        fileType: fileTypeOfName(event.file.name),
        duration: 0,
        probe: 'pending',
        facts: null,
        verdict: null,
        sendAnyway: false,
        hash: null,
        // A title duplicate stays (same title); a content duplicate was of the old file.
        duplicate: item.duplicate?.reason === 'title' ? item.duplicate : null,
        state: 'waiting',
        lastError: null,
        failures: 0,
        retryAt: null,
        sent: 0,
      });
    case 'fileMissing':
      return missing(item);
    case 'thumbnailMissing':
      return { ...item, state: 'failed', lastError: BULK_TEXT.thumbnailChanged };
    case 'start':
      return { ...item, state: 'uploading', retryAt: null, sent: 0 };
    case 'attemptRecorded':
      return {
        ...item,
        attempts: item.attempts + 1,
        inFlight: { startedAt: now, title: event.title, name: item.file.name, size: item.file.size },
      };
    case 'progress':
      return { ...item, sent: event.sent };
    case 'uploaded':
      return {
        ...item,
        state: 'done',
        recordId: event.recordId,
        inFlight: null,
        failures: 0,
        sent: item.file.size,
        lastError: null,
        finishedAt: now,
      };
    case 'aborted': {
      // The body was not sent whole: the server cannot have made a record of it.
      const base: BulkItem = { ...item, sent: 0, inFlight: event.sentWhole ? item.inFlight : null };
      if (event.reason === 'cancel') return validated({ ...base, state: 'cancelled', finishedAt: now });
      return validated({ ...base, state: event.reason === 'pause-item' ? 'paused' : 'waiting' });
    }
    case 'failed':
      return failed(item, event, now);
    case 'paused':
      return item.state === 'waiting' || item.state === 'invalid' ? { ...item, state: 'paused', retryAt: null } : item;
    case 'resumed':
      if (!OPEN_STATES.includes(item.state)) return item;
      return validated({
        ...item,
        lastError: item.state === 'waiting' ? item.lastError : null,
        state: 'waiting',
        failures: 0,
        retryAt: null,
      });
    case 'cancelled':
      return item.state === 'done' || item.state === 'cancelled' ? item : { ...item, state: 'cancelled', retryAt: null, finishedAt: now };
    case 'reconciled':
      if (!event.recordId) return { ...item, inFlight: null };
      return {
        ...item,
        lastError: item.state === 'cancelled' ? BULK_TEXT.cancelledTooLate : null,
        state: 'done',
        recordId: event.recordId,
        sent: item.file.size,
        finishedAt: now,
        retryAt: null,
        inFlight: null,
      };
    case 'serverBack':
      return item.lastError === BULK_TEXT.serverUnreachable ? { ...item, lastError: null } : item;
    case 'closed':
      return validated({ ...item, inFlight: item.inFlight && item.sent < item.file.size ? null : item.inFlight, state: 'waiting' });
  }
}

// Scheduling

/** A file the media library found not playable, held until the person removes it or sends it anyway. */
export const isHeld = (item: Pick<BulkItem, 'verdict' | 'sendAnyway' | 'state'>): boolean =>
  item.verdict?.kind === 'unplayable' && !item.sendAnyway && item.state !== 'done' && item.state !== 'uploading';

/** Work the queue still has: an upload, or an item waiting that is not held (as a duplicate or as not playable). */
export const isWork = (item: Pick<BulkItem, 'state' | 'duplicate' | 'verdict' | 'sendAnyway'>): boolean =>
  item.state === 'uploading' || (item.state === 'waiting' && !item.duplicate && !isHeld(item));

/** What the person must look at: invalid, failed, changed-or-missing, or held (a duplicate, or not playable). */
export const needsAttention = (item: Pick<BulkItem, 'state' | 'duplicate' | 'verdict' | 'sendAnyway'>): boolean =>
  item.state === 'invalid' || item.state === 'failed' || item.state === 'changed-or-missing' || (item.state === 'waiting' && (!!item.duplicate || isHeld(item)));

/** The queue as the scheduler sees it. */
export interface QueueView {
  /** In queue order; iterated only as far as the answer needs (a paused queue of 10,000 is not walked). */
  items: Iterable<BulkItem>;
  /** Ids with an upload in flight. */
  active: ReadonlySet<string>;
  /** Ids the person started one by one: they run while the queue is paused. */
  forced: ReadonlySet<string>;
  running: boolean;
  concurrency: number;
  offline: boolean;
  reconciling: boolean;
  /** The library's titles are being fetched for new items (the duplicate check). */
  checkingTitles: boolean;
  closed: boolean;
  /** The queue belongs to another server or account (see owner.ts). */
  refused: boolean;
  now: number;
}

export type Schedule =
  /** Nothing to do now (closed, offline, reconciling or checking titles). */
  | { kind: 'wait' }
  /** It would run, but for someone else: the queue stops and says for whom it was prepared. */
  | { kind: 'refuse' }
  /** Nothing may run (paused): only see whether the work is finished. */
  | { kind: 'idle' }
  /** Ask the server about these earlier attempts before anything is sent. */
  | { kind: 'reconcile'; ids: string[] }
  /** Start these, in this order; wake at `wakeAt` (null: no timer) for a backoff that ends. */
  | { kind: 'start'; ids: string[]; wakeAt: number | null };

/** May this item start now? */
export function eligible(item: BulkItem, queue: Pick<QueueView, 'active' | 'forced' | 'running' | 'now'>): boolean {
  return (
    item.state === 'waiting' &&
    !item.duplicate &&
    item.probe !== 'pending' &&
    !isHeld(item) &&
    item.inFlight === null &&
    !queue.active.has(item.id) &&
    (queue.running || queue.forced.has(item.id)) &&
    (item.retryAt === null || item.retryAt <= queue.now)
  );
}

/** Which items start next, or what must happen first. */
export function schedule(queue: QueueView): Schedule {
  if (queue.closed || queue.offline || queue.reconciling || queue.checkingTitles) return { kind: 'wait' };
  const wantsToRun = queue.running || queue.forced.size > 0;
  if (wantsToRun && queue.refused) return { kind: 'refuse' };
  if (!wantsToRun) return { kind: 'idle' };
  // Nothing twice: an attempt that may have reached the server is asked about before anything is sent.
  // Walked twice from here (an iterable may be walked only once).
  const items = Array.from(queue.items);
  const toReconcile: string[] = [];
  for (const i of items) if (i.inFlight !== null && i.state !== 'uploading' && i.state !== 'done' && !queue.active.has(i.id)) toReconcile.push(i.id);
  if (toReconcile.length > 0) return { kind: 'reconcile', ids: toReconcile };
  const ids: string[] = [];
  let slots = queue.concurrency - queue.active.size;
  let wake = Infinity;
  for (const item of items) {
    if (slots <= 0) break;
    if (eligible(item, queue)) {
      ids.push(item.id);
      slots -= 1;
    } else if (item.state === 'waiting' && item.retryAt !== null && item.retryAt > queue.now && !item.duplicate) wake = Math.min(wake, item.retryAt);
  }
  return { kind: 'start', ids, wakeAt: wake < Infinity && slots > 0 ? wake : null };
}

/** True once the queue has run out of work it may do (it had some, nothing is uploading or being asked). */
export function isFinished(queue: Pick<QueueView, 'items' | 'active' | 'reconciling'> & { hadWork: boolean }): boolean {
  if (!queue.hadWork || queue.active.size > 0 || queue.reconciling) return false;
  for (const item of queue.items) if (isWork(item)) return false;
  return true;
}
