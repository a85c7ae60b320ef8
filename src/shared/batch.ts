// Bulk actions: one action of the console on many records, run by main through the
// same recorded contract handler a single write uses. Pure TypeScript, shared by main and the renderer.
import * as v from 'valibot';
import type { ListName } from './lists';
import { BASE_FIELD } from './api/contract';
import { APP_TEXT } from './messages';
import { ListSelectionEntries } from './windows';
import { libraryFormOf, libraryPayloadOf, LibraryFileFormSchema, type LibraryFile } from './schemas/library';
import { QuestionEditSchema, type Question } from './schemas/question-bank';
import { ActionNameSchema } from './history';
import type { CallError } from './result';

/** At most this many writes of one bulk action are in flight at once (a person's burst, not a load test). */
export const BATCH_CONCURRENCY = 4;

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));
export const BatchIdSchema = v.pipe(v.string(), v.regex(/^[\w-]{8,64}$/, 'A batch id is 8 to 64 letters, digits, - or _.'));
const CallNameSchema = v.pipe(v.string(), v.regex(/^\w+\.\w+$/, 'A call is named group.call.'), v.maxLength(100));
const PatchSchema = v.record(Text(100), v.union([v.string(), v.number(), v.boolean()]));

/**
 * One record of an action: its key (the row id), its name in the summary, and the call's input (with
 * `$base`); or `refused`: why the form's rules refuse it, so it fails for good without any call.
 */
export const BatchItemSchema = v.object({ key: Text(200), label: Text(300), input: v.record(v.string(), v.unknown()), refused: v.optional(Text(1000)) });
export type BatchItem = v.InferOutput<typeof BatchItemSchema>;

/**
 * "All N matching": the records of a list main keeps that pass the table's search and filters, less
 * the ones unticked since. Main resolves them itself, so no row travels to the page to be counted or run.
 */
export const BatchMatchingSchema = v.object({
  // The rows a window of the same table selects (./windows): one shape for both.
  ...ListSelectionEntries,
  except: v.pipe(v.array(Text(200)), v.maxLength(100_000)),
});
export type BatchMatching = v.InferOutput<typeof BatchMatchingSchema>;

export const BatchRunSchema = v.object({
  batch: BatchIdSchema,
  call: CallNameSchema,
  /** The records, each with its input; or `matching` (a list main keeps) with the fields to set. */
  items: v.optional(v.pipe(v.array(BatchItemSchema), v.maxLength(100_000))),
  matching: v.optional(BatchMatchingSchema),
  patch: v.optional(PatchSchema),
  /** How History names the action ('Changed Difficulty of', ['question', 'questions']). */
  action: v.optional(ActionNameSchema),
});
export type BatchRun = v.InferOutput<typeof BatchRunSchema>;

/**
 * A record an action could not change, with why. `final`: the server refused it for good (a 4xx other
 * than 408 and 429) or its input was refused before any call; trying again would be refused again, so
 * Retry failed leaves it out.
 */
export const BatchFailureSchema = v.object({
  key: v.string(),
  label: v.string(),
  message: v.string(),
  final: v.optional(v.literal(true)),
  /** The error's kind and HTTP status: the screen applies its own message rules to them (a bare failure's fallback). */
  kind: v.optional(v.picklist(['validation', 'http', 'network', 'auth', 'parse', 'cancelled', 'conflict'])),
  status: v.optional(v.number()),
});
export type BatchFailure = v.InferOutput<typeof BatchFailureSchema>;

/** How a bulk action ended: its batch id (every write carried it), what was done and what failed, with why. */
export const BatchSummarySchema = v.object({
  batch: v.string(),
  call: v.string(),
  total: v.number(),
  done: v.number(),
  failed: v.array(BatchFailureSchema),
  cancelled: v.boolean(),
});
export type BatchSummary = v.InferOutput<typeof BatchSummarySchema>;

/** The progress event of a running action ('batch:progress'). */
export interface BatchProgress {
  batch: string;
  total: number;
  done: number;
  failed: number;
}

/**
 * Whether a failed write would be refused again as it is: an input refused, a 4xx other than a timeout
 * or too many requests, or a record someone else deleted (a record changed meanwhile may be put back).
 */
export const finalRefusal = (error: CallError): boolean =>
  error.kind === 'validation' ||
  (error.kind === 'conflict' && error.conflict?.current === null) ||
  (error.kind === 'http' && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429);

/** Said of a record an action did not reach because it was cancelled. */
export const NOT_RUN = 'Cancelled before it ran.';

export type Patch = Record<string, string | number | boolean>;

/** A record's input that cannot be made: the rules of its form refuse it, and this says why. */
export type Refusal = { readonly $refused: string };
export const refusal = (reason: string): Refusal => ({ $refused: reason });
/** Why a made input is a refusal, or null when it is an input. */
export const refusalOf = (made: unknown): string | null =>
  typeof made === 'object' && made !== null && typeof (made as Partial<Refusal>).$refused === 'string' ? (made as Refusal).$refused : null;

/** A record of an action from its made input (sent with the record it was read as) or its refusal (never sent). */
export function batchItemOf(key: string, label: string, made: unknown, base: object): BatchItem {
  const refused = refusalOf(made);
  return refused === null ? { key, label, input: { ...(made as object), [BASE_FIELD]: base } } : { key, label, input: {}, refused };
}

/** What a form's schema makes of `values`, or its first message (what the form would say on Save). */
export function formCheck<S extends v.GenericSchema>(schema: S, values: unknown): { ok: true; output: v.InferOutput<S> } | { ok: false; message: string } {
  const parsed = v.safeParse(schema, values);
  return parsed.success ? { ok: true, output: parsed.output } : { ok: false, message: parsed.issues[0].message };
}

/** The edit form's values of a question (as its Edit dialog fills them). */
export const questionValuesOf = (q: Question) => ({
  question: q.question,
  language: q.language,
  categoryId: q.categoryId,
  helpText: q.helpText,
  optionFormat: q.optionFormat,
  difficulty: q.difficulty,
  options: q.options.map((o) => ({ ...o })),
});

/**
 * A question's update with `patch` over its Edit Question values, as that form would send it; refused,
 * with the form's message, when the form would refuse it (a question the platform holds with no correct
 * option, say: a bulk change of its difficulty would otherwise save it as it is).
 */
export function questionUpdateOf(q: Question, patch: Patch): Record<string, unknown> | Refusal {
  const checked = formCheck(QuestionEditSchema, { ...questionValuesOf(q), ...patch });
  return checked.ok ? { id: q._id, ...checked.output } : refusal(checked.message);
}

/** The fields a library file has only when it is Public (spec 1: otherwise an empty status and level 0 are sent). */
const PUBLIC_ONLY_FIELDS = ['status', 'level'];

/**
 * A library file's update with `patch` over its Edit File values: the form's rules, then its payload.
 * Refused when the form would refuse it, and a status or level set on a file that is not Public (main
 * would send '' and 0: nothing would change, yet the action would count it done).
 */
export function mediaUpdateOf(file: LibraryFile, patch: Patch): Record<string, unknown> | Refusal {
  const values = { ...libraryFormOf(file), ...patch };
  if (values.visibility !== 'Public' && PUBLIC_ONLY_FIELDS.some((field) => field in patch)) return refusal(APP_TEXT.publicOnly);
  const checked = formCheck(LibraryFileFormSchema, values);
  return checked.ok ? { id: file._id, ...libraryPayloadOf(checked.output) } : refusal(checked.message);
}

/**
 * How a record of a list main keeps becomes the input of a bulk call (what the screen's Edit or
 * Delete would send): main uses these for "all N matching", the screens for the rows they hold.
 */
export const LIST_BATCH: Partial<Record<ListName, { key: (row: never) => string; calls: Record<string, (row: never, patch: Patch) => Record<string, unknown> | Refusal> }>> = {
  media: {
    key: (f: LibraryFile) => f._id,
    calls: { 'library.updateMedia': mediaUpdateOf, 'library.deleteMedia': (f: LibraryFile) => ({ id: f._id }) },
  },
  mediaFiltered: {
    key: (f: LibraryFile) => f._id,
    calls: { 'library.updateMedia': mediaUpdateOf, 'library.deleteMedia': (f: LibraryFile) => ({ id: f._id }) },
  },
  questions: {
    key: (q: Question) => q._id,
    calls: { 'questionBank.updateQuestion': questionUpdateOf },
  },
};

/** A new batch id (every write of one action, and its retries, carries it). */
export const newBatchId = (): string => `b-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
