import * as v from 'valibot';
import { defineLocal } from './contract';
import {
  BULK_CONCURRENCY,
  BulkAddResultSchema,
  BulkItemViewSchema,
  BulkMetaPatchSchema,
  BulkOverallSchema,
  BulkQueueStatusSchema,
  BulkSelectionSchema,
  BulkViewSchema,
} from '../schemas/bulk';

/**
 * The bulk queue's calls, answered by main's BulkQueue (src/main/services/bulk). Proposed for the
 * local table (src/shared/api/app.ts `local.bulk`); not registered yet: the lead wires it with the
 * queue. Events: 'bulk:changed' with a BulkEvent (src/shared/schemas/bulk.ts), about 10 a second at
 * most. Files reach the queue from main's open dialog (`pick`) or a drop (window.files.bulkDropped: the
 * preload resolves the dropped files and folders and hands them to main in the same call): the
 * renderer never names a path.
 */
const ItemId = v.pipe(v.string(), v.nonEmpty(), v.maxLength(64));
const Targets = v.union([v.literal('all'), BulkSelectionSchema]);
const StatusAnswer = v.object({ status: BulkQueueStatusSchema, overall: BulkOverallSchema });
const GrantId = v.pipe(v.string(), v.nonEmpty(), v.maxLength(64));

export const bulk = {
  /** The native dialog: several files, or a folder (its media files, recursively). null: cancelled. */
  pick: defineLocal({ input: v.object({ kind: v.picklist(['files', 'folder']) }), output: v.nullable(BulkAddResultSchema) }),
  /**
   * A window of rows for the grid (the page holds only these): `total` rows pass the filter and search,
   * of `all` in the queue; `blocked` says what keeps items of the whole queue from starting.
   */
  list: defineLocal({
    input: v.object({
      offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
      limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000)), 200),
      ...BulkViewSchema.entries,
    }),
    output: v.object({ total: v.number(), all: v.number(), offset: v.number(), rows: v.array(BulkItemViewSchema), blocked: v.nullable(v.string()) }),
  }),
  get: defineLocal({ input: v.object({ ids: v.pipe(v.array(ItemId), v.maxLength(1000)) }), output: v.array(BulkItemViewSchema) }),
  /** Cell edits and the defaults panel (selected rows or all). */
  edit: defineLocal({ input: v.object({ ids: Targets, patch: BulkMetaPatchSchema }), output: v.object({ changed: v.number(), skipped: v.number() }) }),
  setThumbnail: defineLocal({ input: v.object({ ids: Targets, grantId: v.nullable(GrantId) }), output: v.null() }),
  /** A grant of a queued item's file (checked: still the file queued), for the page's poster frame of it. */
  fileGrant: defineLocal({ input: v.object({ id: ItemId }), output: v.object({ grantId: v.string(), name: v.string(), size: v.number() }) }),
  acceptDuplicates: defineLocal({ input: v.object({ ids: BulkSelectionSchema }), output: v.null() }),
  /** Sends files held as not playable all the same. */
  sendAnyway: defineLocal({ input: v.object({ ids: BulkSelectionSchema }), output: v.null() }),
  /** Choose the file of a changed-or-missing item again. */
  replaceFile: defineLocal({ input: v.object({ id: ItemId, grantId: GrantId }), output: v.null() }),
  remove: defineLocal({ input: v.object({ ids: v.union([Targets, v.literal('finished')]) }), output: v.object({ removed: v.number() }) }),
  start: defineLocal({ input: v.object({}), output: StatusAnswer }),
  /** The person's choice for a queue prepared for another server or account: it belongs here now, and starts. */
  moveHere: defineLocal({ input: v.object({}), output: StatusAnswer }),
  /** Nothing new starts; uploads in flight finish. `now`: they are cut and wait again (sent again from the start). */
  pause: defineLocal({ input: v.object({ now: v.optional(v.boolean(), false) }), output: StatusAnswer }),
  pauseItems: defineLocal({ input: v.object({ ids: BulkSelectionSchema }), output: StatusAnswer }),
  /** `now`: start them even while the queue is paused. */
  resumeItems: defineLocal({ input: v.object({ ids: BulkSelectionSchema, now: v.optional(v.boolean(), false) }), output: StatusAnswer }),
  retryItems: defineLocal({ input: v.object({ ids: BulkSelectionSchema }), output: StatusAnswer }),
  cancelItems: defineLocal({ input: v.object({ ids: BulkSelectionSchema }), output: StatusAnswer }),
  setConcurrency: defineLocal({
    input: v.object({ concurrency: v.pipe(v.number(), v.integer(), v.minValue(BULK_CONCURRENCY.min), v.maxValue(BULK_CONCURRENCY.max)) }),
    output: StatusAnswer,
  }),
  status: defineLocal({ input: v.object({}), output: StatusAnswer }),
  /** The summary at the end and its CSV text (the renderer saves it through a save dialog in main). */
  summary: defineLocal({
    input: v.object({}),
    output: v.object({ uploaded: v.number(), failed: v.number(), attention: v.number(), skipped: v.number(), csv: v.string() }),
  }),
  /** The summary's CSV through the native save dialog; `saved` null when the user cancelled. */
  saveSummary: defineLocal({ input: v.object({}), output: v.object({ saved: v.nullable(v.string()) }) }),
};

/** The input of the preload-only channel PRELOAD_CHANNELS.bulkDropped (paths the preload resolved). */
export const BulkDroppedSchema = v.object({ paths: v.pipe(v.array(v.pipe(v.string(), v.maxLength(4096))), v.minLength(1), v.maxLength(10_000)) });
