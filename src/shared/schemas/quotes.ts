import * as v from 'valibot';
import { LANGUAGES, type Language } from '../constants';
import { ENGAGEMENT_MSG as M, ENGAGEMENT_TEXT as T } from '../engagement-messages';
import { IdSchema } from './common';
import { FileRefSchema, UploadIdSchema } from './library';
import { requiredIds, requiredPick, requiredText } from './fields';
import { AuthoredMetaSchema, type AuthoredMeta } from './meta';
import { PARTIAL, partialIssues, readRecord, type Marked, type ReadIssue } from '../tolerant';

export const QUOTE_TITLE_MAX = 500;
export const TIP_TEXT_MAX = 1000;
/** A loose http(s) address, as the library's link rule. */
const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

const language = requiredPick(LANGUAGES, M.selectLanguage);
/** Groups: synonym group ids ('Add Groups', spec 2 section 5). */
const keywords = requiredIds(M.addGroups, 100);
const businessIdeas = requiredIds(M.addBusinessIdeas, 500);
/** '' for none; else the address of an image (the spec's structured body carries no file). */
const backgroundImage = v.optional(
  v.pipe(v.string(T.imageUrl), v.trim(), v.maxLength(2048, T.imageUrl), v.check((s) => s === '' || HTTP_URL.test(s), T.imageUrl)),
  '',
);
const tipText = requiredText(T.enterTip, TIP_TEXT_MAX, T.tipTooLong);

/** A quote (spec 2 section 3): `id` is the Quote ID column, `thumbnail` its media ('' when none). */
export const QuoteSchema = v.object({
  _id: IdSchema,
  id: v.number(),
  title: v.string(),
  language: v.picklist(LANGUAGES),
  keywords: v.optional(v.array(IdSchema), []),
  thumbnail: v.optional(v.string(), ''),
  metaInfo: AuthoredMetaSchema,
});
export type Quote = v.InferOutput<typeof QuoteSchema>;

/** One language row of a tip (`quotes{_id, language, text}`). */
export const TipTextSchema = v.object({
  _id: IdSchema,
  language: v.picklist(LANGUAGES),
  text: v.string(),
  /** The row's own last change, when the server keeps one per language (the reference server does). */
  metaInfo: v.optional(AuthoredMetaSchema),
});
export type TipText = v.InferOutput<typeof TipTextSchema>;

/** A daily tip (spec 2 section 3). `id` is the Tip ID column: quotes and tips share one numbering. */
export const DailyTipSchema = v.object({
  _id: IdSchema,
  id: v.number(),
  keywords: v.array(IdSchema),
  businessIdeas: v.array(IdSchema),
  backgroundImage: v.optional(v.string(), ''),
  quotes: v.array(TipTextSchema),
  metaInfo: AuthoredMetaSchema,
});
export type DailyTip = v.InferOutput<typeof DailyTipSchema>;

/** GET /quotes answers both kinds in one list (spec 2 section 7): a tip is told by its `quotes` rows. */
export const QuoteListItemSchema = v.union([DailyTipSchema, QuoteSchema]);
export type QuoteListItem = Quote | DailyTip;
// Null-safe: a screen's own code never fails on what the list holds (the reader makes nulls marked records).
export const isDailyTip = (item: QuoteListItem): item is DailyTip => item !== null && typeof item === 'object' && Array.isArray((item as DailyTip).quotes);
const isQuote = (item: QuoteListItem): item is Quote => item !== null && typeof item === 'object' && !isDailyTip(item);
export const quotesOf = (items: readonly QuoteListItem[]): Quote[] => items.filter(isQuote);
export const tipsOf = (items: readonly QuoteListItem[]): DailyTip[] => items.filter(isDailyTip);

/** A row of the Daily Tips table: one language of one tip (Tip ID, Language, Tip, Added By, ...). */
export interface TipRow {
  tip: DailyTip;
  /** The row's own `_id` (PUT and DELETE /quotes/{id}/{quoteId}). */
  quoteId: string;
  id: number;
  language: Language;
  text: string;
  /** Added and last changed: the row's own last change when the server tells it, else the tip's. */
  meta: AuthoredMeta;
}
/**
 * The rows of the Daily Tips table. A row of a tip that could not be read fully is marked like any
 * partly read record: with the tip's own issues (its groups, ideas, image and stamps are the row's too)
 * and those of its language row (whose fields are the row's language and text).
 */
export const tipRowsOf = (items: readonly QuoteListItem[]): Marked<TipRow>[] =>
  tipsOf(items).flatMap((tip) => {
    const ofTip = partialIssues(tip) ?? [];
    return tip.quotes.map((q) => {
      const row: Marked<TipRow> = { tip, quoteId: q._id, id: tip.id, language: q.language, text: q.text, meta: q.metaInfo ?? tip.metaInfo };
      const issues: ReadIssue[] = [...ofTip, ...(partialIssues(q) ?? [])];
      if (issues.length > 0) row[PARTIAL] = issues;
      return row;
    });
  });

/** A Daily Tips row as a record (what its edit and delete are checked against); every field is modelled. */
export const TipRowSchema = v.object({ tip: DailyTipSchema, quoteId: IdSchema, id: v.number(), language: v.picklist(LANGUAGES), text: v.string(), meta: AuthoredMetaSchema });

/**
 * The row `quoteId` of tip `id` as it is now, in an unread GET /quotes answer: the tip read as the
 * list reads it, then made into its rows (undefined when either is gone).
 */
export function tipRowNow(answer: unknown, input: Record<string, unknown>): TipRow | undefined {
  const raw = Array.isArray(answer) ? answer.find((item) => (item as { _id?: unknown } | null)?._id === input.id) : undefined;
  if (raw === undefined) return undefined;
  return tipRowsOf([readRecord<QuoteListItem>(QuoteListItemSchema, raw, true).value]).find((row) => row.quoteId === input.quoteId);
}

// Payloads

/** POST /quotes as multipart: title, language, keywords and the thumbnail image (spec 2 section 7). */
export const QuoteCreateSchema = v.object({
  title: requiredText(M.enterQuote, QUOTE_TITLE_MAX, T.quoteTooLong),
  language,
  keywords,
  // null: the field was emptied (a refused pick, a removal), as good as none.
  thumbnail: v.nullish(FileRefSchema),
  uploadId: v.optional(UploadIdSchema),
});
export type QuoteCreateInput = v.InferInput<typeof QuoteCreateSchema>;

/** A language and text row of the tip form. */
export const TipRowDraftSchema = v.object({ language, text: tipText });
export type TipRowDraft = v.InferInput<typeof TipRowDraftSchema>;

/** Each language once among the rows (spec 2 section 4). */
const distinctLanguages = <R extends { language: string }>(rows: R[]): boolean => new Set(rows.map((r) => r.language)).size === rows.length;

/** POST /quotes as a structured body: keywords, quotes[{language, text}], businessIdeas, backgroundImage. */
export const TipCreateSchema = v.object({
  keywords,
  quotes: v.pipe(
    v.optional(v.array(TipRowDraftSchema, T.addTipRow), []),
    v.minLength(1, T.addTipRow),
    v.maxLength(LANGUAGES.length, T.languageOnce),
    v.check(distinctLanguages, T.languageOnce),
  ),
  businessIdeas,
  backgroundImage,
});
export type TipCreateInput = v.InferInput<typeof TipCreateSchema>;

/** PUT /quotes/{id}/{quoteId}: one row's language and text, and the tip's groups, ideas and image. */
export const TipUpdateSchema = v.object({
  id: IdSchema,
  quoteId: IdSchema,
  keywords,
  language,
  text: tipText,
  businessIdeas,
  backgroundImage,
});
export type TipUpdateInput = v.InferInput<typeof TipUpdateSchema>;

export const QuoteIdSchema = v.object({ id: IdSchema });
export const TipRowIdSchema = v.object({ id: IdSchema, quoteId: IdSchema });

// The tip form's rows (spec 2 section 4)

export interface TipRowForm {
  language: Language | '';
  text: string;
}
export const emptyTipRow = (): TipRowForm => ({ language: '', text: '' });
/** A row can be added only when the last one has a language and a text, and a language is left. */
export const canAddTipRow = (rows: readonly TipRowForm[]): boolean => {
  const last = rows.at(-1);
  return !last || (last.language !== '' && last.text.trim() !== '' && rows.length < LANGUAGES.length);
};
/** Removing a row; removing the only row leaves one empty row. */
export const removeTipRow = (rows: readonly TipRowForm[], index: number): TipRowForm[] => {
  const left = rows.filter((_, i) => i !== index);
  return left.length > 0 ? left : [emptyTipRow()];
};
/** The languages a row may still choose (each language once). */
export const languagesLeft = (rows: readonly TipRowForm[], index: number): Language[] =>
  LANGUAGES.filter((l) => !rows.some((r, i) => i !== index && r.language === l));
