import * as v from 'valibot';
import { IdSchema } from './common';

/** A business idea (spec 2 section 3: _id, inEnglish, _inEnglish, combine); other fields pass through. */
export const BusinessIdeaSchema = v.looseObject({
  _id: IdSchema,
  inEnglish: v.string(),
  _inEnglish: v.optional(v.string()),
  combine: v.optional(v.string()),
});
export type BusinessIdea = v.InferOutput<typeof BusinessIdeaSchema>;
