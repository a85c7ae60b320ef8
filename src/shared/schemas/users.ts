import * as v from 'valibot';
import { LANGUAGES } from '../constants';
import { DateTimeSchema, IdSchema } from './common';

/** A learner's mobile number as the platform keeps it (10 digits, optionally +91). */
export const MOBILE_PATTERN = /^(\+91)?[6-9]\d{9}$/;
export const MobileSchema = v.pipe(
  v.string(),
  v.transform((s) => s.replace(/[\s-]/g, '')),
  v.regex(MOBILE_PATTERN, 'Enter a valid mobile number.'),
);

const userInfoFields = {
  mobileNumber: v.string(),
  /** The last login (ISO time); '' for a learner who never signed in. */
  loginTime: DateTimeSchema,
  preferredLanguage: v.picklist(LANGUAGES),
};

/**
 * A learner as GET /user-app/user sends it (spec 1 section 3), with the learner's app token. Only main
 * reads this shape: it keeps the tokens and gives the renderer `LearnerSchema` (no token).
 */
export const LearnerWithTokenSchema = v.object({
  _id: IdSchema,
  userInfo: v.object({ ...userInfoFields, token: v.string() }),
  currentProgress: v.object({
    /** Percent of the course's videos completed, 0 to 100. */
    progress: v.number(),
    /** The module the learner is in ('' before they start). */
    moduleId: v.string(),
  }),
});
export type LearnerWithToken = v.InferOutput<typeof LearnerWithTokenSchema>;

/** A learner as the renderer sees it: the token stays in main. */
export const LearnerSchema = v.object({
  _id: IdSchema,
  userInfo: v.object(userInfoFields),
  currentProgress: LearnerWithTokenSchema.entries.currentProgress,
});
export type Learner = v.InferOutput<typeof LearnerSchema>;

/** A topic name in progress views (`name.english`). */
const ProgressNameSchema = v.object({ english: v.string() });

/** A video in the progress tree: when the learner started it and how long they watched (seconds). */
export const ProgressVideoSchema = v.object({
  videoId: IdSchema,
  title: v.string(),
  startTime: DateTimeSchema,
  watchTime: v.number(),
  completed: v.boolean(),
});
export const ProgressConceptSchema = v.object({
  _id: IdSchema,
  name: ProgressNameSchema,
  startTime: DateTimeSchema,
  watchTime: v.number(),
  videos: v.array(ProgressVideoSchema),
});
export const ProgressTopicSchema = v.object({
  _id: IdSchema,
  name: ProgressNameSchema,
  startTime: DateTimeSchema,
  watchTime: v.number(),
  concepts: v.array(ProgressConceptSchema),
});
export const ProgressModuleSchema = v.object({
  _id: IdSchema,
  name: ProgressNameSchema,
  startTime: DateTimeSchema,
  watchTime: v.number(),
  topics: v.array(ProgressTopicSchema),
});
export type ProgressModule = v.InferOutput<typeof ProgressModuleSchema>;

/**
 * GET /user-app/progress (the learner's Bearer token): the learner's progress summary, as the tree of
 * module, topic, concept and videos the learner started, in course order. A start time is the
 * earliest below; a watch time the sum.
 */
export const ProgressSummarySchema = v.object({
  courseId: v.string(),
  courseName: v.string(),
  modules: v.array(ProgressModuleSchema),
  /** Every video the learner started (spec: progressSummary with videos (videoId, watchTime)). */
  videos: v.array(v.object({ videoId: IdSchema, watchTime: v.number() })),
});
export type ProgressSummary = v.InferOutput<typeof ProgressSummarySchema>;

/** A question of a completed video's quiz, answered right or wrong. */
export const QuizAnswerSchema = v.object({ _id: v.string(), question: v.string(), isAnsweredRight: v.boolean() });

/** GET /user-app/progress/concept/{conceptId}: the learner's completed videos of that concept. */
export const CompletedVideoSchema = v.object({
  conceptId: IdSchema,
  videoId: IdSchema,
  title: v.string(),
  startTime: DateTimeSchema,
  /** Questions answered right. */
  score: v.number(),
  questionBank: v.array(QuizAnswerSchema),
});
export type CompletedVideo = v.InferOutput<typeof CompletedVideoSchema>;

/**
 * GET /user-app/progress/module/{moduleId} (the spec does not show its answer): the module's topics in
 * order; the Current Progress dialog marks the first Ongoing and the rest Locked.
 */
export const ModuleProgressSchema = v.object({
  module: v.object({ _id: IdSchema, name: ProgressNameSchema }),
  topics: v.array(v.object({ _id: IdSchema, name: ProgressNameSchema, videoCount: v.number() })),
});
export type ModuleProgress = v.InferOutput<typeof ModuleProgressSchema>;

/** The learner calls main answers (it resolves the learner's token by mobile; the renderer never has it). */
export const LearnerRefSchema = v.object({ mobile: MobileSchema });
export const LearnerConceptSchema = v.object({ mobile: MobileSchema, conceptId: IdSchema });
