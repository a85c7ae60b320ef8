import * as v from 'valibot';
import { defineCall } from './contract';
import { LanguageSchema } from '../schemas/common';

/** Video repository (spec 1 section 7; spec 2 writes the same paths relative to the service). */
export const videoRepository = {
  languages: defineCall({
    service: 'videoRepository', method: 'GET', path: '/languages', auth: 'token', body: 'none',
    input: v.object({}), output: v.array(LanguageSchema), data: 'languages',
  }),
};
