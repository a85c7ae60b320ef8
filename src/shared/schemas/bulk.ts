import * as v from 'valibot';
import { LANGUAGES } from '../constants';
import { IdSchema } from './common';
import {
  FILE_TYPES,
  LIBRARY_TITLE_MAX,
  LibraryFileSchema,
  LibraryFileFormSchema,
  emptyLibraryForm,
  libraryPayloadOf,
  type FileType,
  type LibraryMediaCreateInput,
} from './library';
import { MediaVerdictSchema } from './media';

/**
 * Bulk upload (DESIGN section 13): the queue's item model as every side sees it. The queue
 * lives in main (src/main/services/bulk); the renderer is a view of it. Items are checked with the Add
 * File form's own schema (LibraryFileFormSchema), so they get the same rules and the same texts.
 */

/**
 * invalid: its metadata fails the Add File rules (see `issues`); not started until fixed.
 * waiting: to be sent (possibly after `retryAt`). uploading: an attempt runs. paused: held by the user.
 * done: the server has the record (`recordId`). failed: a 4xx, or retries used up (`lastError`).
 * cancelled: the user cancelled it. changed-or-missing: the file changed or vanished since it was
 * queued: choose it again.
 */
export const BULK_STATES = ['invalid', 'waiting', 'uploading', 'paused', 'done', 'failed', 'cancelled', 'changed-or-missing'] as const;
export type BulkState = (typeof BULK_STATES)[number];

export const BULK_CONCURRENCY = { min: 1, max: 6, default: 2 } as const;

/** The texts of the queue (the project's own; the spec has no bulk upload). */
export const BULK_TEXT = {
  changedOrMissing: 'changed or missing: choose it again',
  alreadyQueued: 'This file is already in the queue.',
  duplicateTitle: (title: string) => `The library already has a file named "${title}".`,
  duplicateInQueue: (title: string) => `Another file in the queue is named "${title}".`,
  notEditable: 'This file is uploading or uploaded: pause it to edit it.',
  cancelledTooLate: 'Cancelled after the server had stored it: the file is in the library.',
  retriesUsed: (n: number, message: string) => `Gave up after ${n} attempts: ${message}`,
  serverUnreachable: 'The server cannot be reached: the queue waits and resumes when it answers.',
  signedOut: 'Signed out: sign in again and resume the queue.',
  unknownItem: 'This item is no longer in the queue.',
  thumbnailChanged: 'The thumbnail changed on disk or is missing: choose it again.',
} as const;

// Titles from file names

/** Extension dropped, `_`, `-`, `.` and runs of white space made one space, trimmed, at most 100 characters. */
export function titleFromFileName(name: string): string {
  const base = name.normalize('NFC').replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  // A leading dot (".hidden") is part of the name, not an extension.
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const spaced = stem.replace(/[\s_.-]+/g, ' ').trim();
  if (spaced.length <= LIBRARY_TITLE_MAX) return spaced;
  // Cut by code points, so a surrogate pair (an emoji) is never split.
  return Array.from(spaced).slice(0, LIBRARY_TITLE_MAX).join('').trimEnd();
}

/** How titles are compared for duplicates: case, accents' composition and spacing do not count. */
export const titleKey = (title: string): string => title.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

// Metadata

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const ids = (max: number) => v.pipe(v.array(IdSchema), v.maxLength(max));

/**
 * An item's metadata: the Add File form's fields, stored as the user left them (loosely typed and
 * bounded, so an incomplete item can be kept and shown with its messages). The file's type and
 * duration come from the file, not from here.
 */
export const BulkMetaSchema = v.object({
  title: text(1000),
  description: text(5000),
  language: v.union([v.picklist(LANGUAGES), v.literal('')]),
  visibility: v.picklist(['Public', 'Restricted', '']),
  status: v.picklist(['live', 'draft', 'hidden', '']),
  level: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(7)),
  type: v.picklist(['Demo/Walkthrough', 'Knowledge sharing', 'Informative/educational', 'Interview', '']),
  businessIdeas: ids(500),
  category: ids(100),
  keywords: ids(100),
  source: text(500),
});
export type BulkMeta = v.InferOutput<typeof BulkMetaSchema>;
export type BulkField = keyof BulkMeta;

/** A change to some fields of one or many items (cell edits, the defaults panel). */
export const BulkMetaPatchSchema = v.partial(BulkMetaSchema);
export type BulkMetaPatch = v.InferOutput<typeof BulkMetaPatchSchema>;

const FORM_DEFAULTS = emptyLibraryForm();

/** A new item's metadata: the Add File form's defaults and the title from the file name. */
export function defaultMeta(fileName: string): BulkMeta {
  return {
    title: titleFromFileName(fileName),
    description: '',
    language: FORM_DEFAULTS.language ?? 'English',
    visibility: FORM_DEFAULTS.visibility ?? 'Public',
    status: (FORM_DEFAULTS.status ?? 'draft') as BulkMeta['status'],
    level: FORM_DEFAULTS.level,
    type: '',
    businessIdeas: [],
    category: [],
    keywords: [],
    source: '',
  };
}

/** The facts of the file an item uploads. */
export interface BulkFileFacts {
  fileType: FileType;
  /** Seconds; 0 while unknown (main reads it again when it sends the file). */
  duration: number;
}

/** The Add File form input of an item (what the form would hold for it). */
function formOf(meta: BulkMeta, facts: BulkFileFacts, hasThumbnail: boolean): Record<string, unknown> {
  return {
    ...meta,
    language: meta.language || undefined,
    visibility: meta.visibility || undefined,
    fileType: facts.fileType,
    fileUrl: '',
    // Not splitDuration: it caps the hours, and a file longer than the form allows must show the message.
    hours: Math.floor(facts.duration / 3600),
    minutes: Math.floor((facts.duration % 3600) / 60),
    seconds: Math.floor(facts.duration % 60),
    file: { grantId: 'queued' },
    thumbnail: hasThumbnail ? { grantId: 'queued-thumbnail' } : null,
    hasStoredFile: false,
  };
}

/** The Add File form's messages for a form, first per field (hours, minutes and seconds as duration). */
function formIssues(form: Record<string, unknown>): Partial<Record<string, string>> {
  const result = v.safeParse(LibraryFileFormSchema, form);
  const out: Partial<Record<string, string>> = {};
  for (const issue of result.issues ?? []) {
    const key = issue.path?.[0]?.key;
    const field = typeof key === 'string' ? (key === 'hours' || key === 'minutes' || key === 'seconds' ? 'duration' : key) : 'item';
    out[field] ??= issue.message;
  }
  return out;
}

/** The form's own title rule (the form picks it from the entity schema). */
const TitleSchema = LibraryFileSchema.entries.title;
/**
 * Checking 10,000 queued files one schema run each takes about half a second; but queued items share
 * everything but the title (the defaults panel sets the rest for many at once). So the title is checked
 * on its own with its own rule, and the other fields' messages are kept per distinct combination.
 */
const restCache = new Map<string, Partial<Record<string, string>>>();
const REST_CACHE_MAX = 2000;

/**
 * What is wrong with an item, per field, as the Add File form would say it (its schema, its texts,
 * the first message of each field). Empty when the item may be uploaded.
 */
export function bulkIssues(meta: BulkMeta, facts: BulkFileFacts): Partial<Record<string, string>> {
  const key = `${facts.fileType}|${facts.duration}|${JSON.stringify({ ...meta, title: '' })}`;
  let rest = restCache.get(key);
  if (!rest) {
    // A valid stand-in title: the title is checked below.
    rest = formIssues(formOf({ ...meta, title: 'x' }, facts, false));
    if (restCache.size >= REST_CACHE_MAX) restCache.clear();
    restCache.set(key, rest);
  }
  const title = v.safeParse(TitleSchema, meta.title);
  return title.success ? { ...rest } : { title: title.issues[0].message, ...rest };
}

/**
 * The POST /library/media input of a valid item, with the file (and thumbnail) as the grants main made
 * for this attempt. Throws when the item is not valid (callers check `bulkIssues` first).
 */
export function bulkPayloadOf(meta: BulkMeta, facts: BulkFileFacts, fileGrantId: string, thumbnailGrantId?: string): LibraryMediaCreateInput {
  const form = v.parse(LibraryFileFormSchema, formOf(meta, facts, !!thumbnailGrantId));
  return {
    ...libraryPayloadOf(form),
    file: { grantId: fileGrantId },
    ...(thumbnailGrantId ? { thumbnail: { grantId: thumbnailGrantId } } : {}),
  };
}

// What the renderer sees

/**
 * What an item may duplicate: `kind` says where (a library record, or an earlier item of the queue, by
 * id), `reason` why: the same title, the same content (SHA-256; for 'library' a file this client
 * uploaded before), or likely (a library record of the same size and duration). Queue files of earlier
 * versions have no reason: the title.
 */
export const BulkDuplicateSchema = v.object({
  kind: v.picklist(['library', 'queue']),
  title: v.string(),
  id: v.string(),
  reason: v.optional(v.picklist(['title', 'content', 'likely']), 'title'),
});
export type BulkDuplicate = v.InferOutput<typeof BulkDuplicateSchema>;

/** The file's facts as the renderer may show them (no path: the renderer never names files by path). */
export const BulkFileViewSchema = v.object({ name: v.string(), size: v.number(), folder: v.string() });

/** A caption file found beside the item's file (src/shared/sidecar.ts), imported as its transcripts after the upload. */
export const BulkCaptionSchema = v.object({
  name: v.string(),
  /** The suffix's language; null: the item's own language. */
  language: v.nullable(v.picklist(LANGUAGES)),
  state: v.picklist(['pending', 'imported', 'failed']),
  /** Why it failed, or how many cues were imported. */
  message: v.nullable(v.string()),
});
export type BulkCaption = v.InferOutput<typeof BulkCaptionSchema>;

export const BulkItemViewSchema = v.object({
  id: v.string(),
  file: BulkFileViewSchema,
  thumbnail: v.nullable(v.object({ name: v.string() })),
  fileType: v.picklist(FILE_TYPES),
  duration: v.number(),
  /** 'none': the file has no readable duration (APP_TEXT.noDuration). */
  probe: v.picklist(['pending', 'ok', 'none']),
  /** What the editor should know about the file before it is sent (mediaWarnings); never blocks. */
  warnings: v.array(v.string()),
  /** What the media library made of the file (null until read, or for a file not meant as media). */
  verdict: v.nullable(MediaVerdictSchema),
  /** Not playable and not sent until the person removes it or chooses Send anyway. */
  held: v.boolean(),
  captions: v.array(BulkCaptionSchema),
  meta: BulkMetaSchema,
  state: v.picklist(BULK_STATES),
  /** Per field, the Add File form's message; empty when valid. */
  issues: v.record(v.string(), v.string()),
  /** A file of the library (or an earlier queued item) this one may duplicate; the item waits until kept or skipped. */
  duplicate: v.nullable(BulkDuplicateSchema),
  attempts: v.number(),
  lastError: v.nullable(v.string()),
  sent: v.number(),
  /** 0 to 100. */
  percent: v.number(),
  /** Bytes per second while uploading, else 0. */
  rate: v.number(),
  recordId: v.nullable(v.string()),
  retryAt: v.nullable(v.number()),
});
export type BulkItemView = v.InferOutput<typeof BulkItemViewSchema>;

export const BulkOverallSchema = v.object({
  /** Items done of the items that count (all but cancelled). */
  filesDone: v.number(),
  filesTotal: v.number(),
  bytesSent: v.number(),
  bytesTotal: v.number(),
  /** Bytes per second over the last seconds. */
  rate: v.number(),
  /** Seconds left at the current rate; null when unknown. */
  secondsLeft: v.nullable(v.number()),
  /** Items that need the user: invalid, failed, changed or missing, held duplicates. */
  needAttention: v.number(),
});
export type BulkOverall = v.InferOutput<typeof BulkOverallSchema>;

export const BulkQueueStatusSchema = v.object({
  /** Started by the user (and not paused). */
  running: v.boolean(),
  /** Paused with work left (Resume carries on); false when it never ran or ran out of work. */
  paused: v.optional(v.boolean()),
  /** The server stopped answering: the queue waits and resumes by itself. */
  offline: v.boolean(),
  concurrency: v.pipe(v.number(), v.integer(), v.minValue(BULK_CONCURRENCY.min), v.maxValue(BULK_CONCURRENCY.max)),
  /** Work remains and the queue runs: keep the system awake, ask before quitting. */
  active: v.boolean(),
  /** Why the queue stopped by itself (signed out, another server or account), or null. */
  notice: v.nullable(v.string()),
  /** The queue was prepared for another server or account: it waits until moved here (bulk.moveHere). */
  foreign: v.optional(v.boolean()),
  /** Paused while uploads were in flight: they finish first; `sent` is what stopping them now would send again. */
  finishing: v.optional(v.object({ files: v.number(), sent: v.number() })),
});
export type BulkQueueStatus = v.InferOutput<typeof BulkQueueStatusSchema>;

/**
 * The one event the queue emits (throttled to about 10 a second in all): the status, the overall
 * progress, the progress of the uploading items, and which items changed (`'all'` when many did), so
 * the view refetches only those.
 */
export interface BulkEvent {
  status: BulkQueueStatus;
  overall: BulkOverall;
  progress: { id: string; sent: number; total: number; percent: number; rate: number }[];
  changed: string[] | 'all';
  /** True once, when the queue ran out of work it can do (a notification; the summary is ready). */
  finished: boolean;
}

/** What adding files answers: the new items, and what was not added and why. */
export const BulkAddResultSchema = v.object({
  /** Ids of the new items, in the order given. */
  added: v.array(v.string()),
  /** File names already in the queue (the same file: real path and inode), not added again. */
  alreadyQueued: v.array(v.string()),
  /** Files that could not be read, with why. */
  unreadable: v.array(v.object({ name: v.string(), message: v.string() })),
  /** 'unavailable': the library's titles could not be fetched, so no duplicate check against it. */
  libraryCheck: v.picklist(['done', 'unavailable', 'skipped']),
  /** A folder with more media files than the queue takes at once (the rest were not added). */
  truncated: v.optional(v.boolean()),
});
export type BulkAddResult = v.InferOutput<typeof BulkAddResultSchema>;

export const BULK_LIST_FILTERS = ['all', 'attention', ...BULK_STATES] as const;
export type BulkListFilter = (typeof BULK_LIST_FILTERS)[number];

/** The rows a filter and a search of the queue's grid show: search text is matched in titles and file names. */
export const BulkViewSchema = v.object({
  filter: v.optional(v.picklist(BULK_LIST_FILTERS), 'all'),
  search: v.optional(v.pipe(v.string(), v.maxLength(500)), ''),
});
export type BulkView = v.InferOutput<typeof BulkViewSchema>;

const BulkItemIds = v.pipe(v.array(v.pipe(v.string(), v.nonEmpty(), v.maxLength(64))), v.maxLength(100_000));
/**
 * Items the person chose: their ids, or every row of a view but some (the grid's "select all N" across
 * pages, without the page ever holding them).
 */
export const BulkSelectionSchema = v.union([BulkItemIds, v.object({ ...BulkViewSchema.entries, except: BulkItemIds })]);
export type BulkSelection = v.InferOutput<typeof BulkSelectionSchema>;
