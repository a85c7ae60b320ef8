import * as v from 'valibot';
import { defineCall } from './contract';
import { MessageSchema } from '../schemas/common';
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

const NO_INPUT = v.object({});

/** Question bank (spec 1 section 7). */
export const questionBank = {
  questions: defineCall({
    service: 'questionBank', method: 'GET', path: '/questions', auth: 'token', body: 'none',
    input: NO_INPUT, output: v.array(QuestionSchema), data: 'questions',
  }),
  categories: defineCall({
    service: 'questionBank', method: 'GET', path: '/categories', auth: 'token', body: 'none',
    input: NO_INPUT, output: v.array(CategorySchema), data: 'categories',
  }),
  addCategory: defineCall({
    service: 'questionBank', method: 'POST', path: '/categories', auth: 'token', body: 'json',
    input: CategoryDraftSchema, output: MessageSchema,
  }),
  addQuestion: defineCall({
    service: 'questionBank', method: 'POST', path: '/questions', auth: 'token', body: 'json',
    input: QuestionDraftSchema, output: MessageSchema,
  }),
  updateQuestion: defineCall({
    service: 'questionBank', method: 'PUT', path: '/questions/{id}', auth: 'token', body: 'json',
    input: QuestionUpdateSchema, output: MessageSchema,
  }),
  resources: defineCall({
    service: 'questionBank', method: 'GET', path: '/resources', auth: 'token', body: 'none',
    input: NO_INPUT, output: v.array(ResourceSchema), data: 'resources',
  }),
  addResource: defineCall({
    service: 'questionBank', method: 'POST', path: '/resources', auth: 'token', body: 'json',
    input: ResourceDraftSchema, output: MessageSchema,
    addition: 'The spec shows the Add Resource form unfinished and no call; this finishes it.',
  }),
  updateResource: defineCall({
    service: 'questionBank', method: 'PUT', path: '/resources/{id}', auth: 'token', body: 'json',
    input: ResourceUpdateSchema, output: MessageSchema,
    addition: 'The spec shows the Add Resource form unfinished and no call; this finishes it.',
  }),
};
