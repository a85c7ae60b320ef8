import * as v from 'valibot';
import { defineLocal } from './contract';
import { HistoryRowSchema } from '../history';

const Id = v.pipe(v.string(), v.nonEmpty(), v.maxLength(100));

/** The changes this console made (kept by main in userData): the History screen and a record's dialog. */
export const history = {
  /** Every kept change, newest first. */
  list: defineLocal({ input: v.object({}), output: v.array(HistoryRowSchema) }),
  /** One record's changes, newest first (at most 20). */
  ofRecord: defineLocal({ input: v.object({ id: Id }), output: v.array(HistoryRowSchema) }),
  /** Writes an edit's previous values back (checked for a newer change first); the write's answer. */
  undo: defineLocal({ input: v.object({ id: Id }), output: v.object({ message: v.string() }) }),
};
