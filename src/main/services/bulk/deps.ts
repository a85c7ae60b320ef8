import type { Language } from '../../../shared/constants';
import type { Result } from '../../../shared/result';
import type { BulkAddResult, BulkEvent, BulkListFilter } from '../../../shared/schemas/bulk';
import type { MediaFacts } from '../../../shared/schemas/media';
import type { BulkUploadFn } from './attempt';
import type { LibraryRecordFacts } from './duplicates';
import type { Reconciler } from './reconcile';
import type { UploadedIndex } from './uploaded-index';

// What the bulk queue is given (its wiring in main: local/bulk.ts) and the names it answers with.

export type { BulkItem } from './lifecycle';
export type { AddedFile } from './intake';
export type { BulkUploadFn } from './attempt';
export type { LibraryRecordFacts } from './duplicates';
/** See BulkAddResultSchema. */
export type AddResult = BulkAddResult;
export type ListFilter = BulkListFilter;

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
  /** Imports a done item's caption cues as the record's transcripts (replacing that language's lines). */
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
  /** Null when the queue may upload for the signed-in session; else why not (a queue of another server or account, see owner.ts). */
  refusal?: () => string | null;
}
