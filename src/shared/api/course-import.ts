import * as v from 'valibot';
import { defineLocal } from './contract';
import { ImportPreviewSchema, ImportStartSchema, ImportStatusSchema, ImportTargetSchema } from '../schemas/course-import';

/**
 * Importing a folder as a course or into a folder of one, answered by main
 * (src/main/services/course-import). The folder comes from main's native folder dialog: the renderer
 * never names a path.
 */
export const courseImport = {
  /** The folder dialog, then the tree it would build; null when cancelled. */
  pick: defineLocal({ input: v.object({ target: ImportTargetSchema }), output: v.nullable(ImportPreviewSchema) }),
  /** Builds the previewed tree: folders now, videos through the bulk queue, each linked as it is uploaded. */
  start: defineLocal({ input: ImportStartSchema, output: ImportStatusSchema }),
  /** The running or last import (null: none since the app started and none unfinished). */
  status: defineLocal({ input: v.object({}), output: v.nullable(ImportStatusSchema) }),
};
