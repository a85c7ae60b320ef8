import * as v from 'valibot';
import { LANGUAGES } from '../constants';
import { COURSE_MSG, COURSE_TEXT } from '../course-messages';
import { MSG } from '../messages';
import { DateTimeSchema, IdSchema } from './common';
import { FileRefSchema, UploadIdSchema } from './library';

/** Course constants (spec 2 sections 3, 4 and 9). */
export const COURSE_STATUSES = ['draft', 'live'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
/** Pricing plan types: Free when the fee is 0, Paid above (the form sets only the fee). */
export const PLAN_TYPES = ['Free', 'Paid'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
/** The thumbnail the course form recommends, and the image types it accepts. */
export const COURSE_THUMBNAIL_RECOMMENDED = { width: 800, height: 800 } as const;
export const COURSE_THUMBNAIL_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const COURSE_NAME_MAX = 200;
export const COURSE_DESCRIPTION_MAX = 2000;
export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_DESCRIPTION_MAX = 2000;
/** The file preview dialog's width. */
export const PREVIEW_DIALOG_WIDTH = 1000;
/**
 * Folder levels of a course: a folder at the top of a course is a module, a folder in a module a
 * topic, a folder in a topic a concept. Deeper folders are refused (see docs/decisions/reference-server.md).
 */
export const FOLDER_LEVELS = ['module', 'topic', 'concept'] as const;
export const MAX_FOLDER_DEPTH = FOLDER_LEVELS.length;
/** The most records one reorder call may name. */
export const MAX_REORDER = 10_000;

const MetaDatesSchema = v.object({ at: DateTimeSchema });

/** A fee in INR: a number, at least 0. */
const feeSchema = v.pipe(
  v.number(COURSE_TEXT.enterCourseFee),
  v.finite(COURSE_TEXT.enterCourseFee),
  v.minValue(0, COURSE_TEXT.feeNotNegative),
  v.maxValue(10_000_000, COURSE_TEXT.enterCourseFee),
);

const courseFields = {
  name: v.pipe(v.string(COURSE_TEXT.enterCourseName), v.trim(), v.nonEmpty(COURSE_TEXT.enterCourseName), v.maxLength(COURSE_NAME_MAX, COURSE_TEXT.nameTooLong)),
  description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(COURSE_DESCRIPTION_MAX, COURSE_TEXT.descriptionTooLong)), ''),
  language: v.picklist(LANGUAGES, MSG.selectLanguage),
  modulesSkippable: v.optional(v.boolean(), false),
  hasOnlyVideos: v.optional(v.boolean(), false),
  /** A new course starts as draft (spec 2 section 4). */
  status: v.optional(v.picklist(COURSE_STATUSES), 'draft'),
};

/** A module as a course lists it: a top-level folder of its directory. */
export const CourseModuleRefSchema = v.object({ _id: IdSchema, title: v.string() });

/** A course (spec 2 section 3) as the server sends it. */
export const CourseSchema = v.object({
  _id: IdSchema,
  /** The Course Id column. */
  referenceId: v.string(),
  name: v.string(),
  description: v.string(),
  language: v.picklist(LANGUAGES),
  pricingPlan: v.object({ planType: v.picklist(PLAN_TYPES), courseFee: v.number() }),
  modulesSkippable: v.boolean(),
  hasOnlyVideos: v.boolean(),
  /** The thumbnail's address: a signed URL for an uploaded image ('' when none). */
  thumbnail: v.string(),
  status: v.picklist(COURSE_STATUSES),
  /** The Contents column: how many modules (top-level folders) the course has. */
  modulesCount: v.number(),
  modules: v.array(CourseModuleRefSchema),
  created: MetaDatesSchema,
  updated: MetaDatesSchema,
});
export type Course = v.InferOutput<typeof CourseSchema>;

const courseUploadFields = {
  /** main strips it before sending: it names the upload in progress events and in uploads.cancel. */
  uploadId: v.optional(UploadIdSchema),
};

/** POST /course (multipart): the fields plus the thumbnail image, which a course must have. */
export const CourseCreateSchema = v.object({
  ...courseFields,
  courseFee: feeSchema,
  thumbnail: v.pipe(v.optional(FileRefSchema), v.check((ref) => ref !== undefined, COURSE_TEXT.addThumbnail)),
  ...courseUploadFields,
});
export type CourseCreateInput = v.InferInput<typeof CourseCreateSchema>;

/**
 * PUT /course/{id} (multipart): the same fields; a thumbnail only when it is replaced. Status and the
 * two switches left out keep their stored values (a client that omits them cannot unpublish a course).
 */
export const CourseUpdateSchema = v.object({
  id: IdSchema,
  ...courseFields,
  modulesSkippable: v.optional(v.boolean()),
  hasOnlyVideos: v.optional(v.boolean()),
  status: v.optional(v.picklist(COURSE_STATUSES)),
  courseFee: feeSchema,
  thumbnail: v.optional(FileRefSchema),
  ...courseUploadFields,
});
export type CourseUpdateInput = v.InferInput<typeof CourseUpdateSchema>;

/** A list of ids in their new order: no id twice. */
export const orderSchema = (max = MAX_REORDER) =>
  v.pipe(
    v.array(IdSchema),
    v.minLength(1, 'The new order is empty.'),
    v.maxLength(max, `At most ${max} records can be reordered in one call.`),
    v.check((ids) => new Set(ids).size === ids.length, COURSE_TEXT.duplicateIds),
  );

/**
 * PUT /course/update-sequence: the course ids in their new order. The named courses take the places
 * they held among themselves, so the list may be a language's courses only.
 */
export const CourseSequenceSchema = v.object({ courses: orderSchema() });

/**
 * The Add/Edit Course form. Submit is enabled only when language, name and course fee are set and a
 * thumbnail exists (spec 2 section 5): a new one chosen (`thumbnail`) or the stored one kept
 * (`hasStoredThumbnail`, edit only). The fee is typed as text; empty is "not set".
 */
export const CourseFormSchema = v.pipe(
  v.object({
    ...courseFields,
    language: v.pipe(v.optional(v.string(), ''), v.picklist(LANGUAGES, MSG.selectLanguage)),
    courseFee: v.pipe(
      v.union([v.number(), v.string()], COURSE_TEXT.enterCourseFee),
      v.transform((value) => (typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : value)),
      v.check((n) => Number.isFinite(n), COURSE_TEXT.enterCourseFee),
      v.minValue(0, COURSE_TEXT.feeNotNegative),
    ),
    thumbnail: v.nullish(FileRefSchema),
    hasStoredThumbnail: v.optional(v.boolean(), false),
  }),
  v.forward(
    v.partialCheck([['thumbnail'], ['hasStoredThumbnail']], (f) => !!f.thumbnail || f.hasStoredThumbnail, COURSE_TEXT.addThumbnail),
    ['thumbnail'],
  ),
);
export type CourseForm = v.InferOutput<typeof CourseFormSchema>;
export type CourseFormInput = v.InferInput<typeof CourseFormSchema>;

/** The payload of a valid course form (POST /course; add `id` for PUT). */
export function coursePayloadOf(form: CourseForm, uploadId?: string): Omit<CourseCreateInput, 'thumbnail'> & { thumbnail?: { grantId: string } } {
  const { thumbnail, hasStoredThumbnail: _kept, ...rest } = form;
  void _kept;
  return { ...rest, ...(thumbnail ? { thumbnail } : {}), ...(uploadId ? { uploadId } : {}) };
}

// Documents: the folders and files of a course's directory (spec 2 section 3)

export const DOCUMENT_TYPES = ['folder', 'file'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The library file a file document shows. */
export const DocumentFileSchema = v.object({
  _id: IdSchema,
  title: v.string(),
  description: v.string(),
  language: v.picklist(LANGUAGES),
  fileUrl: v.string(),
  /** addition: an address a <video> can load without headers (signed for uploaded files). */
  previewUrl: v.string(),
});

/** A folder or file of a course. */
export const DocumentSchema = v.object({
  _id: IdSchema,
  title: v.string(),
  description: v.string(),
  type: v.picklist(DOCUMENT_TYPES),
  courseId: IdSchema,
  /** The folder it is in; '' at the top of the course. */
  parent: v.string(),
  freeToWatch: v.boolean(),
  /** Files: the library file (null when that file was deleted from the library). Folders: null. */
  fileId: v.nullable(DocumentFileSchema),
  createdAt: DateTimeSchema,
  lastUpdatedAt: DateTimeSchema,
  /** The folders above it, from the top of the course down (the breadcrumb). */
  ancestors: v.array(v.object({ _id: IdSchema, title: v.string() })),
  /**
   * Folders: what lies anywhere below (deleting the folder deletes it all). Files: zeros.
   * (The spec's `descendants` of a document; the children themselves come from GET /document/{id}.)
   */
  contents: v.object({ folders: v.number(), files: v.number() }),
  /** Folders: module, topic or concept by depth; files: 'file'. */
  level: v.picklist([...FOLDER_LEVELS, 'file']),
});
export type CourseDocument = v.InferOutput<typeof DocumentSchema>;

/** GET /document/{id}: a folder's (or, with a course id, the course's top level) children in order. */
export const DocumentListingSchema = v.object({
  descendants: v.array(DocumentSchema),
  /** The folder itself; null at the top of a course. */
  parentInfo: v.nullable(DocumentSchema),
  courseDoc: CourseSchema,
});
export type DocumentListing = v.InferOutput<typeof DocumentListingSchema>;

const titleOf = (message: string) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(DOCUMENT_TITLE_MAX, COURSE_TEXT.nameTooLong));
const documentDescription = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(DOCUMENT_DESCRIPTION_MAX, COURSE_TEXT.descriptionTooLong)),
  '',
);
/** '' (or absent) at the top of the course. */
const parentSchema = v.optional(v.union([v.literal(''), IdSchema]), '');

/** POST /document, a folder: title, description (the module description), type folder, courseId, parent. */
export const FolderDraftSchema = v.object({
  title: titleOf(COURSE_TEXT.enterFolderName),
  description: documentDescription,
  type: v.literal('folder'),
  courseId: IdSchema,
  parent: parentSchema,
});

/**
 * POST /document, a video file: title, type file, courseId, parent, freeToWatch, fileId (a library
 * file's _id), description. Without a title: 'Please fill in the mandatory fields!'. The video field
 * says what it lacks in its own words: the Upload Video form shows the spec's notice for it already.
 */
export const FileDraftSchema = v.object({
  title: titleOf(COURSE_MSG.fillMandatory),
  description: documentDescription,
  type: v.literal('file'),
  courseId: IdSchema,
  parent: parentSchema,
  freeToWatch: v.optional(v.boolean(), false),
  fileId: v.pipe(v.optional(v.string(), ''), v.nonEmpty(COURSE_TEXT.chooseVideo), v.maxLength(64)),
});

export const DocumentCreateSchema = v.variant('type', [FolderDraftSchema, FileDraftSchema], 'The type must be folder or file.');
export type DocumentCreateInput = v.InferInput<typeof DocumentCreateSchema>;

/**
 * PUT /document/{id}: a folder's title and description; a file's also its video and free-to-watch flag.
 * A field left out keeps its stored value (the video Edit dialog sends the title only).
 */
export const DocumentUpdateSchema = v.object({
  id: IdSchema,
  title: titleOf(COURSE_MSG.fillMandatory),
  description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(DOCUMENT_DESCRIPTION_MAX, COURSE_TEXT.descriptionTooLong))),
  freeToWatch: v.optional(v.boolean()),
  fileId: v.optional(v.pipe(v.string(), v.nonEmpty(COURSE_TEXT.chooseVideo), v.maxLength(64))),
});
export type DocumentUpdateInput = v.InferInput<typeof DocumentUpdateSchema>;

/** The answer of DELETE /document/{id}: what went with it. */
export const DocumentDeletedSchema = v.object({
  message: v.string(),
  deleted: v.object({ folders: v.number(), files: v.number() }),
});

/** PUT /document/reorder-sequence: the ids of one folder's children in their new order. */
export const DocumentReorderSchema = v.object({ descendants: orderSchema() });

/**
 * POST /descendant (the Add File button): adds library files to a folder in one call, each a file
 * document titled like its library file.
 */
export const DescendantAddSchema = v.object({
  courseId: IdSchema,
  // Empty at the top of the course (spec 2), as a created document's.
  parent: parentSchema,
  fileIds: v.pipe(
    v.array(IdSchema, COURSE_TEXT.chooseVideo),
    v.minLength(1, COURSE_TEXT.chooseVideo),
    v.maxLength(500),
    v.check((ids) => new Set(ids).size === ids.length, COURSE_TEXT.duplicateIds),
  ),
  freeToWatch: v.optional(v.boolean(), false),
});

// Course-level constants the renderer reads for the course form

/** An empty Add Course form (a new course starts as draft). */
export const emptyCourseForm = (language: string = ''): CourseFormInput => ({
  name: '', description: '', language, courseFee: '', modulesSkippable: false, hasOnlyVideos: false, status: 'draft',
  thumbnail: null, hasStoredThumbnail: false,
});

/** The Edit Course form of a stored course. */
export const courseFormOf = (course: Course): CourseFormInput => ({
  name: course.name, description: course.description, language: course.language, courseFee: course.pricingPlan.courseFee,
  modulesSkippable: course.modulesSkippable, hasOnlyVideos: course.hasOnlyVideos, status: course.status,
  thumbnail: null, hasStoredThumbnail: course.thumbnail !== '',
});
