import { titleKey, type BulkAddResult, type BulkDuplicate } from '../../../shared/schemas/bulk';
import type { Result } from '../../../shared/result';
import type { BulkItem, LifecycleEvent } from './lifecycle';
import type { ItemTable } from './table';
import type { UploadedIndex } from './uploaded-index';

/** What the queue needs of a library record to find duplicates (title; size and duration where it has them). */
export interface LibraryRecordFacts {
  _id: string;
  title: string;
  fileSize?: number;
  duration?: number;
}

/** A lifecycle event for an item, for the queue to apply. */
export interface ItemEvent {
  item: BulkItem;
  event: LifecycleEvent;
}

export interface DuplicatesDeps {
  /** The library's titles; an error only skips the check (and says so). */
  libraryTitles?: () => Promise<Result<readonly LibraryRecordFacts[]>>;
  /** What this client uploaded before, by content, on the server the queue sends to (its origin). */
  uploaded?: { index: UploadedIndex; server: () => string | null };
  log: (message: string, details?: Record<string, unknown>) => void;
}

const LIBRARY_TITLES_TTL_MS = 30_000;
/** New items wait for the library's titles (the duplicate check) at most this long. */
const LIBRARY_TITLES_TIMEOUT_MS = 10_000;

const found = (duplicate: BulkDuplicate) => ({ type: 'duplicateFound', duplicate }) as const;
const KEPT = { type: 'duplicateKept' } as const;

/**
 * Duplicates: the same title in the queue or the library, the same content in the queue or uploaded
 * before, a library record of the same size and duration. Each finding is a lifecycle event this part
 * yields and the queue applies (as it goes: a later finding may read what an earlier one changed);
 * nothing here changes an item.
 */
export class Duplicates {
  /** The first item of each content hash, in queue order. */
  private readonly byHash = new Map<string, string>();
  private libraryTitles: { at: number; titles: Map<string, LibraryRecordFacts>; records: readonly LibraryRecordFacts[] } | null = null;

  constructor(
    private readonly table: ItemTable,
    private readonly deps: DuplicatesDeps,
  ) {}

  /** Items whose title an earlier item of the queue already has (and title duplicates that no longer are). */
  *inQueue(candidates: readonly BulkItem[]): Generator<ItemEvent> {
    const targets = new Set(candidates.map((c) => c.id));
    const first = new Map<string, BulkItem>();
    for (const item of this.table.ordered()) {
      if (item.state === 'cancelled') continue;
      const key = titleKey(item.meta.title);
      if (!key) continue;
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, item);
        if (targets.has(item.id) && item.duplicate?.kind === 'queue') yield { item, event: KEPT };
      } else if (targets.has(item.id) && item.state !== 'done') {
        yield { item, event: found({ kind: 'queue', title: earlier.meta.title, id: earlier.id, reason: 'title' }) };
      }
    }
  }

  /** Candidates whose title the library has (its titles fetched, or kept for a while). */
  async inLibrary(candidates: readonly BulkItem[]): Promise<{ check: BulkAddResult['libraryCheck']; events: ItemEvent[] }> {
    if (!this.deps.libraryTitles) return { check: 'skipped', events: [] };
    const titles = await this.fetchLibraryTitles();
    if (!titles) return { check: 'unavailable', events: [] };
    const ours = this.table.recordIds();
    const events: ItemEvent[] = [];
    for (const item of candidates) {
      if (item.state === 'done' || item.duplicate) continue;
      const record = titles.get(titleKey(item.meta.title));
      if (!record || ours.has(record._id)) continue;
      events.push({ item, event: found({ kind: 'library', title: record.title, id: record._id, reason: 'title' }) });
    }
    return { check: 'done', events };
  }

  /** Items given a new title: a title duplicate clears; the new title is looked for in the queue and in the library's titles as last fetched. */
  *retitled(items: readonly BulkItem[]): Generator<ItemEvent> {
    for (const item of items) if (item.duplicate?.reason === 'title') yield { item, event: KEPT };
    yield* this.inQueue(items.filter((item) => !item.duplicate));
    // As last fetched: a fresh fetch per keystroke would be too much.
    const titles = this.libraryTitles?.titles;
    if (!titles) return;
    for (const item of items) {
      if (item.duplicate) continue;
      const record = titles.get(titleKey(item.meta.title));
      if (record && record._id !== item.recordId) yield { item, event: found({ kind: 'library', title: record.title, id: record._id, reason: 'title' }) };
    }
  }

  /**
   * Later copies of `original`'s content wait for it (they are not sent twice). Once it is uploaded
   * they name its record (a folder import links that record into each place); once it is cancelled or
   * removed (`gone`), the next copy becomes the one that is sent.
   */
  *copiesOf(original: BulkItem, gone = false): Generator<ItemEvent> {
    for (const copy of this.table.ordered()) {
      if (copy === original) continue;
      const dup = copy.duplicate;
      if (dup?.kind !== 'queue' || dup.reason !== 'content' || dup.id !== original.id || copy.state === 'done') continue;
      if (!gone && original.state === 'done' && original.recordId) {
        yield { item: copy, event: found({ kind: 'library', title: original.meta.title, id: original.recordId, reason: 'content' }) };
      } else if (gone || original.state === 'cancelled') {
        yield { item: copy, event: KEPT };
        yield* this.byContent(copy);
      }
    }
  }

  /**
   * Once a file's content and facts are known: the same content earlier in the queue, the same content
   * uploaded before by this client (the uploaded index), or a library record of the same size and
   * duration (a likely duplicate under another title). A title duplicate already flagged stays.
   */
  *byContent(item: BulkItem): Generator<ItemEvent> {
    // The same content says more than the same title: it replaces a title duplicate.
    if ((item.duplicate && item.duplicate.reason !== 'title') || item.state === 'cancelled') return;
    if (item.hash) {
      const firstId = this.byHash.get(item.hash);
      const first = firstId ? this.table.get(firstId) : undefined;
      if (!first || first.state === 'cancelled' || first.hash !== item.hash) this.byHash.set(item.hash, item.id);
      else if (first !== item && this.queuedBefore(item, first)) {
        // The original is the copy queued first, whichever file's hash was read first: the later one,
        // not yet sent, becomes its duplicate.
        this.byHash.set(item.hash, item.id);
        yield { item: first, event: found({ kind: 'queue', title: item.meta.title, id: item.id, reason: 'content' }) };
      } else if (first !== item) {
        // An earlier item already uploaded names its record; one still queued names itself.
        const duplicate: BulkDuplicate =
          first.state === 'done' && first.recordId
            ? { kind: 'library', title: first.meta.title, id: first.recordId, reason: 'content' }
            : { kind: 'queue', title: first.meta.title, id: first.id, reason: 'content' };
        yield { item, event: found(duplicate) };
        return;
      }
      const server = this.deps.uploaded?.server();
      const before = server ? this.deps.uploaded!.index.find(item.hash, server) : null;
      if (before) {
        yield { item, event: found({ kind: 'library', title: before.title, id: before.id, reason: 'content' }) };
        return;
      }
    }
    if (item.duration > 0 && this.libraryTitles) {
      const ours = this.table.recordIds();
      const likely = this.libraryTitles.records.find(
        (r) => r.fileSize === item.file.size && r.duration !== undefined && Math.abs(r.duration - item.duration) <= 1 && !ours.has(r._id),
      );
      if (likely) yield { item, event: found({ kind: 'library', title: likely.title, id: likely._id, reason: 'likely' }) };
    }
  }

  /** Whether `item` was queued before `other` (which has not started sending yet). */
  private queuedBefore(item: BulkItem, other: BulkItem): boolean {
    if (other.state !== 'waiting' && other.state !== 'invalid' && other.state !== 'paused') return false;
    if (other.recordId || other.duplicate) return false;
    return this.table.before(item, other);
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
      this.deps.log('bulk: library titles unavailable', { error: answer.error.message });
      return null;
    }
    const titles = new Map<string, LibraryRecordFacts>();
    for (const record of answer.data) titles.set(titleKey(record.title), record);
    this.libraryTitles = { at: Date.now(), titles, records: answer.data };
    return titles;
  }
}
