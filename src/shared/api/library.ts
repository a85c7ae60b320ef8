import * as v from 'valibot';
import { defineCall } from './contract';
import { IdSchema, MessageSchema, NoInputSchema } from '../schemas/common';
import {
  ExistingFileSchema,
  KeywordSchema,
  LibraryCategorySchema,
  LibraryFileSchema,
  LibraryFilterSchema,
  LibraryMediaCreateSchema,
  LibraryMediaUpdateSchema,
  MediaQuestionsSchema,
  MomentAddSchema,
  MomentSchema,
  MomentUpdateSchema,
  UrlCheckSchema,
} from '../schemas/library';

/** The files a multipart library call streams from disk (grant ids in the input). */
const MEDIA_FILES = ['file', 'thumbnail'] as const;
/** An uploaded audio or video file's duration is read from the file (spec 1 section 5). */
const MEDIA_DURATION = { file: 'file', into: 'duration', when: (input: Record<string, unknown>) => input.fileType === 'audio' || input.fileType === 'video' };

/** Library (spec 1 section 7). Paths are relative to `{api}/library`. */
export const library = {
  mediaList: defineCall({
    service: 'library', method: 'GET', path: '/media/list', auth: 'token', body: 'none',
    input: NoInputSchema, output: v.array(LibraryFileSchema), data: 'files',
  }),
  media: defineCall({
    service: 'library', method: 'GET', path: '/media', auth: 'token', body: 'none',
    input: LibraryFilterSchema, output: v.array(LibraryFileSchema), data: 'files',
  }),
  checkUrl: defineCall({
    service: 'library', method: 'GET', path: '/media/check/url-exists', auth: 'token', body: 'none',
    input: UrlCheckSchema, output: ExistingFileSchema, data: 'existingFile',
  }),
  createMedia: defineCall({
    service: 'library', method: 'POST', path: '/media', auth: 'token', body: 'multipart', files: MEDIA_FILES, durationFrom: MEDIA_DURATION,
    input: LibraryMediaCreateSchema, output: MessageSchema,
  }),
  updateMedia: defineCall({
    service: 'library', method: 'PUT', path: '/media/{id}', auth: 'token', body: 'multipart', files: MEDIA_FILES, durationFrom: MEDIA_DURATION,
    input: LibraryMediaUpdateSchema, output: MessageSchema,
  }),
  deleteMedia: defineCall({
    service: 'library', method: 'DELETE', path: '/media/{id}', auth: 'token', body: 'none',
    input: v.object({ id: IdSchema }), output: MessageSchema,
  }),
  setQuestions: defineCall({
    service: 'library', method: 'POST', path: '/media/questions/{id}', auth: 'token', body: 'json',
    input: MediaQuestionsSchema, output: MessageSchema,
  }),
  moments: defineCall({
    service: 'library', method: 'GET', path: '/moment/getmoment/{fileId}', auth: 'token', body: 'none',
    input: v.object({ fileId: IdSchema }), output: v.array(MomentSchema), data: 'videoMoments',
  }),
  addMoment: defineCall({
    service: 'library', method: 'POST', path: '/moment/addmoment/{fileId}', auth: 'token', body: 'json',
    input: MomentAddSchema, output: MessageSchema,
  }),
  updateMoment: defineCall({
    service: 'library', method: 'PUT', path: '/moment/{id}', auth: 'token', body: 'json',
    input: MomentUpdateSchema, output: MessageSchema,
  }),
  deleteMoment: defineCall({
    service: 'library', method: 'DELETE', path: '/moment/{id}', auth: 'token', body: 'none',
    input: v.object({ id: IdSchema }), output: MessageSchema,
  }),
  keywords: defineCall({
    service: 'library', method: 'GET', path: '/synonyms/keywords', auth: 'none', body: 'none',
    input: NoInputSchema, output: v.array(KeywordSchema), data: 'keywords',
  }),
  categories: defineCall({
    service: 'library', method: 'GET', path: '/category', auth: 'token', body: 'none',
    input: NoInputSchema, output: v.array(LibraryCategorySchema), data: 'categories',
  }),
};
