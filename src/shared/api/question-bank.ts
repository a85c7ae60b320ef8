import * as v from 'valibot';
import { defineCall, recordById, type CallDef } from './contract';
import { IdSchema, MessageSchema, NoInputSchema } from '../schemas/common';
import {
  CategoryDraftSchema,
  CategorySchema,
  QuestionDraftSchema,
  QuestionSchema,
  QuestionUpdateSchema,
  ResourceDraftSchema,
  ResourceSchema,
  ResourceUpdateSchema,
} from '../schemas/question-bank';

/**
 * Question bank (spec 1 section 7). `updateQuestion` and `updateResource` take the record's `_id`.
 * addResource, updateResource and deleteResource are additions: a server without them answers 404, and the renderer
 * shows 'Resource Not Added, Please Try Again'.
 */
export const questionBank = {
  questions: defineCall({
    service: 'questionBank', method: 'GET', path: '/questions', auth: 'token+access-token', body: 'none',
    input: NoInputSchema, output: v.array(QuestionSchema), data: 'questions',
  }),
  categories: defineCall({
    service: 'questionBank', method: 'GET', path: '/categories', auth: 'token+access-token', body: 'none',
    input: NoInputSchema, output: v.array(CategorySchema), data: 'categories',
  }),
  addCategory: defineCall({
    service: 'questionBank', method: 'POST', path: '/categories', auth: 'token+access-token', body: 'json',
    input: CategoryDraftSchema, output: MessageSchema,
  }),
  addQuestion: defineCall({
    service: 'questionBank', method: 'POST', path: '/questions', auth: 'token+access-token', body: 'json',
    input: QuestionDraftSchema, output: MessageSchema,
  }),
  updateQuestion: defineCall({
    service: 'questionBank', method: 'PUT', path: '/questions/{id}', auth: 'token+access-token', body: 'json',
    repeatable: true,
    input: QuestionUpdateSchema, output: MessageSchema,
    record: recordById((): CallDef => questionBank.questions, QuestionSchema),
  }),
  resources: defineCall({
    service: 'questionBank', method: 'GET', path: '/resources', auth: 'token+access-token', body: 'none',
    input: NoInputSchema, output: v.array(ResourceSchema), data: 'resources',
  }),
  addResource: defineCall({
    service: 'questionBank', method: 'POST', path: '/resources', auth: 'token+access-token', body: 'json',
    input: ResourceDraftSchema, output: MessageSchema,
    addition: 'The spec shows the Add Resource form unfinished and no call; this finishes it.',
  }),
  updateResource: defineCall({
    service: 'questionBank', method: 'PUT', path: '/resources/{id}', auth: 'token+access-token', body: 'json',
    repeatable: true,
    input: ResourceUpdateSchema, output: MessageSchema,
    addition: 'The Resources table has an Edit column but the spec documents no call to save an edit; this adds it.',
    record: recordById((): CallDef => questionBank.resources, ResourceSchema),
  }),
  deleteResource: defineCall({
    service: 'questionBank', method: 'DELETE', path: '/resources/{id}', auth: 'token+access-token', body: 'none',
    input: v.object({ id: IdSchema }), output: MessageSchema,
    addition: 'The spec documents no way to remove a resource; Undo after a delete needs one to take back.',
    record: recordById((): CallDef => questionBank.resources, ResourceSchema),
    restore: {
      create: (): CallDef => questionBank.addResource,
      input: (kept) => ({ title: kept.title, language: kept.language, type: kept.type }),
      lost: ['Its Serial No: it gets the next one.'],
    },
  }),
};
