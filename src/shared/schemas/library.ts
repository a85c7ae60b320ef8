import * as v from 'valibot';
import { LANGUAGES } from '../constants';
import { APP_TEXT, MSG } from '../messages';
import { DateTimeSchema, IdSchema } from './common';

/** Library constants (spec 1 sections 3 and 9). */
export const LIBRARY_STATUSES = ['live', 'draft', 'hidden'] as const;
export const VISIBILITIES = ['Public', 'Restricted'] as const;
export const VIDEO_TYPES = ['Demo/Walkthrough', 'Knowledge sharing', 'Informative/educational', 'Interview'] as const;
export const FILE_TYPES = ['link', 'audio', 'video', 'other'] as const;
export const LEVELS = [1, 2, 3, 4, 5, 6, 7] as const;
export const LIBRARY_TITLE_MAX = 100;
export const LIBRARY_DESCRIPTION_MAX = 1000;
export const MAX_DURATION_HOURS = 12;
/** 12:59:59, the largest duration the form can express. */
export const MAX_DURATION_SECONDS = MAX_DURATION_HOURS * 3600 + 59 * 60 + 59;
/** The thumbnail size the form suggests. */
export const THUMBNAIL_SUGGESTED = { width: 1280, height: 720 } as const;
/** A loose http(s) URL pattern: scheme, a host, no spaces. */
export const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

export type LibraryStatus = (typeof LIBRARY_STATUSES)[number];
export type Visibility = (typeof VISIBILITIES)[number];
export type VideoType = (typeof VIDEO_TYPES)[number];
export type FileType = (typeof FILE_TYPES)[number];

/**
 * A file the renderer may upload: main granted it (open dialog or drop) and the renderer names it by
 * this id only. On the reference server, the route puts such a ref for each file part it received.
 */
export const FileRefSchema = v.object({ grantId: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)) });
export type FileRef = v.InferOutput<typeof FileRefSchema>;
/** Chosen by the renderer for each upload, to match progress events and to cancel. */
export const UploadIdSchema = v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, 'Invalid upload id.'));

const MetaInfoSchema = v.object({ created: v.object({ at: DateTimeSchema }), updated: v.object({ at: DateTimeSchema }) });

/** The fields a library file is edited by, with the spec's messages (spec 1 section 5, Library file). */
const fileFields = {
  title: v.pipe(v.string(MSG.enterFileName), v.trim(), v.nonEmpty(MSG.enterFileName), v.maxLength(LIBRARY_TITLE_MAX, APP_TEXT.titleTooLong)),
  description: v.pipe(
    v.string(MSG.descriptionMandatory),
    v.trim(),
    v.nonEmpty(MSG.descriptionMandatory),
    v.maxLength(LIBRARY_DESCRIPTION_MAX, APP_TEXT.descriptionTooLong),
  ),
  language: v.picklist(LANGUAGES, MSG.selectLanguage),
  visibility: v.picklist(VISIBILITIES, MSG.selectVisibility),
  /** '' when Restricted (spec 1 section 4). */
  status: v.picklist([...LIBRARY_STATUSES, ''], APP_TEXT.selectStatus),
  /** 1 to 7 when Public, 0 when Restricted. */
  level: v.pipe(v.number(MSG.selectLevel), v.integer(MSG.selectLevel), v.minValue(0, MSG.selectLevel), v.maxValue(7, MSG.selectLevel)),
  /** '' allowed when Restricted. */
  type: v.picklist([...VIDEO_TYPES, ''], MSG.selectVideoType),
  /** Business idea ids (the business-ideas service). */
  businessIdeas: v.pipe(v.array(IdSchema), v.maxLength(500)),
  /** Library category ids (GET /library/category). */
  category: v.pipe(v.array(IdSchema), v.maxLength(100)),
  /** Keyword group ids (GET /library/synonyms/keywords). */
  keywords: v.pipe(v.array(IdSchema, MSG.addGroups), v.minLength(1, MSG.addGroups), v.maxLength(100)),
  source: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500)), ''),
  fileType: v.picklist(FILE_TYPES, APP_TEXT.selectFileType),
  /** The link of a `link` file; for uploads the server fills it (the stored file's address). */
  fileUrl: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2048)), ''),
  /** Seconds. Required for links; read from the file for uploads. */
  duration: v.pipe(v.number(MSG.enterDuration), v.integer(MSG.enterDuration), v.minValue(0, MSG.enterDuration), v.maxValue(MAX_DURATION_SECONDS, APP_TEXT.durationRange)),
};

/** A library file as the server sends it. */
export const LibraryFileSchema = v.object({
  _id: IdSchema,
  /** The short number shown as Video Id. */
  fileId: v.number(),
  ...fileFields,
  /** Address of the thumbnail image ('' when none). Uploaded thumbnails come back as signed URLs. */
  thumbnail: v.optional(v.string(), ''),
  /** Tagged question ids. */
  questionBank: v.optional(v.array(v.string()), []),
  /** Uploaded files: the original file name and size. */
  fileName: v.optional(v.string()),
  fileSize: v.optional(v.number()),
  /**
   * addition: a URL the renderer's <video>/<audio> can load without headers (short-lived signed URL
   * for uploaded files, the link itself for links). Absent from the platform: fall back to fileUrl.
   */
  previewUrl: v.optional(v.string()),
  /** addition: the idempotency key the file was uploaded with (bulk upload), when it had one. */
  clientKey: v.optional(v.string()),
  metaInfo: MetaInfoSchema,
});
export type LibraryFile = v.InferOutput<typeof LibraryFileSchema>;

const PAYLOAD_KEYS = [
  'title', 'description', 'language', 'visibility', 'status', 'level', 'type', 'businessIdeas', 'category',
  'keywords', 'source', 'fileType', 'fileUrl', 'duration',
] as const;
const PayloadObject = v.pick(LibraryFileSchema, PAYLOAD_KEYS);

interface RuleInput {
  visibility: Visibility;
  status: string;
  level: number;
  type: string;
  businessIdeas: string[];
  fileType: FileType;
  fileUrl: string;
}

type AddIssue = (info: { message: string; path: [v.ObjectPathItem] }) => void;
const at = (input: Record<string, unknown>, key: string): [v.ObjectPathItem] => [
  { type: 'object', origin: 'value', input, key, value: input[key] },
];

/** The Public rules and the link URL rule, shared by the payload and the form. */
function checkCommon(input: RuleInput, addIssue: AddIssue): void {
  const rec = input as unknown as Record<string, unknown>;
  if (input.visibility === 'Public') {
    if (!(LIBRARY_STATUSES as readonly string[]).includes(input.status)) addIssue({ message: APP_TEXT.selectStatus, path: at(rec, 'status') });
    if (input.level < 1 || input.level > 7) addIssue({ message: MSG.selectLevel, path: at(rec, 'level') });
    if (!input.type) addIssue({ message: MSG.selectVideoType, path: at(rec, 'type') });
    if (input.businessIdeas.length === 0) addIssue({ message: APP_TEXT.selectBusinessIdea, path: at(rec, 'businessIdeas') });
  }
  if (input.fileType === 'link' && !URL_PATTERN.test(input.fileUrl)) addIssue({ message: MSG.enterUrl, path: at(rec, 'fileUrl') });
}

/** Restricted files carry an empty status and level 0 (spec 1 section 4); uploads carry no fileUrl of their own. */
function normalise<T extends RuleInput>(input: T): T {
  const out = { ...input };
  if (out.visibility === 'Restricted') {
    out.status = '';
    out.level = 0;
  }
  if (out.fileType !== 'link') out.fileUrl = '';
  return out;
}

const payloadRules = <T extends RuleInput & { duration: number }>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const input = dataset.value;
    checkCommon(input, addIssue as AddIssue);
    if (input.fileType === 'link' && input.duration <= 0) {
      addIssue({ message: MSG.enterDuration, path: at(input as unknown as Record<string, unknown>, 'duration') });
    }
  });

const uploadFields = {
  /** The media file (audio, video, other): a grant id. Required on create unless the type is link. */
  file: v.optional(FileRefSchema),
  /** The thumbnail image: a grant id. Optional. */
  thumbnail: v.optional(FileRefSchema),
  /** main strips it before sending: it names the upload in progress events and in uploads.cancel. */
  uploadId: v.optional(UploadIdSchema),
};

/** An upload's idempotency key (bulk upload): the same key twice creates one record. */
export const ClientKeySchema = v.pipe(v.string(), v.regex(/^[\w-]{8,64}$/, 'The client key must be 8 to 64 letters, digits, - or _.'));

/** POST /library/media (multipart): the payload fields plus file parts. */
const CreateObject = v.object({
  ...PayloadObject.entries,
  ...uploadFields,
  /** addition: a repeated request with the same key creates nothing and answers the first record. */
  clientKey: v.optional(ClientKeySchema),
});
type CreateValue = v.InferOutput<typeof CreateObject>;
export const LibraryMediaCreateSchema = v.pipe(
  CreateObject,
  payloadRules<CreateValue>(),
  v.rawCheck<CreateValue>(({ dataset, addIssue }) => {
    if (dataset.typed && dataset.value.fileType !== 'link' && !dataset.value.file) {
      addIssue({ message: MSG.enterFile, path: at(dataset.value as unknown as Record<string, unknown>, 'file') });
    }
  }),
  v.transform((input: CreateValue) => normalise(input)),
);
export type LibraryMediaCreateInput = v.InferInput<typeof LibraryMediaCreateSchema>;

/** POST /library/media's answer: the message and (an addition) the created, or earlier, record. */
export const LibraryMediaCreatedSchema = v.object({ message: v.string(), _id: v.optional(IdSchema), fileId: v.optional(v.number()) });

/** PUT /library/media/{id} (multipart): the same fields; a new file or thumbnail only when replaced. */
const UpdateObject = v.object({ id: IdSchema, ...PayloadObject.entries, ...uploadFields });
type UpdateValue = v.InferOutput<typeof UpdateObject>;
export const LibraryMediaUpdateSchema = v.pipe(
  UpdateObject,
  payloadRules<UpdateValue>(),
  v.transform((input: UpdateValue) => normalise(input)),
);
export type LibraryMediaUpdateInput = v.InferInput<typeof LibraryMediaUpdateSchema>;

/** Query number: a number from main, a string on the server's query string. */
const queryLevel = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d$/))]),
  v.transform(Number),
  v.integer(),
  v.minValue(1),
  v.maxValue(7),
);

/** GET /library/media: the filter bar (empty filters are left out). */
export const LibraryFilterSchema = v.object({
  status: v.optional(v.picklist(LIBRARY_STATUSES)),
  language: v.optional(v.picklist(LANGUAGES)),
  type: v.optional(v.picklist(VIDEO_TYPES)),
  visibility: v.optional(v.picklist(VISIBILITIES)),
  level: v.optional(queryLevel),
});
export type LibraryFilter = v.InferInput<typeof LibraryFilterSchema>;

/** GET /media/list: all files, or one language's (spec 2 section 7). */
export const MediaListSchema = v.object({ language: v.optional(v.picklist(LANGUAGES)) });

export const UrlCheckSchema = v.object({ url: v.pipe(v.string(), v.trim(), v.nonEmpty(MSG.enterUrl), v.maxLength(2048)) });
/** The file that already has the URL, or null. */
export const ExistingFileSchema = v.nullable(v.object({ _id: IdSchema, fileId: v.number(), title: v.string() }));

export const MediaQuestionsSchema = v.object({
  id: IdSchema,
  questionBank: v.pipe(v.array(IdSchema), v.maxLength(1000)),
});

// Library categories and keyword groups

/** A library category (`category.english` in the spec). */
export const LibraryCategorySchema = v.object({ _id: IdSchema, english: v.string() });
export type LibraryCategory = v.InferOutput<typeof LibraryCategorySchema>;
/** A keyword group (a synonym group's keyword). */
export const KeywordSchema = v.object({ _id: IdSchema, keyword: v.string() });
export type Keyword = v.InferOutput<typeof KeywordSchema>;

// The form (EntityDialog: react-hook-form + valibot resolver)

const clock = (max: number) =>
  v.pipe(v.number(APP_TEXT.durationRange), v.integer(APP_TEXT.durationRange), v.minValue(0, APP_TEXT.durationRange), v.maxValue(max, APP_TEXT.durationRange));

/**
 * The Add/Edit File form: the payload fields with the duration as hours, minutes and seconds, and the
 * chosen files as grants. `hasStoredFile` (edit only) says the record already has its uploaded file.
 * A status or type the user cleared (the select gives undefined) counts as '' so the rules below, not the
 * picklist, say what is missing (and a hidden Restricted field cannot block the submit).
 */
const FormObject = v.object({
  ...v.omit(PayloadObject, ['duration']).entries,
  status: v.optional(fileFields.status, ''),
  type: v.optional(fileFields.type, ''),
  hours: clock(MAX_DURATION_HOURS),
  minutes: clock(59),
  seconds: clock(59),
  file: v.nullish(FileRefSchema),
  thumbnail: v.nullish(FileRefSchema),
  hasStoredFile: v.optional(v.boolean(), false),
});

/**
 * The Public rules apply unless the visibility is Restricted: the form shows status, level, type and
 * business ideas whenever it is not, so an unset visibility gets their messages in the same round. It is
 * read without being one of the checks' paths, so an invalid visibility does not skip them.
 */
const restricted = (form: object): boolean => (form as { visibility?: unknown }).visibility === 'Restricted';
const isStatus = (status: string): boolean => (LIBRARY_STATUSES as readonly string[]).includes(status);

/**
 * The rules between fields are partial checks: each runs as soon as the fields it reads are valid, even
 * when other fields are not, so pressing Add shows every message in one round. The form resolver
 * (@hookform/resolvers) parses with `abortPipeEarly: true`, which would stop this pipe at the object's
 * first issue; `v.config` turns that off for this schema (a field's first message still wins: the
 * resolver keeps one message per field).
 */
export const LibraryFileFormSchema = v.config(
  v.pipe(
    FormObject,
    v.forward(v.partialCheck([['status']], (f) => restricted(f) || isStatus(f.status), APP_TEXT.selectStatus), ['status']),
    v.forward(v.partialCheck([['level']], (f) => restricted(f) || (f.level >= 1 && f.level <= 7), MSG.selectLevel), ['level']),
    v.forward(v.partialCheck([['type']], (f) => restricted(f) || f.type !== '', MSG.selectVideoType), ['type']),
    v.forward(
      v.partialCheck([['businessIdeas']], (f) => restricted(f) || f.businessIdeas.length > 0, APP_TEXT.selectBusinessIdea),
      ['businessIdeas'],
    ),
    v.forward(
      v.partialCheck([['fileType'], ['fileUrl']], (f) => f.fileType !== 'link' || URL_PATTERN.test(f.fileUrl), MSG.enterUrl),
      ['fileUrl'],
    ),
    v.forward(
      v.partialCheck(
        [['fileType'], ['hours'], ['minutes'], ['seconds']],
        (f) => f.fileType !== 'link' || f.hours * 3600 + f.minutes * 60 + f.seconds > 0,
        MSG.enterDuration,
      ),
      ['hours'],
    ),
    v.forward(
      v.partialCheck([['fileType'], ['file'], ['hasStoredFile']], (f) => f.fileType === 'link' || !!f.file || f.hasStoredFile, MSG.enterFile),
      ['file'],
    ),
  ),
  { abortPipeEarly: false },
);
export type LibraryFileForm = v.InferOutput<typeof LibraryFileFormSchema>;
export type LibraryFileFormInput = v.InferInput<typeof LibraryFileFormSchema>;

export const splitDuration = (seconds: number) => ({
  hours: Math.min(MAX_DURATION_HOURS, Math.floor(seconds / 3600)),
  minutes: Math.floor((seconds % 3600) / 60),
  seconds: Math.floor(seconds % 60),
});

/** An empty Add File form. */
export const emptyLibraryForm = (): LibraryFileFormInput => ({
  title: '', description: '', language: 'English', visibility: 'Public', status: 'draft', level: 1, type: '',
  businessIdeas: [], category: [], keywords: [], source: '', fileType: 'link', fileUrl: '',
  hours: 0, minutes: 0, seconds: 0, file: null, thumbnail: null, hasStoredFile: false,
});

/** The Edit File form of a stored file. */
export const libraryFormOf = (file: LibraryFile): LibraryFileFormInput => ({
  title: file.title, description: file.description, language: file.language, visibility: file.visibility,
  status: file.status, level: file.level, type: file.type, businessIdeas: [...file.businessIdeas],
  category: [...file.category], keywords: [...file.keywords], source: file.source, fileType: file.fileType,
  fileUrl: file.fileType === 'link' ? file.fileUrl : '', ...splitDuration(file.duration), file: null, thumbnail: null,
  hasStoredFile: file.fileType !== 'link' && !!file.fileUrl,
});

/**
 * The payload of a valid form (POST /media; add `id` for PUT). The duration is sent in seconds; for an
 * uploaded audio or video file main reads it from the file and overrides it.
 */
export function libraryPayloadOf(form: LibraryFileForm, uploadId?: string): LibraryMediaCreateInput {
  const { hours, minutes, seconds, file, thumbnail, hasStoredFile: _stored, ...rest } = form;
  void _stored;
  return {
    ...rest,
    duration: hours * 3600 + minutes * 60 + seconds,
    ...(file ? { file } : {}),
    ...(thumbnail ? { thumbnail } : {}),
    ...(uploadId ? { uploadId } : {}),
  };
}

// Video moments (spec 1 section 5, Moment)

export const TIMESTAMP_PATTERN = /^\d{2}:[0-5]\d:[0-5]\d$/;
export const MomentSchema = v.object({
  _id: IdSchema,
  fileId: IdSchema,
  timestamp: v.pipe(v.string(MSG.enterTimestamp), v.trim(), v.nonEmpty(MSG.enterTimestamp), v.regex(TIMESTAMP_PATTERN, APP_TEXT.timestampFormat)),
  description: v.pipe(v.string(MSG.enterDescription), v.trim(), v.nonEmpty(MSG.enterDescription), v.maxLength(1000, 'The description is at most 1,000 characters.')),
  transcript: v.pipe(v.string(MSG.enterTranscript), v.trim(), v.nonEmpty(MSG.enterTranscript), v.maxLength(10_000, 'The transcript is at most 10,000 characters.')),
});
export type Moment = v.InferOutput<typeof MomentSchema>;
/** The moment form and POST /moment/addmoment/{fileId} (fileId: the library file's _id). */
export const MomentDraftSchema = v.pick(MomentSchema, ['timestamp', 'description', 'transcript']);
export const MomentAddSchema = v.pick(MomentSchema, ['fileId', 'timestamp', 'description', 'transcript']);
export const MomentUpdateSchema = v.object({ id: IdSchema, ...MomentDraftSchema.entries });
