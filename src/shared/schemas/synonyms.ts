import * as v from 'valibot';
import { ENGAGEMENT_TEXT as T } from '../engagement-messages';
import { DateTimeSchema, IdSchema } from './common';
import { requiredText } from './fields';

/** Synonyms screen (spec 2 sections 2 and 9). */
export const SYNONYM_GROUP_MAX = 100;
export const SYNONYM_MAX = 100;
export const SYNONYMS_PER_GROUP_MAX = 200;

/** A synonym group (spec 2 section 3: _id, keyword, synonyms, updatedAt). */
export const SynonymGroupSchema = v.object({
  _id: IdSchema,
  keyword: v.string(),
  synonyms: v.array(v.string()),
  updatedAt: DateTimeSchema,
});
export type SynonymGroup = v.InferOutput<typeof SynonymGroupSchema>;

const keyword = requiredText(T.enterGroup, SYNONYM_GROUP_MAX, T.groupTooLong);
const synonym = v.pipe(v.string(T.addSynonym), v.trim(), v.maxLength(SYNONYM_MAX, T.synonymTooLong));

/**
 * The synonyms as tags: blanks dropped and repeats (compared without regard to case) kept once, in the
 * order typed, so "milk, Milk, " is one synonym. A group needs at least one (spec 2 section 5).
 */
const synonyms = v.pipe(
  v.optional(v.array(synonym, T.addSynonym), []),
  v.transform((list: string[]) => {
    const seen = new Set<string>();
    return list.filter((s) => s !== '' && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
  }),
  v.minLength(1, T.addSynonym),
  v.maxLength(SYNONYMS_PER_GROUP_MAX, T.tooManySynonyms),
);

/** POST /synonyms: keyword and synonyms. */
export const SynonymDraftSchema = v.object({ keyword, synonyms });
export type SynonymDraft = v.InferInput<typeof SynonymDraftSchema>;
/** PUT /synonyms/{id}: the same, with the group's id. */
export const SynonymUpdateSchema = v.object({ id: IdSchema, keyword, synonyms });

/** "milk, cattle ,dudh" as tags (the Add Synonym form types them separated by commas). */
export const splitTags = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
