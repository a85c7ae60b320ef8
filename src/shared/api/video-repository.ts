import * as v from 'valibot';
import { defineCall } from './contract';
import { IdSchema, LanguageSchema, MessageSchema } from '../schemas/common';
import {
  TranscriptBulkSchema,
  TranscriptDraftSchema,
  TranscriptListSchema,
  TranscriptUpdateSchema,
} from '../schemas/transcripts';

/** Video repository (spec 1 section 7; spec 2 writes the same paths relative to the service). */
export const videoRepository = {
  languages: defineCall({
    service: 'videoRepository', method: 'GET', path: '/languages', auth: 'token', body: 'none',
    input: v.object({}), output: v.array(LanguageSchema), data: 'languages',
  }),
  transcripts: defineCall({
    service: 'videoRepository', method: 'GET', path: '/transcript/{videoId}', auth: 'token', body: 'none',
    input: v.object({ videoId: IdSchema }), output: TranscriptListSchema,
  }),
  addTranscript: defineCall({
    service: 'videoRepository', method: 'POST', path: '/transcript', auth: 'token', body: 'json',
    input: TranscriptDraftSchema, output: MessageSchema,
  }),
  updateTranscript: defineCall({
    service: 'videoRepository', method: 'PUT', path: '/transcript/{id}', auth: 'token', body: 'json',
    input: TranscriptUpdateSchema, output: MessageSchema,
  }),
  deleteTranscript: defineCall({
    service: 'videoRepository', method: 'DELETE', path: '/transcript/{id}', auth: 'token', body: 'none',
    input: v.object({ id: IdSchema }), output: MessageSchema,
  }),
  bulkTranscripts: defineCall({
    service: 'videoRepository', method: 'POST', path: '/transcript/bulk', auth: 'token', body: 'json',
    input: TranscriptBulkSchema, output: v.object({ message: v.string(), count: v.number() }),
    addition: 'Imports a .vtt/.srt caption file as transcript lines in one all-or-nothing write.',
  }),
};
