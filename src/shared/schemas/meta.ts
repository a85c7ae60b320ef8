import * as v from 'valibot';
import { DateTimeSchema } from './common';

/** Who did it: an admin's name (null when the admin was removed since). */
const ByNameSchema = v.nullish(v.object({ name: v.string() }), null);

/**
 * metaInfo of the engagement entities (spec 2 section 3: created{by{name},at}, updated{by,at}): the
 * lists show Added By, Added On, Updated On and "last updated by". `by` is optional so a platform
 * answer without it still reads.
 */
export const AuthoredMetaSchema = v.object({
  created: v.object({ by: ByNameSchema, at: DateTimeSchema }),
  updated: v.object({ by: ByNameSchema, at: DateTimeSchema }),
});
export type AuthoredMeta = v.InferOutput<typeof AuthoredMetaSchema>;

