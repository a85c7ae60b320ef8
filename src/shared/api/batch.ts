import * as v from 'valibot';
import { defineLocal } from './contract';
import { BatchIdSchema, BatchRunSchema, BatchSummarySchema } from '../batch';

/**
 * Bulk actions on a list screen's selection (src/shared/batch.ts): main runs each record's write
 * through the same recorded handler a single write uses, a few at a time, and answers a summary;
 * 'batch:progress' events say how far it is.
 */
export const batch = {
  run: defineLocal({ input: BatchRunSchema, output: BatchSummarySchema }),
  /** Runs the failed records of a finished action again, under the same batch id. */
  retry: defineLocal({ input: v.object({ batch: BatchIdSchema }), output: BatchSummarySchema }),
  /** Stops starting records (those on their way finish); the action's summary says which did not run. */
  cancel: defineLocal({ input: v.object({ batch: BatchIdSchema }), output: v.object({ cancelled: v.boolean() }) }),
};
