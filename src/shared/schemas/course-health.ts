import * as v from 'valibot';
import { LANGUAGES } from '../constants';
import { IdSchema } from './common';
import { COURSE_STATUSES, FOLDER_LEVELS } from './courses';

/**
 * Course health: what a course needs before learners see it, checked by main (services/course-health.ts)
 * over the course's directory, the library and the video repository. One problem names the record that
 * fixes it: a folder or video of the directory, a library file, or the course itself.
 */
export const HEALTH_KINDS = [
  'emptyFolder',
  'missingFile',
  'brokenLink',
  'linkNotChecked',
  'noQuestions',
  'questionsOtherLanguage',
  'noTranscript',
  'noMoments',
  'repeatedTitle',
  'notLive',
  'paidWithoutFee',
  'noThumbnail',
] as const;
export type HealthKind = (typeof HEALTH_KINDS)[number];

/** Each kind's name in the panel and the CSV. */
export const HEALTH_KIND_LABEL: Record<HealthKind, string> = {
  emptyFolder: 'Folder without videos',
  missingFile: 'Library file missing',
  brokenLink: 'Link does not answer',
  linkNotChecked: 'Link not checked',
  noQuestions: 'No questions',
  questionsOtherLanguage: 'Questions in another language',
  noTranscript: 'No transcript',
  noMoments: 'No moments',
  repeatedTitle: 'Title repeated',
  notLive: 'Not live in a live course',
  paidWithoutFee: 'Paid without a fee',
  noThumbnail: 'No thumbnail',
};

/** What each problem says (the record's own words added where they help). */
export const HEALTH_TEXT = {
  emptyFolder: 'This folder has no videos.',
  missingFile: 'The library file of this video was deleted.',
  brokenLink: (reason: string) => `The link does not answer (${reason}).`,
  linkNotChecked: (reason: string) => `The link was not checked: ${reason}.`,
  noQuestions: 'No questions follow this video.',
  questionsOtherLanguage: (count: number, total: number, language: string) => {
    const which = count < total ? `${count} of its ${total} questions ${count === 1 ? 'is' : 'are'}` : total === 1 ? 'Its question is' : `All ${total} of its questions are`;
    return `${which} not in ${language}, the video's language.`;
  },
  noTranscript: (language: string) => `No transcript in ${language}, the course's language.`,
  noMoments: 'This video has no moments.',
  repeatedTitle: (count: number) => `${count} videos in this folder have this title.`,
  notLive: (status: string) => `The course is live but its library file is ${status}.`,
  paidWithoutFee: 'The course is Paid but has no fee.',
  noThumbnail: 'The course has no thumbnail.',
} as const;

/**
 * Link checks: at most `concurrency` at a time, each (its redirects included, at most `maxRedirects`)
 * for at most `timeoutMs`. Answers that work are kept 10 minutes; a failure only 30 s (one "Check all"
 * of many courses asks a shared link once, and "Check again" after a server is back asks it again).
 */
export const LINK_CHECK = { concurrency: 4, timeoutMs: 5000, maxRedirects: 5, cacheMs: 10 * 60_000, failedCacheMs: 30_000 } as const;

export const HealthProblemSchema = v.object({
  kind: v.picklist(HEALTH_KINDS),
  courseId: IdSchema,
  /** The record to open: a document's id, or the course's for course problems. */
  recordId: v.string(),
  /** The record's title (the course's name for course problems). */
  title: v.string(),
  /** The folders from the top of the course down to the record's folder (a folder's own id last). */
  folderPath: v.array(v.object({ _id: v.string(), title: v.string() })),
  /** The library file's _id for video problems ('' when none). */
  fileId: v.string(),
  message: v.string(),
});
export type HealthProblem = v.InferOutput<typeof HealthProblemSchema>;

export const CourseHealthSchema = v.object({
  courseId: IdSchema,
  name: v.string(),
  language: v.picklist(LANGUAGES),
  status: v.picklist(COURSE_STATUSES),
  folders: v.number(),
  videos: v.number(),
  /** Links were checked (with a HEAD request each): false when the check left them out. */
  linksChecked: v.boolean(),
  problems: v.array(HealthProblemSchema),
});
export type CourseHealth = v.InferOutput<typeof CourseHealthSchema>;

export const HealthInputSchema = v.object({ courseId: IdSchema, links: v.optional(v.boolean(), false) });
export const HealthAllInputSchema = v.object({ links: v.optional(v.boolean(), false) });

// The learner's view of a course

export const PreviewQuestionSchema = v.object({
  _id: v.string(),
  question: v.string(),
  options: v.array(v.string()),
  /** The question's language (a learner of the video's language may not read another). */
  language: v.string(),
});

export const PreviewVideoSchema = v.object({
  _id: IdSchema,
  title: v.string(),
  /** The library file's _id ('' when it is missing: the learner sees nothing to play). */
  fileId: v.string(),
  /** Seconds (0 when the library file is missing). */
  duration: v.number(),
  freeToWatch: v.boolean(),
  /** The library file's status ('live', 'draft', 'hidden'; '' when it is missing): learners see only live files. */
  status: v.string(),
  /** The library file's language ('' when it is missing). */
  language: v.string(),
  /** The questions after the video, in their order; ids the bank no longer has are left out. */
  questions: v.array(PreviewQuestionSchema),
});
export type PreviewVideo = v.InferOutput<typeof PreviewVideoSchema>;

export interface PreviewFolder {
  _id: string;
  title: string;
  description: string;
  level: (typeof FOLDER_LEVELS)[number];
  videos: PreviewVideo[];
  folders: PreviewFolder[];
}
export const PreviewFolderSchema: v.GenericSchema<PreviewFolder> = v.object({
  _id: IdSchema,
  title: v.string(),
  description: v.string(),
  level: v.picklist(FOLDER_LEVELS),
  videos: v.array(PreviewVideoSchema),
  folders: v.array(v.lazy(() => PreviewFolderSchema)),
});

export const LearnerPreviewSchema = v.object({
  courseId: IdSchema,
  name: v.string(),
  description: v.string(),
  language: v.picklist(LANGUAGES),
  modulesSkippable: v.boolean(),
  modules: v.array(PreviewFolderSchema),
});
export type LearnerPreview = v.InferOutput<typeof LearnerPreviewSchema>;
