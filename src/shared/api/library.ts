import * as v from 'valibot';
import { defineCall, recordById, type CallDef, type RecordSource } from './contract';
import { IdSchema, MessageSchema, NoInputSchema } from '../schemas/common';
import {
  ExistingFileSchema,
  KeywordSchema,
  LibraryCategorySchema,
  LibraryFileSchema,
  LibraryFilterSchema,
  LibraryMediaCreateSchema,
  LibraryMediaCreatedSchema,
  LibraryMediaUpdateSchema,
  MediaListSchema,
  MediaQuestionsSchema,
  MomentAddSchema,
  MomentSchema,
  MomentUpdateSchema,
  UrlCheckSchema,
} from '../schemas/library';
import {
  QuoteCreateSchema,
  QuoteIdSchema,
  QuoteListItemSchema,
  TipCreateSchema,
  TipRowIdSchema,
  TipRowSchema,
  TipUpdateSchema,
  tipRowNow,
} from '../schemas/quotes';
import { SynonymDraftSchema, SynonymGroupSchema, SynonymUpdateSchema } from '../schemas/synonyms';

/** The files a multipart library call streams from disk (grant ids in the input). */
const MEDIA_FILES = ['file', 'thumbnail'] as const;
/** An uploaded audio or video file's duration is read from the file (spec 1 section 5). */
const MEDIA_DURATION = { file: 'file', into: 'duration', when: (input: Record<string, unknown>) => input.fileType === 'audio' || input.fileType === 'video' };

/** A Daily Tips row (one language of a tip) as it is now: made from its tip in GET /quotes. */
const tipRow = (): RecordSource => ({
  read: (): CallDef => library.quotes,
  schema: TipRowSchema,
  find: tipRowNow,
  findReads: true,
});

/** Library (spec 1 section 7). Paths are relative to `{api}/library`. */
export const library = {
  /** Every file, or those of one language (spec 2: GET /media/list?language=, the directory's video picker). */
  mediaList: defineCall({
    service: 'library', method: 'GET', path: '/media/list', auth: 'token+access-token', body: 'none',
    input: MediaListSchema, output: v.array(LibraryFileSchema), data: 'files',
  }),
  media: defineCall({
    service: 'library', method: 'GET', path: '/media', auth: 'token+access-token', body: 'none',
    input: LibraryFilterSchema, output: v.array(LibraryFileSchema), data: 'files',
  }),
  checkUrl: defineCall({
    service: 'library', method: 'GET', path: '/media/check/url-exists', auth: 'token+access-token', body: 'none',
    input: UrlCheckSchema, output: ExistingFileSchema, data: 'existingFile',
  }),
  createMedia: defineCall({
    service: 'library', method: 'POST', path: '/media', auth: 'token+access-token', body: 'multipart', files: MEDIA_FILES, durationFrom: MEDIA_DURATION,
    input: LibraryMediaCreateSchema, output: LibraryMediaCreatedSchema,
  }),
  updateMedia: defineCall({
    service: 'library', method: 'PUT', path: '/media/{id}', auth: 'token+access-token', body: 'multipart', files: MEDIA_FILES, durationFrom: MEDIA_DURATION,
    input: LibraryMediaUpdateSchema, output: MessageSchema,
    record: recordById((): CallDef => library.mediaList, LibraryFileSchema, { readInput: () => ({}) }),
  }),
  deleteMedia: defineCall({
    service: 'library', method: 'DELETE', path: '/media/{id}', auth: 'token+access-token', body: 'none',
    input: v.object({ id: IdSchema }), output: MessageSchema,
    record: recordById((): CallDef => library.mediaList, LibraryFileSchema, { readInput: () => ({}) }),
    restore: { never: 'A deleted file cannot be brought back: the server removed its media file with it. Upload it again.' },
  }),
  setQuestions: defineCall({
    service: 'library', method: 'POST', path: '/media/questions/{id}', auth: 'token+access-token', body: 'json',
    input: MediaQuestionsSchema, output: MessageSchema,
  }),
  moments: defineCall({
    service: 'library', method: 'GET', path: '/moment/getmoment/{fileId}', auth: 'token+access-token', body: 'none',
    input: v.object({ fileId: IdSchema }), output: v.array(MomentSchema), data: 'videoMoments',
  }),
  addMoment: defineCall({
    service: 'library', method: 'POST', path: '/moment/addmoment/{fileId}', auth: 'token+access-token', body: 'json',
    input: MomentAddSchema, output: MessageSchema,
  }),
  updateMoment: defineCall({
    service: 'library', method: 'PUT', path: '/moment/{id}', auth: 'token+access-token', body: 'json',
    repeatable: true,
    input: MomentUpdateSchema, output: MessageSchema,
    record: recordById((): CallDef => library.moments, MomentSchema, { readInput: (_input, base) => ({ fileId: base.fileId }) }),
  }),
  deleteMoment: defineCall({
    service: 'library', method: 'DELETE', path: '/moment/{id}', auth: 'token+access-token', body: 'none',
    input: v.object({ id: IdSchema }), output: MessageSchema,
    record: recordById((): CallDef => library.moments, MomentSchema, { readInput: (_input, base) => ({ fileId: base.fileId }) }),
    restore: {
      create: (): CallDef => library.addMoment,
      input: (kept) => ({ fileId: kept.fileId, timestamp: kept.timestamp, description: kept.description, transcript: kept.transcript }),
      lost: [],
    },
  }),
  keywords: defineCall({
    service: 'library', method: 'GET', path: '/synonyms/keywords', auth: 'none', body: 'none',
    input: NoInputSchema, output: v.array(KeywordSchema), data: 'keywords',
  }),
  categories: defineCall({
    service: 'library', method: 'GET', path: '/category', auth: 'token+access-token', body: 'none',
    input: NoInputSchema, output: v.array(LibraryCategorySchema), data: 'categories',
  }),

  // Synonym groups (spec 2 section 7, library service)
  synonyms: defineCall({
    service: 'library', method: 'GET', path: '/synonyms', auth: 'token', body: 'none',
    input: NoInputSchema, output: v.array(SynonymGroupSchema), data: 'synonyms',
  }),
  addSynonyms: defineCall({
    service: 'library', method: 'POST', path: '/synonyms', auth: 'token', body: 'json',
    input: SynonymDraftSchema, output: MessageSchema,
  }),
  updateSynonyms: defineCall({
    service: 'library', method: 'PUT', path: '/synonyms/{id}', auth: 'token', body: 'json',
    repeatable: true,
    input: SynonymUpdateSchema, output: MessageSchema,
    record: recordById((): CallDef => library.synonyms, SynonymGroupSchema),
  }),

  // Quotes and daily tips (spec 2 section 7): one collection at /quotes. A quote is posted as multipart,
  // a tip as a structured body on the same path; the server tells them apart by the content type.
  quotes: defineCall({
    service: 'library', method: 'GET', path: '/quotes', auth: 'token', body: 'none',
    input: NoInputSchema, output: v.array(QuoteListItemSchema), data: 'quotes',
  }),
  addQuote: defineCall({
    service: 'library', method: 'POST', path: '/quotes', auth: 'token', body: 'multipart', files: ['thumbnail'],
    input: QuoteCreateSchema, output: MessageSchema,
  }),
  addTip: defineCall({
    service: 'library', method: 'POST', path: '/quotes', auth: 'token', body: 'json',
    input: TipCreateSchema, output: MessageSchema,
  }),
  updateTip: defineCall({
    service: 'library', method: 'PUT', path: '/quotes/{id}/{quoteId}', auth: 'token', body: 'json',
    repeatable: true,
    input: TipUpdateSchema, output: MessageSchema,
    record: tipRow(),
  }),
  /** Deletes a quote (or a whole tip: both are documents of the collection). */
  deleteQuote: defineCall({
    service: 'library', method: 'DELETE', path: '/quotes/{id}', auth: 'token+x-access-token', body: 'none',
    input: QuoteIdSchema, output: MessageSchema,
    record: recordById((): CallDef => library.quotes, QuoteListItemSchema),
    // The Quotes screen's delete (a whole tip is deleted row by row: deleteTip).
    restore: {
      create: (): CallDef => library.addQuote,
      input: (kept) => ({ title: kept.title, language: kept.language, keywords: kept.keywords ?? [] }),
      lost: (kept) => ['Its Quote ID: it gets the next one.', ...(typeof kept.thumbnail === 'string' && kept.thumbnail !== '' ? ['Its image: the server removed it; choose it again with Edit.'] : [])],
    },
  }),
  /** Deletes one language row of a tip; the tip goes with its last row. */
  deleteTip: defineCall({
    service: 'library', method: 'DELETE', path: '/quotes/{id}/{quoteId}', auth: 'token+x-access-token', body: 'none',
    input: TipRowIdSchema, output: MessageSchema,
    record: tipRow(),
  }),
};
