import * as v from 'valibot';
import { defineLocal } from './contract';
import { ImportPreviewSchema, ImportStartSchema, ImportStatusSchema, ImportTargetSchema, ImportVerdictsSchema } from '../schemas/course-import';

/**
 * Importing a folder as a course or into a folder of one, answered by main
 * (src/main/services/course-import). The folder comes from main's native folder dialog, or from a drop
 * (window.files.importDropped: the preload resolves the dropped `File`): the renderer never names a path.
 */
export const courseImport = {
  /** The folder dialog, then the tree it would build; null when cancelled. */
  pick: defineLocal({ input: v.object({ target: ImportTargetSchema }), output: v.nullable(ImportPreviewSchema) }),
  /** What the media library makes of the preview's videos so far (playable, with a warning, not playable). */
  verdicts: defineLocal({ input: v.object({ importId: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)) }), output: ImportVerdictsSchema }),
  /** Builds the previewed tree: folders now, videos through the bulk queue, each linked as it is uploaded. */
  start: defineLocal({ input: ImportStartSchema, output: ImportStatusSchema }),
  /** Stops the running import for good: what was made stays, its unsent uploads leave the queue. */
  cancel: defineLocal({ input: v.object({ importId: v.string() }), output: v.nullable(ImportStatusSchema) }),
  /** The running or last import (null: none since the app started and none unfinished). */
  status: defineLocal({ input: v.object({}), output: v.nullable(ImportStatusSchema) }),
};

/**
 * The input of the preload-only channel PRELOAD_CHANNELS.importDropped: the paths the preload resolved
 * from a drop (main takes exactly one, a readable folder) and where the import goes.
 */
export const ImportDroppedSchema = v.object({
  paths: v.pipe(v.array(v.pipe(v.string(), v.maxLength(4096))), v.minLength(1), v.maxLength(10_000)),
  target: ImportTargetSchema,
});
