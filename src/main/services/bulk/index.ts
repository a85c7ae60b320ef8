/**
 * Bulk upload, the main-process side (DESIGN section 13). The wiring, in short:
 *
 * ```ts
 * const { queue, problem } = await BulkQueue.open({
 *   folder: app.getPath('userData'),            // the queue file: <folder>/bulk-queue.json
 *   upload: (item, signal, onProgress) => ...,   // POST /library/media, streamed from item.file.path;
 *                                                // payload: bulkPayloadOf(item.meta, item, grantId, thumbGrantId)
 *                                                // plus the idempotency key item.key (see below)
 *   reconcile: listReconciler(() => library.mediaList(), () => claimedRecordIds),
 *   probe: async () => (any HTTP answer from the library base, e.g. GET /library/synonyms/keywords),
 *   libraryTitles: () => library.mediaList(),    // for the duplicate-title flag
 *   readFacts: (path) => media.factsOfPath(path),    // src/main/services/media-facts.ts
 *   emit: (event) => send 'bulk:changed' to the window; setProgressBar(queue.taskbarProgress());
 *                 event.finished -> a desktop notification; event.status.active -> powerSaveBlocker
 * });
 * ```
 *
 * Calls for the renderer (each an ipc entry): `add` (paths from the open dialog, a folder scan with
 * `scanFolder`, or drops), `list` (windows of rows for the grid, with a filter and a search), `select`
 * (the ids a selection names: ids, or a view less some), `get`, `edit` (cells and the defaults panel;
 * input parsed with BulkMetaPatchSchema; fields kept as profiles shared by items), `setThumbnail`,
 * `acceptDuplicates`, `replaceFile`, `remove`, `start`, `pause`, `pauseItems`, `resumeItems`,
 * `retryItems`, `cancelItems`, `setConcurrency`, `status`, `overall`, `summary`, `summaryCsv`. On quit:
 * `status().active` says whether to ask first; `close()` aborts and writes the queue.
 *
 * The upload function gets the item with its recorded identity; it must grant or read exactly
 * `item.file.path` and refuse a file whose size or mtime differ (the queue checks before calling too),
 * and answer `ok({ id })` with the created record's id where the server returns one.
 */
export { BulkQueue, type AddResult, type AddedFile, type BulkItem, type BulkQueueDeps, type BulkUploadFn, type ListFilter } from './queue';
export { listReconciler, matchRecords, type ReconcileQuery, type Reconciler, type RecordFacts } from './reconcile';
export { scanFolder, isMediaName, MEDIA_EXTENSIONS } from './sniff';
export { QUEUE_FILE } from './store';
export { identityOf, checkIdentity, type FileIdentity } from './identity';
