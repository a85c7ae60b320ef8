import { defineLocal } from './contract';
import * as v from 'valibot';
import { ChosenSchema, FindAnswerSchema, FindInputSchema } from '../find';

/** Find anything (Ctrl+K, Ctrl+P): records of every list main keeps, ranked, answered by its list worker. */
export const find = {
  records: defineLocal({ input: FindInputSchema, output: FindAnswerSchema }),
  /** The record chosen: it comes first in later answers (main keeps the latest few in userData). */
  chosen: defineLocal({ input: ChosenSchema, output: v.object({}) }),
};
