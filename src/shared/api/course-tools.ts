import * as v from 'valibot';
import { defineLocal } from './contract';
import { IdSchema } from '../schemas/common';
import { CourseHealthSchema, HealthAllInputSchema, HealthInputSchema, LearnerPreviewSchema } from '../schemas/course-health';

/** Course tools main answers from the contract's reads (src/main/services/course-health.ts). */
export const courseTools = {
  /** The health of one course; `links`: each link file's address is checked with a HEAD request too. */
  health: defineLocal({ input: HealthInputSchema, output: CourseHealthSchema }),
  /** The health of every course, in the course list's order. */
  healthAll: defineLocal({ input: HealthAllInputSchema, output: v.array(CourseHealthSchema) }),
  /** What a learner sees of a course, in order: folders, videos with durations, the questions after each. */
  preview: defineLocal({ input: v.object({ courseId: IdSchema }), output: LearnerPreviewSchema }),
};
