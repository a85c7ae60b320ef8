import * as v from 'valibot';
import { defineLocal } from './contract';
import { HistoryActionSchema, HistoryRowSchema, UndoSummarySchema } from '../history';

const Id = v.pipe(v.string(), v.nonEmpty(), v.maxLength(100));

/** The changes this console made (kept by main in userData): the History screen and a record's dialog. */
export const history = {
  /** Every kept change, newest first. */
  list: defineLocal({ input: v.object({}), output: v.array(HistoryRowSchema) }),
  /** Every kept change as user actions, newest first: a bulk change is one action with its records inside. */
  actions: defineLocal({ input: v.object({}), output: v.array(HistoryActionSchema) }),
  /** One record's changes, newest first (at most 20). */
  ofRecord: defineLocal({ input: v.object({ id: Id }), output: v.array(HistoryRowSchema) }),
  /** Writes an edit's previous values back (checked for a newer change first); the write's answer. */
  undo: defineLocal({ input: v.object({ id: Id }), output: v.object({ message: v.string() }) }),
  /** The changes of one user action (a delete, a bulk change: BATCH_FIELD) that reached the server, newest first. */
  ofBatch: defineLocal({ input: v.object({ batch: Id }), output: v.array(HistoryRowSchema) }),
  /**
   * Undoes a whole action: edits written back (each checked for a newer change), deletes created again;
   * one that cannot be undone is skipped with why, and the rest goes on.
   */
  undoBatch: defineLocal({ input: v.object({ batch: Id }), output: UndoSummarySchema }),
};
