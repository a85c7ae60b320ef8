import * as v from 'valibot';
import { defineCall, defineLocal } from './contract';
import { IdSchema } from '../schemas/common';
import {
  CompletedVideoSchema,
  LearnerConceptSchema,
  LearnerRefSchema,
  LearnerSchema,
  LearnerWithTokenSchema,
  ModuleProgressSchema,
  ProgressSummarySchema,
} from '../schemas/users';

/**
 * User app (spec 1 section 7). The learner list carries each learner's app token and the progress
 * calls authenticate with it (`Authorization: Bearer <learner token>`): main makes these calls itself
 * (`exposed: false`) and the renderer reaches them through the `learners` local calls, by mobile.
 */
export const userApp = {
  users: defineCall({
    service: 'userApp', method: 'GET', path: '/user', auth: 'token+access-token', body: 'none', exposed: false,
    input: v.object({}), output: v.array(LearnerWithTokenSchema), data: 'users',
  }),
  moduleProgress: defineCall({
    service: 'userApp', method: 'GET', path: '/progress/module/{moduleId}', auth: 'token+access-token', body: 'none',
    input: v.object({ moduleId: IdSchema }), output: ModuleProgressSchema,
  }),
  progress: defineCall({
    service: 'userApp', method: 'GET', path: '/progress', auth: 'bearer', credential: 'learner', body: 'none', exposed: false,
    input: v.object({}), output: ProgressSummarySchema, data: 'progressSummary',
  }),
  conceptProgress: defineCall({
    service: 'userApp', method: 'GET', path: '/progress/concept/{conceptId}', auth: 'bearer', credential: 'learner', body: 'none',
    exposed: false, input: v.object({ conceptId: IdSchema }), output: v.array(CompletedVideoSchema), data: 'completedVideos',
  }),
};

/** What the renderer calls for learners; main answers with the user-app calls above. */
export const learners = {
  /** Every learner, without tokens (main keeps them, by mobile). */
  list: defineLocal({ input: v.object({}), output: v.array(LearnerSchema) }),
  /** GET /user-app/progress as the learner with this mobile. */
  progress: defineLocal({ input: LearnerRefSchema, output: ProgressSummarySchema }),
  /** GET /user-app/progress/concept/{conceptId} as the learner with this mobile. */
  conceptProgress: defineLocal({ input: LearnerConceptSchema, output: v.array(CompletedVideoSchema) }),
};
