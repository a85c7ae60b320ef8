import * as v from 'valibot';
import { LANGUAGES } from '../constants';
import { BulkMetaSchema, titleKey } from './bulk';
import { DOCUMENT_TITLE_MAX, FOLDER_LEVELS } from './courses';
import { IdSchema } from './common';
import { MediaVerdictSchema } from './media';

/**
 * Importing a folder of videos as a course, or into a folder of one: main reads the folder's tree
 * (src/main/services/course-import), the preview dialog shows it, and main builds it.
 */

/** What the preview marks. Every problem but a long name leaves its entry out of the import. */
export const IMPORT_PROBLEMS = ['tooDeep', 'empty', 'notMedia', 'nameTooLong', 'duplicate'] as const;
export type ImportProblemKind = (typeof IMPORT_PROBLEMS)[number];

export const IMPORT_TEXT = {
  tooDeep: 'Too deep: folders go three levels deep (module, topic and concept). Left out with what is in it.',
  tooDeepOnlyVideos: 'Too deep: this course has only videos, so its modules hold videos, not folders. Left out with what is in it.',
  empty: 'Empty folder: no video in it. Left out.',
  notMedia: 'Not a video or audio file. Left out.',
  nameTooLong: `Name too long: at most ${DOCUMENT_TITLE_MAX} characters. Shorten the title to import it.`,
  duplicate: (title: string) => `The library already has "${title}": that file is linked, not uploaded again. Change the title to upload this one.`,
  noTitle: 'Enter a title.',
  busy: 'Another folder is being imported. Wait until it has finished.',
  unknownImport: 'This preview is no longer open. Choose the folder again.',
  nothingToImport: 'Nothing in this folder can be imported.',
  targetTooDeep: 'Folders go three levels deep: module, topic and concept.',
  dropOneFolder: 'Drop one folder here: its folders and videos are imported together. To upload single files, use Bulk Upload.',
  folderUnreadable: 'This folder cannot be read. Check that you may open it, then drop it again.',
  dropRefused: (reason: string) => `A folder cannot be imported here. ${reason}`,
  cancelledByYou: 'Cancelled. What was made before stays; uploads not yet sent were taken out of the queue.',
  courseRefused: (reason: string) => `The server refused the course: ${reason} Nothing more was imported.`,
  courseNotFound: 'The new course could not be found on the server after it was created.',
  folderNotFound: (title: string) => `The folder "${title}" could not be found on the server after it was created.`,
} as const;

export const ImportProblemSchema = v.object({ kind: v.picklist(IMPORT_PROBLEMS), message: v.string() });
export type ImportProblem = v.InferOutput<typeof ImportProblemSchema>;

/** One entry of the tree, in the order it is built (a folder before what is in it). */
export const ImportNodeSchema = v.object({
  /** Its index in the preview's list, as text. */
  id: v.string(),
  /** The folder it goes into (an id of this list), or null: the import's top. */
  parent: v.nullable(v.string()),
  /** 0: the chosen folder itself; 1: what is in it; ... */
  depth: v.number(),
  kind: v.picklist(['folder', 'video']),
  /** The file or folder name on disk. */
  name: v.string(),
  /** Its course title: the name without its leading number (and extension). */
  title: v.string(),
  /** What the course directory makes of it. */
  level: v.picklist([...FOLDER_LEVELS, 'file', 'course']),
  /** The leading number of its name, which orders it among its siblings; null when it has none. */
  number: v.nullable(v.number()),
  /** Caption files that go with a video (the bulk queue imports them as its transcripts). */
  captions: v.array(v.string()),
  problems: v.array(ImportProblemSchema),
  /** Left out of the import (a problem, or inside a folder that is left out). */
  skipped: v.boolean(),
  /** The library file a video duplicates (linked instead of uploaded). */
  libraryFile: v.nullable(v.object({ _id: v.string(), title: v.string() })),
});
export type ImportNode = v.InferOutput<typeof ImportNodeSchema>;

/** Where the import goes: a new course, or a folder of an existing course ('' parent: its top). */
export const ImportTargetSchema = v.variant('kind', [
  v.object({ kind: v.literal('course') }),
  v.object({ kind: v.literal('folder'), courseId: IdSchema, parent: v.union([v.literal(''), IdSchema]) }),
]);
export type ImportTarget = v.InferOutput<typeof ImportTargetSchema>;

export const ImportPreviewSchema = v.object({
  importId: v.string(),
  folderName: v.string(),
  nodes: v.array(ImportNodeSchema),
  /** An image at the top of the folder, granted: the new course's thumbnail unless another is chosen. */
  thumbnail: v.nullable(v.object({ grantId: v.string(), name: v.string() })),
  /** The course's language when importing into one. */
  language: v.nullable(v.picklist(LANGUAGES)),
  /** How long main took to read the folder (ms). */
  readMs: v.number(),
});
export type ImportPreview = v.InferOutput<typeof ImportPreviewSchema>;

/**
 * The media library's verdict of each video of a preview (main reads them after the preview is shown:
 * a folder of 1,000 videos takes seconds). Only judged files have one; `read` of `total` are done.
 */
export const ImportVerdictsSchema = v.object({
  importId: v.string(),
  verdicts: v.record(v.string(), MediaVerdictSchema),
  read: v.number(),
  total: v.number(),
});
export type ImportVerdicts = v.InferOutput<typeof ImportVerdictsSchema>;

/** The library fields every queued video gets (the Add File form's, less the title and language). */
export const ImportDefaultsSchema = v.object({
  ...v.pick(BulkMetaSchema, ['description', 'type', 'businessIdeas', 'keywords', 'category', 'level', 'visibility']).entries,
  /** The directory's Free to watch switch, for every video. */
  freeToWatch: v.boolean(),
});
export type ImportDefaults = v.InferOutput<typeof ImportDefaultsSchema>;

export const ImportStartSchema = v.object({
  importId: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)),
  /** Titles the user changed, by node id. */
  titles: v.pipe(v.record(v.pipe(v.string(), v.maxLength(16)), v.pipe(v.string(), v.maxLength(1000))), v.check((r) => Object.keys(r).length <= 200_000)),
  /** A new course: its fields (the Add Course form's) and its thumbnail; null when importing into a folder. */
  course: v.nullable(
    v.object({
      name: v.pipe(v.string(), v.trim(), v.nonEmpty('Enter a course name.'), v.maxLength(200)),
      language: v.picklist(LANGUAGES),
      thumbnailGrantId: v.pipe(v.string(), v.nonEmpty('Choose a thumbnail for the course.'), v.maxLength(64)),
    }),
  ),
  defaults: ImportDefaultsSchema,
});
export type ImportStart = v.InferOutput<typeof ImportStartSchema>;

/** held: not playable, kept in the bulk queue (not uploaded, not linked) until removed there or sent anyway. */
export const IMPORT_ENTRY_STATES = ['waiting', 'made', 'queued', 'held', 'uploaded', 'linked', 'failed', 'skipped'] as const;

/** An import as main runs it: what is built so far (the summary when it has finished). */
export const ImportStatusSchema = v.object({
  importId: v.string(),
  /** `cancelled`: stopped for good (`problem` says why); what was made stays. */
  phase: v.picklist(['building', 'uploading', 'done', 'stopped', 'cancelled']),
  courseId: v.nullable(v.string()),
  /** Where the built folders are: the course's top or the folder imported into. */
  parent: v.string(),
  courseName: v.string(),
  folders: v.object({ made: v.number(), total: v.number() }),
  videos: v.object({ uploaded: v.number(), linked: v.number(), failed: v.number(), total: v.number() }),
  /** Why the import stopped, or the last problem it retries. */
  problem: v.nullable(v.string()),
  /** Every entry, with what became of it (`path`: the titles from the import's top down). */
  entries: v.array(
    v.object({
      path: v.string(),
      kind: v.picklist(['folder', 'video']),
      state: v.picklist(IMPORT_ENTRY_STATES),
      message: v.nullable(v.string()),
    }),
  ),
});
export type ImportStatus = v.InferOutput<typeof ImportStatusSchema>;

/** A title's problem, or null (the directory's rules: not blank, at most DOCUMENT_TITLE_MAX). */
export function importTitleProblem(title: string): string | null {
  const trimmed = title.trim();
  if (!trimmed) return IMPORT_TEXT.noTitle;
  if (Array.from(trimmed).length > DOCUMENT_TITLE_MAX) return IMPORT_TEXT.nameTooLong;
  return null;
}

/** The library file a video is linked to instead of uploaded: the one of its title, while its title is still that one. */
export function linkedLibraryFile(node: Pick<ImportNode, 'libraryFile'>, title: string): ImportNode['libraryFile'] {
  return node.libraryFile && titleKey(node.libraryFile.title) === titleKey(title) ? node.libraryFile : null;
}
