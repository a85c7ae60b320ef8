import * as v from 'valibot';
import { LANGUAGES } from '../constants';
import { COURSE_MSG, COURSE_TEXT } from '../course-messages';
import { DateTimeSchema, IdSchema } from './common';
import { orderSchema } from './courses';

export const TOPIC_NAME_MAX = 200;
export const TOPIC_DESCRIPTION_MAX = 2000;
/** At most this many questions on one video. */
export const MAX_VIDEO_QUESTIONS = 1000;

const MetaInfoSchema = v.object({ created: v.object({ at: DateTimeSchema }), updated: v.object({ at: DateTimeSchema }) });

/** A module (GET /module): a top-level folder of a course. */
export const ModuleSchema = v.object({
  _id: IdSchema,
  name: v.string(),
  description: v.string(),
  courseId: IdSchema,
  courseName: v.string(),
  language: v.picklist(LANGUAGES),
  topicCount: v.number(),
});
export type Module = v.InferOutput<typeof ModuleSchema>;

/** A topic (spec 1 section 3): a folder in a module. `topicId` is its short number (the "topic id"). */
export const TopicSchema = v.object({
  _id: IdSchema,
  topicId: v.number(),
  name: v.string(),
  description: v.string(),
  videoCount: v.number(),
  moduleId: IdSchema,
  courseId: IdSchema,
});
export type Topic = v.InferOutput<typeof TopicSchema>;

/** Where a module sits: for breadcrumbs and a screen reloaded from its route. */
export const ModuleInfoSchema = v.object({
  _id: IdSchema,
  name: v.string(),
  courseId: IdSchema,
  courseName: v.string(),
  language: v.picklist(LANGUAGES),
});

/** GET /topic/admin/{moduleId}: the module's topics in order, and whether topics may be added. */
export const TopicListSchema = v.object({
  topics: v.array(TopicSchema),
  disallowTopicAddition: v.boolean(),
  /** addition: the module itself (name, course), so the screen survives a reload. */
  moduleInfo: ModuleInfoSchema,
});
export type TopicList = v.InferOutput<typeof TopicListSchema>;

/** A concept of a topic (a folder in a topic). */
export const ConceptSchema = v.object({ _id: IdSchema, name: v.string(), videoCount: v.number() });

/**
 * GET /topic/{id} (the spec does not show its answer): the topic with its module and course and its
 * concepts. A topic's videos that sit in no concept count under the topic itself.
 */
export const TopicDetailSchema = v.object({
  ...TopicSchema.entries,
  moduleName: v.string(),
  courseName: v.string(),
  language: v.picklist(LANGUAGES),
  concepts: v.array(ConceptSchema),
});
export type TopicDetail = v.InferOutput<typeof TopicDetailSchema>;

/** POST /topic: name (required; submit disabled while empty), description (optional), moduleId. */
export const TopicDraftSchema = v.object({
  name: v.pipe(v.string(COURSE_TEXT.enterTopicName), v.trim(), v.nonEmpty(COURSE_TEXT.enterTopicName), v.maxLength(TOPIC_NAME_MAX, COURSE_TEXT.nameTooLong)),
  description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(TOPIC_DESCRIPTION_MAX, COURSE_TEXT.descriptionTooLong)), ''),
  moduleId: IdSchema,
});
export type TopicDraft = v.InferInput<typeof TopicDraftSchema>;
/** The Add Topic form. */
export const TopicFormSchema = v.pick(TopicDraftSchema, ['name', 'description']);

/** PUT /topic/update-sequence: topic ids of one module in their new order. */
export const TopicSequenceSchema = v.object({ topics: orderSchema() });

/**
 * A video of a topic (spec 1 section 3): a file document of the course, showing a library file.
 * `conceptId` is the folder that holds it (a concept, or the topic itself when it sits in no concept).
 */
export const VideoSchema = v.object({
  _id: IdSchema,
  title: v.string(),
  description: v.string(),
  language: v.picklist(LANGUAGES),
  /** Related questions (question bank ids). */
  questionBank: v.array(v.string()),
  videoUrl: v.string(),
  /** addition: an address a <video> can load without headers. */
  previewUrl: v.string(),
  /** The library file's _id ('' when it was deleted from the library). */
  videoId: v.string(),
  freeToWatch: v.boolean(),
  metaInfo: MetaInfoSchema,
  moduleId: IdSchema,
  topicId: v.string(),
  conceptId: IdSchema,
  courseId: IdSchema,
});
export type Video = v.InferOutput<typeof VideoSchema>;

/** POST /video (Add File on a topic): a video and a title are required. */
export const VideoDraftSchema = v.object({
  title: v.pipe(v.string(COURSE_MSG.fillMandatory), v.trim(), v.nonEmpty(COURSE_MSG.fillMandatory), v.maxLength(200, COURSE_TEXT.nameTooLong)),
  videoId: v.pipe(v.optional(v.string(), ''), v.nonEmpty(COURSE_MSG.fillMandatory), v.maxLength(64)),
  moduleId: IdSchema,
  topicId: IdSchema,
  courseId: IdSchema,
});
export type VideoDraft = v.InferInput<typeof VideoDraftSchema>;

/** PUT /video/update-sequence/{conceptId}: the concept's video ids in their new order. */
export const VideoSequenceSchema = v.object({ conceptId: IdSchema, videos: orderSchema() });

/** PUT /video/updatequestions/{videoId}: the video's questions (replaces the list). */
export const VideoQuestionsSchema = v.object({
  videoId: IdSchema,
  questionBank: v.pipe(v.array(IdSchema), v.maxLength(MAX_VIDEO_QUESTIONS)),
});
/** The add-question dialog: a question must be chosen. */
export const AddQuestionFormSchema = v.object({
  questionId: v.pipe(v.optional(v.string(), ''), v.nonEmpty(COURSE_MSG.selectQuestion)),
});
