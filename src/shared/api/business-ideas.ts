import * as v from 'valibot';
import { defineCall } from './contract';
import { NoInputSchema } from '../schemas/common';
import { BusinessIdeaSchema } from '../schemas/business-ideas';

/** The business-ideas service, on its own host (the path keeps the spec's spelling). */
export const businessIdeas = {
  all: defineCall({
    service: 'businessIdeas', method: 'GET', path: '/api/v1/bussinessIdeas/all-detailed', auth: 'none', body: 'none',
    input: NoInputSchema, output: v.array(BusinessIdeaSchema), data: 'bussinessIdeas',
  }),
};
