import { defineLocal } from './contract';
import { FindAnswerSchema, FindInputSchema } from '../find';

/** Find anything (Ctrl+K, Ctrl+P): records of every list main keeps, ranked, answered by its list worker. */
export const find = {
  records: defineLocal({ input: FindInputSchema, output: FindAnswerSchema }),
};
