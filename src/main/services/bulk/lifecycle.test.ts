import { describe, expect, it } from 'vitest';
import { BULK_TEXT, defaultMeta, type BulkDuplicate, type BulkMeta } from '../../../shared/schemas/bulk';
import { VALID_PATCH } from './testing';
import { isFinished, queued, schedule, transition, type BulkItem, type LifecycleEvent, type QueueView } from './lifecycle';

const NOW = 1_000_000;
const META = { ...defaultMeta('talk.mp4'), ...VALID_PATCH } as BulkMeta;
const SIZE = 4096;
const file = { path: '/media/talk.mp4', name: 'talk.mp4', device: 1, inode: 7, size: SIZE, mtimeMs: 5 };
const inFlight = { startedAt: NOW - 5000, title: 'talk', name: 'talk.mp4', size: SIZE };
const titleDuplicate: BulkDuplicate = { kind: 'library', title: 'talk', id: 'r1', reason: 'title' };
const contentDuplicate: BulkDuplicate = { kind: 'queue', title: 'talk', id: 'i0', reason: 'content' };

/** A valid waiting item; `over` changes what a row needs. */
function item(over: Partial<BulkItem> = {}): BulkItem {
  const fresh = queued({ id: 'i1', key: 'key-12345678', file, grantId: null }, NOW - 60_000);
  return { ...fresh, fileType: 'audio', duration: 60, probe: 'ok', meta: META, state: 'waiting', issues: {}, ...over };
}

const failure = (error: { kind: string; status?: number; message: string }, over: Partial<Extract<LifecycleEvent, { type: 'failed' }>> = {}): LifecycleEvent => ({
  type: 'failed',
  error,
  sentWhole: true,
  fileSame: true,
  serverAnswers: true,
  maxFailures: 6,
  jitter: 0.5,
  ...over,
});

type Row = [rule: string, before: Partial<BulkItem>, event: LifecycleEvent, after: Partial<BulkItem>];

/** One row per rule of the bulk sections of docs/ARCHITECTURE.md ("Bulk upload", "Media facts on the desktop", the queue's owner). */
const rules: Row[] = [
  // Store: restored at start
  ['on start, uploading becomes waiting (sent from 0)', { state: 'uploading', sent: 100, inFlight }, { type: 'restored', fileSame: true }, { state: 'waiting', sent: 0, inFlight }],
  ['on start, done stays done with all its bytes', { state: 'done', sent: 0, recordId: 'r9' }, { type: 'restored', fileSame: true }, { state: 'done', sent: SIZE }],
  ['on start, a file changed or gone is changed-or-missing', { state: 'waiting' }, { type: 'restored', fileSame: false }, { state: 'changed-or-missing', lastError: BULK_TEXT.changedOrMissing }],
  ['on start, an item with an empty title is invalid', { meta: { ...META, title: '' } }, { type: 'restored', fileSame: true }, { state: 'invalid' }],
  // Media facts on the desktop
  ['facts read: the duration rounds to whole seconds, at least 1', { probe: 'pending', duration: 0 }, { type: 'factsRead', fileType: 'video', facts: { durationSeconds: 0.2 } as never, verdict: null, hash: 'h', captions: [] }, { probe: 'ok', duration: 1, fileType: 'video', hash: 'h' }],
  ['facts read: no duration is probe none (the form allows it)', { probe: 'pending' }, { type: 'factsRead', fileType: 'other', facts: null, verdict: null, hash: null, captions: [] }, { probe: 'none', duration: 0, fileType: 'other' }],
  ['facts read late do not change a done item', { state: 'done', probe: 'pending' }, { type: 'factsRead', fileType: 'video', facts: null, verdict: null, hash: 'h', captions: [] }, { probe: 'pending', hash: null }],
  // Items: duplicates held until accepted or renamed
  ['a title the library has holds the item', {}, { type: 'duplicateFound', duplicate: titleDuplicate }, { duplicate: titleDuplicate, state: 'waiting' }],
  ['the same content earlier in the queue holds the item', {}, { type: 'duplicateFound', duplicate: contentDuplicate }, { duplicate: contentDuplicate }],
  ['a done item is never flagged', { state: 'done' }, { type: 'duplicateFound', duplicate: titleDuplicate }, { duplicate: null }],
  ['Keep: the user accepts the duplicate', { duplicate: titleDuplicate }, { type: 'duplicateKept' }, { duplicate: null }],
  // Editing
  ['an edit is checked again: an empty title is invalid', {}, { type: 'edited', meta: { ...META, title: ' ' } }, { state: 'invalid' }],
  ['an edit makes an invalid item waiting once it passes', { state: 'invalid' }, { type: 'edited', meta: { ...META, title: 'Talk' } }, { state: 'waiting', issues: {} }],
  ['an uploading item is not edited', { state: 'uploading' }, { type: 'edited', meta: { ...META, title: 'Other' } }, { meta: item().meta }],
  ['a done item is not edited', { state: 'done' }, { type: 'edited', meta: { ...META, title: 'Other' } }, { meta: item().meta }],
  ['a done item keeps its thumbnail', { state: 'done' }, { type: 'thumbnailSet', thumbnail: file }, { thumbnail: null }],
  ['Choose again: a new file waits again, probed again; a title duplicate stays', { state: 'changed-or-missing', duplicate: titleDuplicate, failures: 3, hash: 'h' }, { type: 'fileReplaced', file: { ...file, inode: 8 }, grantId: 'g' }, { state: 'waiting', probe: 'pending', hash: null, failures: 0, duplicate: titleDuplicate, grantId: 'g' }],
  ['Choose again drops a content duplicate (it was of the old file)', { state: 'changed-or-missing', duplicate: contentDuplicate }, { type: 'fileReplaced', file, grantId: null }, { duplicate: null }],
  // Scheduler: an attempt
  ['start: uploading from byte 0, no backoff left', { retryAt: NOW - 1, sent: 9 }, { type: 'start' }, { state: 'uploading', retryAt: null, sent: 0 }],
  ['a file changed since it was queued is not sent', { state: 'uploading' }, { type: 'fileMissing' }, { state: 'changed-or-missing', lastError: BULK_TEXT.changedOrMissing }],
  ['a thumbnail changed on disk fails the item', { state: 'uploading' }, { type: 'thumbnailMissing' }, { state: 'failed', lastError: BULK_TEXT.thumbnailChanged }],
  ['nothing twice: the attempt is written down before the first byte', { state: 'uploading', attempts: 1 }, { type: 'attemptRecorded', title: 'talk' }, { attempts: 2, inFlight: { startedAt: NOW, title: 'talk', name: 'talk.mp4', size: SIZE } }],
  ['progress counts the bytes sent', { state: 'uploading' }, { type: 'progress', sent: 100 }, { sent: 100 }],
  ['a 2xx makes it done with its record and clears inFlight', { state: 'uploading', inFlight, failures: 2, lastError: 'x' }, { type: 'uploaded', recordId: 'r5' }, { state: 'done', recordId: 'r5', inFlight: null, failures: 0, sent: SIZE, lastError: null, finishedAt: NOW }],
  // Scheduler: failures
  ['a 429 retries after backoff (1 s base, equal jitter) and clears inFlight', { state: 'uploading', inFlight }, failure({ kind: 'http', status: 429, message: 'Slow down' }), { state: 'waiting', failures: 1, retryAt: NOW + 750, inFlight: null, lastError: 'Slow down' }],
  ['a 408 retries and clears inFlight', { state: 'uploading', inFlight }, failure({ kind: 'http', status: 408, message: 'Timeout' }), { state: 'waiting', failures: 1, inFlight: null }],
  ['nothing twice: a 5xx after the whole body keeps inFlight', { state: 'uploading', inFlight }, failure({ kind: 'http', status: 503, message: 'Busy' }), { state: 'waiting', failures: 1, inFlight }],
  ['a 5xx before the last byte clears inFlight (no complete body)', { state: 'uploading', inFlight }, failure({ kind: 'http', status: 500, message: 'Oops' }, { sentWhole: false }), { inFlight: null }],
  ['the backoff doubles: the third failure waits 4 s x jitter', { state: 'uploading', failures: 2 }, failure({ kind: 'http', status: 500, message: 'Oops' }), { retryAt: NOW + 3000, failures: 3 }],
  ['the backoff is capped at 60 s', { state: 'uploading', failures: 10 }, failure({ kind: 'http', status: 500, message: 'Oops' }, { maxFailures: 20 }), { retryAt: NOW + 45_000 }],
  ['after 6 failed attempts the item fails', { state: 'uploading', failures: 5 }, failure({ kind: 'http', status: 500, message: 'Oops' }), { state: 'failed', failures: 6, lastError: BULK_TEXT.retriesUsed(6, 'Oops'), finishedAt: NOW }],
  ['any other 4xx fails with the server message; nothing stored', { state: 'uploading', inFlight }, failure({ kind: 'validation', status: 400, message: 'Bad title' }), { state: 'failed', lastError: 'Bad title', inFlight: null, failures: 0, finishedAt: NOW }],
  ['a 4xx over a file that changed meanwhile marks it changed-or-missing', { state: 'uploading' }, failure({ kind: 'validation', status: 400, message: 'Bad' }, { fileSame: false }), { state: 'changed-or-missing' }],
  ['nothing twice: a 2xx that cannot be read keeps inFlight', { state: 'uploading', inFlight }, failure({ kind: 'parse', message: 'Unreadable' }), { state: 'failed', inFlight }],
  ['a lost connection while the server answers counts as a failure', { state: 'uploading' }, failure({ kind: 'network', message: 'reset' }, { sentWhole: false }), { state: 'waiting', failures: 1, retryAt: NOW + 750 }],
  ['offline: a lost connection with no server counts no failure', { state: 'uploading', inFlight }, failure({ kind: 'network', message: 'reset' }, { serverAnswers: false }), { state: 'waiting', failures: 0, retryAt: null, lastError: BULK_TEXT.serverUnreachable, inFlight }],
  ['the server answers again: the offline message goes', { lastError: BULK_TEXT.serverUnreachable }, { type: 'serverBack' }, { lastError: null }],
  ['another message stays when the server is back', { lastError: 'Busy' }, { type: 'serverBack' }, { lastError: 'Busy' }],
  ['a 401 waits again (refused before anything was stored)', { state: 'uploading', inFlight }, failure({ kind: 'auth', status: 401, message: 'Signed out' }), { state: 'waiting', inFlight: null, failures: 0 }],
  // Pause and cancel
  ['pausing an upload aborts it: before the last byte inFlight goes', { state: 'uploading', inFlight, sent: 10 }, { type: 'aborted', reason: 'pause-item', sentWhole: false }, { state: 'paused', inFlight: null, sent: 0 }],
  ['pausing the queue: the upload waits again, sent again from the start', { state: 'uploading', sent: 10 }, { type: 'aborted', reason: 'pause-queue', sentWhole: false }, { state: 'waiting', sent: 0 }],
  ['nothing twice: a cancel after the last byte keeps inFlight', { state: 'uploading', inFlight, sent: SIZE }, { type: 'aborted', reason: 'cancel', sentWhole: true }, { state: 'cancelled', inFlight, finishedAt: NOW }],
  ['pausing a waiting item', { retryAt: NOW + 5 }, { type: 'paused' }, { state: 'paused', retryAt: null }],
  ['a done item is not paused', { state: 'done' }, { type: 'paused' }, { state: 'done' }],
  ['cancel keeps the item as cancelled', { retryAt: NOW + 5 }, { type: 'cancelled' }, { state: 'cancelled', retryAt: null, finishedAt: NOW }],
  ['a done item cannot be cancelled', { state: 'done' }, { type: 'cancelled' }, { state: 'done', finishedAt: null }],
  ['resume/retry: a failed item waits again, retries counted anew', { state: 'failed', failures: 6, lastError: 'x', retryAt: NOW }, { type: 'resumed' }, { state: 'waiting', failures: 0, lastError: null, retryAt: null }],
  ['retry of a cancelled item', { state: 'cancelled' }, { type: 'resumed' }, { state: 'waiting' }],
  ['a done item is not resumed', { state: 'done' }, { type: 'resumed' }, { state: 'done' }],
  ['quitting: an upload before its last byte waits with no inFlight', { state: 'uploading', inFlight, sent: 10 }, { type: 'closed' }, { state: 'waiting', inFlight: null }],
  ['nothing twice: quitting after the last byte keeps inFlight', { state: 'uploading', inFlight, sent: SIZE }, { type: 'closed' }, { state: 'waiting', inFlight }],
  // Nothing twice: reconciliation
  ['a record found makes the item done with that record', { inFlight, retryAt: NOW }, { type: 'reconciled', recordId: 'r7' }, { state: 'done', recordId: 'r7', inFlight: null, sent: SIZE, retryAt: null, finishedAt: NOW }],
  ['a late cancel found on the server says so', { state: 'cancelled', inFlight }, { type: 'reconciled', recordId: 'r7' }, { state: 'done', lastError: BULK_TEXT.cancelledTooLate }],
  ['no record found: it may be sent again', { inFlight }, { type: 'reconciled', recordId: null }, { state: 'waiting', inFlight: null }],
];

describe('the item lifecycle (one row per rule)', () => {
  it.each(rules)('%s', (_rule, before, event, after) => {
    const start = transition(item(), { type: 'restored', fileSame: true }, NOW);
    const next = transition({ ...start, ...before }, event, NOW);
    expect(next).toMatchObject(after);
  });

  it('never changes the item it is given', () => {
    const before = item({ state: 'uploading', inFlight });
    const copy = structuredClone(before);
    for (const [, , event] of rules) transition(before, event, NOW);
    expect(before).toEqual(copy);
  });
});

function queue(items: Iterable<BulkItem>, over: Partial<QueueView> = {}): QueueView {
  return {
    items,
    active: new Set(),
    forced: new Set(),
    running: true,
    concurrency: 2,
    offline: false,
    reconciling: false,
    checkingTitles: false,
    closed: false,
    refused: false,
    now: NOW,
    ...over,
  };
}

const ids = (...names: string[]) => names.map((id) => item({ id }));

/** The items as the queue gives them: walked once, lazily. */
function* once(items: BulkItem[]): Generator<BulkItem> {
  yield* items;
}

type ScheduleRow = [rule: string, view: QueueView, expected: ReturnType<typeof schedule>];

const scheduling: ScheduleRow[] = [
  ['at most `concurrency` uploads, in queue order', queue(ids('a', 'b', 'c')), { kind: 'start', ids: ['a', 'b'], wakeAt: null }],
  ['the items walked once (lazily) still start', queue(once(ids('a', 'b'))), { kind: 'start', ids: ['a', 'b'], wakeAt: null }],
  ['running uploads take their slots', queue(ids('a', 'b', 'c'), { active: new Set(['x']) }), { kind: 'start', ids: ['a'], wakeAt: null }],
  ['lowering the concurrency lets running uploads finish; none starts', queue(ids('a'), { active: new Set(['x', 'y', 'z']) }), { kind: 'start', ids: [], wakeAt: null }],
  ['a paused queue starts nothing', queue(ids('a'), { running: false }), { kind: 'idle' }],
  ['an item started by hand runs while the queue is paused', queue(ids('a', 'b'), { running: false, forced: new Set(['b']) }), { kind: 'start', ids: ['b'], wakeAt: null }],
  ['offline: nothing starts', queue(ids('a'), { offline: true }), { kind: 'wait' }],
  ['while the library titles are fetched for new items, nothing starts', queue(ids('a'), { checkingTitles: true }), { kind: 'wait' }],
  ['while reconciling, nothing starts', queue(ids('a'), { reconciling: true }), { kind: 'wait' }],
  ['closed: nothing starts', queue(ids('a'), { closed: true }), { kind: 'wait' }],
  ['a queue for another server or account stops and says so', queue(ids('a'), { refused: true }), { kind: 'refuse' }],
  ['a paused queue for someone else just sits', queue(ids('a'), { refused: true, running: false }), { kind: 'idle' }],
  ['nothing twice: an attempt that may have reached the server is reconciled first', queue([item({ id: 'a' }), item({ id: 'b', inFlight })]), { kind: 'reconcile', ids: ['b'] }],
  ['a cancelled item with inFlight is reconciled too (a late cancel)', queue([item({ id: 'b', state: 'cancelled', inFlight })]), { kind: 'reconcile', ids: ['b'] }],
  ['an upload in flight is not reconciled', queue([item({ id: 'b', state: 'uploading', inFlight })], { active: new Set(['b']) }), { kind: 'start', ids: [], wakeAt: null }],
  ['an item in backoff waits; the queue wakes when it ends', queue([item({ id: 'a', retryAt: NOW + 750 }), item({ id: 'b' })]), { kind: 'start', ids: ['b'], wakeAt: NOW + 750 }],
  ['a backoff that ended starts', queue([item({ id: 'a', retryAt: NOW })]), { kind: 'start', ids: ['a'], wakeAt: null }],
  ['a held duplicate does not start', queue([item({ id: 'a', duplicate: titleDuplicate }), item({ id: 'b' })]), { kind: 'start', ids: ['b'], wakeAt: null }],
  ['an item whose facts are being read does not start yet', queue([item({ id: 'a', probe: 'pending' })]), { kind: 'start', ids: [], wakeAt: null }],
  ['invalid, paused, failed, changed-or-missing items do not start', queue(['invalid', 'paused', 'failed', 'changed-or-missing', 'done', 'cancelled'].map((state, i) => item({ id: `s${i}`, state: state as BulkItem['state'] }))), { kind: 'start', ids: [], wakeAt: null }],
];

describe('scheduling (one row per rule)', () => {
  it.each(scheduling)('%s', (_rule, view, expected) => {
    expect(schedule(view)).toEqual(expected);
  });
});

describe('finished', () => {
  it.each([
    ['finished once the work is out: done, failed, held duplicates', [item({ state: 'done' }), item({ state: 'failed' }), item({ duplicate: titleDuplicate })], true, false, true],
    ['not while an item waits', [item()], true, false, false],
    ['not while reconciling', [item({ state: 'done' })], true, true, false],
    ['not when there was no work', [item({ state: 'done' })], false, false, false],
  ] as const)('%s', (_rule, items, hadWork, reconciling, expected) => {
    expect(isFinished({ items, active: new Set(), reconciling, hadWork })).toBe(expected);
  });
});

describe('queued', () => {
  it('takes the title it is given (a folder import), else the one its file name gives, and checks it', () => {
    expect(queued({ id: 'i1', key: 'k1', file, grantId: null }, NOW).meta.title).toBe('talk');
    const titled = queued({ id: 'i2', key: 'k2', file: { ...file, name: '___.mp4' }, grantId: null, title: 'Choosing your cattle' }, NOW);
    expect(titled.meta.title).toBe('Choosing your cattle');
    expect(titled.issues.title).toBeUndefined();
  });
});
