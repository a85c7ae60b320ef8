import { lstat, mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as v from 'valibot';
import { contract, type LocalImpl, type Local } from '../../shared/api';
import { BulkDroppedSchema } from '../../shared/api/bulk';
import { APP_TEXT } from '../../shared/messages';
import { fail, ok, type Result } from '../../shared/result';
import { BULK_TEXT, bulkPayloadOf, type BulkAddResult, type BulkEvent } from '../../shared/schemas/bulk';
import type { LibraryFile } from '../../shared/schemas/library';
import { BulkQueue, listReconciler, type AddedFile, type BulkItem, type BulkUploadFn } from '../services/bulk';
import { QueueOwnership, type QueueOwner } from '../services/bulk/owner';
import { GrantError, type Grant, type GrantStore } from '../services/grants';
import type { Send } from '../services/door';
import type { HistoryAction } from '../services/history';
import type { MediaFactsService } from '../services/media-facts';
import { UploadedIndex } from '../services/bulk/uploaded-index';

export type BulkPickKind = 'files' | 'folder';

export interface BulkGroupDeps {
  /** userData, or the bridge host's state folder: the queue file lives there. */
  stateDir: string;
  grants: GrantStore;
  /** The door to the platform: every call of the queue goes through it. */
  send: Send;
  /** A new History action: one per run of the queue, its uploads its records. */
  action: () => HistoryAction;
  /** The library's base URL, for the probe while the network is lost. */
  libraryBase: () => string | null;
  /** Main's media worker: the queued files' facts and content hashes. */
  media: MediaFactsService;
  /** The native dialog for several files or a folder; null when cancelled. */
  pickPaths?: (kind: BulkPickKind) => Promise<string[] | null>;
  /** The native save dialog; the chosen path, or null when cancelled. */
  pickSavePath?: (defaultName: string) => Promise<string | null>;
  emit: (event: BulkEvent) => void;
  log: (message: string, details?: Record<string, unknown>) => void;
  /** The signed-in server and account (null when signed out): the queue uploads for its owner only. */
  signedIn: () => QueueOwner | null;
}

const SUMMARY_FILE = 'bulk-upload-summary.csv';

/** The server a base URL names (the uploaded index's key): its origin, or null. */
const originOf = (base: string | null): string | null => {
  if (!base) return null;
  try {
    return new URL(base).origin;
  } catch {
    return null;
  }
};

/** A fresh grant of a queued item's file, or null when the file on disk is no longer the one queued. */
async function grantQueued(grants: GrantStore, item: Pick<BulkItem, 'file'>): Promise<Grant | null> {
  const grant = await grants.grant(item.file.path);
  const same = grant.device === item.file.device && grant.inode === item.file.inode && grant.size === item.file.size && grant.mtime === item.file.mtimeMs;
  return same ? grant : null;
}

/**
 * The bulk upload queue's local calls: the queue (src/main/services/bulk) with main's real
 * upload path. Each attempt grants the queued path afresh, refuses a file that is not the one queued,
 * and streams it with library.createMedia carrying the item's idempotency key (the server then never
 * stores it twice). Per-upload progress goes to the queue, whose throttled event carries it.
 */
export async function createBulkGroup(deps: BulkGroupDeps) {
  // One History action per run of the queue: opened by its first write, closed when the queue runs out of work.
  let action: HistoryAction | null = null;
  const inAction = () => (action ??= deps.action());
  const endAction = () => {
    action?.close();
    action = null;
  };
  const upload = uploadQueued(deps, inAction);

  const mediaList = () => deps.send<LibraryFile[]>(contract.library.mediaList, {}, 'bulk reconcile');
  // The records done items hold (reconciliation never gives them to another item); the queue is known
  // once open has returned, and restoring may reconcile before that.
  const holder: { queue: BulkQueue | null } = { queue: null };
  const claimed = () => new Set((holder.queue?.storedItems() ?? []).flatMap((item) => (item.recordId ? [item.recordId] : [])));
  const ownership = await QueueOwnership.open(deps.stateDir);
  const opened = await BulkQueue.open({
    refusal: () => ownership.refusal(deps.signedIn()),
    folder: deps.stateDir,
    upload,
    reconcile: listReconciler(mediaList, claimed),
    probe: async () => {
      const base = deps.libraryBase();
      if (!base) return false;
      // Any HTTP answer says the server is back; only a network failure does not.
      return fetch(`${base}/synonyms/keywords`, { signal: AbortSignal.timeout(5000) }).then(
        () => true,
        () => false,
      );
    },
    libraryTitles: mediaList,
    readFacts: (path) => deps.media.factsOfPath(path),
    hashFile: (path) => deps.media.hashOfPath(path),
    importCaptions: async (videoId, language, entries) => {
      const input = { videoId, language, replace: true, entries };
      const answer = await deps.send<{ count: number }>(contract.videoRepository.bulkTranscripts, input, 'videoRepository.bulkTranscripts', { action: inAction() });
      return answer.ok ? ok({ count: answer.data.count }) : answer;
    },
    uploaded: { index: await UploadedIndex.open(deps.stateDir), server: () => originOf(deps.libraryBase()) },
    emit: (event) => {
      // The run is over (its summary is ready) or stopped: its History action is written whole.
      if (event.finished || !event.status.active) endAction();
      deps.emit(event);
    },
    log: deps.log,
  });
  const queue = opened.queue;
  holder.queue = queue;
  if (opened.problem) deps.log('bulk queue restored with a problem', { problem: opened.problem });

  /** Files queued with their titles (a folder import): the queue belongs to the signed-in account from then on. */
  async function addTitled(files: readonly AddedFile[]): Promise<BulkAddResult> {
    const { filesDone, filesTotal } = queue.overall();
    await ownership.filling(deps.signedIn(), filesDone < filesTotal);
    return queue.add(files);
  }

  /** Files and folders (from a dialog or a drop): folders are scanned for media files, recursively. */
  async function addPaths(paths: readonly string[]): Promise<BulkAddResult> {
    const { filesDone, filesTotal } = queue.overall();
    await ownership.filling(deps.signedIn(), filesDone < filesTotal);
    const files: AddedFile[] = [];
    const folders: string[] = [];
    for (const path of paths) {
      const info = await lstat(path).catch(() => null);
      if (info?.isDirectory()) folders.push(path);
      else files.push({ path });
    }
    const results: BulkAddResult[] = [];
    if (files.length > 0) results.push(await queue.add(files));
    for (const folder of folders) results.push(await queue.addFolder(folder));
    return mergeAdds(results);
  }

  const calls = bulkCalls(deps, queue, ownership, addPaths);

  /** The preload's drop channel: paths the preload resolved from the dropped files and folders. */
  async function addDropped(input: unknown): Promise<Result<unknown>> {
    const parsed = v.safeParse(BulkDroppedSchema, input);
    if (!parsed.success) return fail('validation', APP_TEXT.dropNotOnDisk);
    return ok(await addPaths(parsed.output.paths));
  }

  return { calls, addDropped, addTitled, queue, close: endAction };
}

/**
 * One attempt of one queued item: the queued path granted afresh (a file that is no longer the one
 * queued is refused), streamed with library.createMedia carrying the item's idempotency key.
 */
function uploadQueued(deps: BulkGroupDeps, inAction: () => HistoryAction): BulkUploadFn {
  return async (item: Readonly<BulkItem>, signal, onProgress) => {
    let fileGrant: string;
    let thumbGrant: string | undefined;
    try {
      const grant = await grantQueued(deps.grants, item);
      if (!grant) return fail('validation', APP_TEXT.fileChanged);
      fileGrant = grant.id;
      if (item.thumbnail) thumbGrant = (await deps.grants.grant(item.thumbnail.path)).id;
    } catch (error) {
      if (error instanceof GrantError) return fail('validation', error.message);
      throw error;
    }
    if (signal.aborted) return fail('cancelled', APP_TEXT.uploadCancelled);
    const fields = { ...bulkPayloadOf(item.meta, item, fileGrant, thumbGrant), clientKey: item.key };
    const answer = await deps.send<{ _id?: string }>(contract.library.createMedia, fields, 'library.createMedia', { signal, onProgress, action: inAction() });
    return answer.ok ? ok({ id: answer.data._id ?? null }) : answer.error.kind === 'cancelled' ? fail('cancelled', APP_TEXT.uploadCancelled) : answer;
  };
}

/** The path behind a grant the page holds (a replacement file, a thumbnail). */
async function grantedPath(grants: GrantStore, grantId: string): Promise<Result<AddedFile>> {
  try {
    const grant = await grants.use(grantId);
    return ok({ path: grant.path, grantId });
  } catch (error) {
    if (error instanceof GrantError) return fail('validation', error.message);
    throw error;
  }
}

/** The queue's local calls (window.api.bulk): each one a step of the queue, answered with its status where the page shows it. */
function bulkCalls(
  deps: BulkGroupDeps,
  queue: BulkQueue,
  ownership: QueueOwnership,
  addPaths: (paths: readonly string[]) => Promise<BulkAddResult>,
): LocalImpl<Local>['bulk'] {
  const status = () => ok({ status: queue.status(), overall: queue.overall() });
  return {
    pick: async ({ kind }) => {
      if (!deps.pickPaths) return fail('validation', 'Choosing files is not available here.');
      const paths = await deps.pickPaths(kind);
      if (!paths || paths.length === 0) return ok(null);
      return ok(await addPaths(paths));
    },
    list: async (input) => ok(queue.list(input)),
    get: async ({ ids }) => ok(queue.get(ids)),
    edit: async ({ ids, patch }) => queue.edit(ids === 'all' ? ids : queue.select(ids), patch),
    setThumbnail: async ({ ids, grantId }) => {
      const targets = ids === 'all' ? ids : queue.select(ids);
      if (!grantId) return queue.setThumbnail(targets, null);
      const file = await grantedPath(deps.grants, grantId);
      return file.ok ? queue.setThumbnail(targets, file.data) : file;
    },
    fileGrant: async ({ id }) => {
      const item = queue.storedItems().find((stored) => stored.id === id);
      if (!item) return fail('validation', 'This item is no longer in the queue.');
      try {
        const grant = await grantQueued(deps.grants, item);
        return grant ? ok({ grantId: grant.id, name: grant.name, size: grant.size }) : fail('validation', APP_TEXT.fileChanged);
      } catch (error) {
        if (error instanceof GrantError) return fail('validation', error.message);
        throw error;
      }
    },
    acceptDuplicates: async ({ ids }) => {
      queue.acceptDuplicates(queue.select(ids));
      return ok(null);
    },
    sendAnyway: async ({ ids }) => {
      queue.sendAnyway(queue.select(ids));
      return ok(null);
    },
    replaceFile: async ({ id, grantId }) => {
      const file = await grantedPath(deps.grants, grantId);
      return file.ok ? queue.replaceFile(id, file.data) : file;
    },
    remove: async ({ ids }) => ok({ removed: queue.remove(ids === 'all' || ids === 'finished' ? ids : queue.select(ids)) }),
    start: async () => {
      queue.start();
      return status();
    },
    moveHere: async () => {
      const here = deps.signedIn();
      if (!here) return fail('validation', BULK_TEXT.signedOut);
      await ownership.moveTo(here);
      queue.start();
      return status();
    },
    pause: async ({ now }) => {
      queue.pause(now);
      return status();
    },
    pauseItems: async ({ ids }) => {
      queue.pauseItems(queue.select(ids));
      return status();
    },
    resumeItems: async ({ ids, now }) => {
      queue.resumeItems(queue.select(ids), now);
      return status();
    },
    retryItems: async ({ ids }) => {
      queue.retryItems(queue.select(ids));
      return status();
    },
    cancelItems: async ({ ids }) => {
      queue.cancelItems(queue.select(ids));
      return status();
    },
    setConcurrency: async ({ concurrency }) => {
      queue.setConcurrency(concurrency);
      return status();
    },
    status: async () => status(),
    summary: async () => {
      const summary = queue.summary();
      return ok({ uploaded: summary.uploaded, failed: summary.failed, attention: summary.attention, skipped: summary.skipped, csv: queue.summaryCsv() });
    },
    saveSummary: async () => {
      if (!deps.pickSavePath) return fail('validation', 'Saving files is not available here.');
      const path = await deps.pickSavePath(SUMMARY_FILE);
      if (!path) return ok({ saved: null });
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, queue.summaryCsv(), 'utf8');
      return ok({ saved: path.replace(/^.*[\\/]/, '') });
    },
  };
}

function mergeAdds(results: readonly BulkAddResult[]): BulkAddResult {
  const out: BulkAddResult = { added: [], alreadyQueued: [], unreadable: [], libraryCheck: 'skipped' };
  for (const r of results) {
    out.added.push(...r.added);
    out.alreadyQueued.push(...r.alreadyQueued);
    out.unreadable.push(...r.unreadable);
    if (r.libraryCheck === 'unavailable' || (r.libraryCheck === 'done' && out.libraryCheck === 'skipped')) out.libraryCheck = r.libraryCheck;
    if (r.truncated) out.truncated = true;
  }
  return out;
}
