import * as v from 'valibot';
import { defineCall, recordById, type CallDef, type RecordChoice } from './contract';
import { IdSchema, LanguageSchema, MessageSchema } from '../schemas/common';
import {
  CourseCreateSchema,
  CourseSchema,
  CourseSequenceSchema,
  CourseUpdateSchema,
  DescendantAddSchema,
  DocumentCreateSchema,
  DocumentDeletedSchema,
  DocumentListingSchema,
  DocumentReorderSchema,
  DocumentSchema,
  DocumentUpdateSchema,
} from '../schemas/courses';
import {
  ModuleSchema,
  TopicDetailSchema,
  TopicDraftSchema,
  TopicListSchema,
  TopicSequenceSchema,
  VideoDraftSchema,
  VideoQuestionsSchema,
  VideoSchema,
  VideoSequenceSchema,
} from '../schemas/topics';
import {
  TranscriptBulkSchema,
  TranscriptDraftSchema,
  TranscriptListSchema,
  TranscriptSchema,
  TranscriptUpdateSchema,
} from '../schemas/transcripts';

/**
 * A course document as it is now. The Directory screen's rows are documents: found in the listing of
 * their folder (the course's own id at the top level). A topic's Videos screen edits the same
 * documents through its rows, which are videos (GET /video/bytopic): read as that video (GET /video/{id}).
 */
/** The list in an answer read unread: the answer itself, or its field `key`; [] when it is not a list. */
const listOf = (data: unknown, key?: string): readonly unknown[] => {
  const list = key ? (data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined) : data;
  return Array.isArray(list) ? list : [];
};

const documentRecord: RecordChoice = {
  choose: (base) =>
    'videoId' in base
      ? recordById((): CallDef => videoRepository.video, VideoSchema, { readInput: (input) => ({ id: input.id }) })
      : recordById((): CallDef => videoRepository.document, DocumentSchema, {
          readInput: (_input, doc) => ({ id: doc.parent || doc.courseId }),
          list: (data) => (data as { descendants?: unknown } | null)?.descendants,
        }),
};

/** Video repository (spec 1 section 7; spec 2 writes the same paths relative to the service). */
export const videoRepository = {
  languages: defineCall({
    service: 'videoRepository', method: 'GET', path: '/languages', auth: 'token+access-token', body: 'none',
    input: v.object({}), output: v.array(LanguageSchema), data: 'languages',
  }),
  transcripts: defineCall({
    service: 'videoRepository', method: 'GET', path: '/transcript/{videoId}', auth: 'token+access-token', body: 'none',
    input: v.object({ videoId: IdSchema }), output: TranscriptListSchema,
  }),
  addTranscript: defineCall({
    service: 'videoRepository', method: 'POST', path: '/transcript', auth: 'token+access-token', body: 'json',
    input: TranscriptDraftSchema, output: MessageSchema,
  }),
  updateTranscript: defineCall({
    service: 'videoRepository', method: 'PUT', path: '/transcript/{id}', auth: 'token+access-token', body: 'json',
    repeatable: true,
    input: TranscriptUpdateSchema, output: MessageSchema,
    record: recordById((): CallDef => videoRepository.transcripts, TranscriptSchema, { readInput: (_input, base) => ({ videoId: base.videoId }), list: (data) => (data as { transcripts?: unknown }).transcripts }),
  }),
  deleteTranscript: defineCall({
    service: 'videoRepository', method: 'DELETE', path: '/transcript/{id}', auth: 'token+access-token', body: 'none',
    input: v.object({ id: IdSchema }), output: MessageSchema,
    record: recordById((): CallDef => videoRepository.transcripts, TranscriptSchema, { readInput: (_input, base) => ({ videoId: base.videoId }), list: (data) => (data as { transcripts?: unknown }).transcripts }),
    restore: {
      create: (): CallDef => videoRepository.addTranscript,
      input: (kept) => ({ videoId: kept.videoId, timeStamp: kept.timeStamp, captionText: kept.captionText, language: kept.language }),
      lost: [],
    },
  }),
  bulkTranscripts: defineCall({
    service: 'videoRepository', method: 'POST', path: '/transcript/bulk', auth: 'token+access-token', body: 'json',
    input: TranscriptBulkSchema, output: v.object({ message: v.string(), count: v.number() }),
    addition: 'Imports a .vtt/.srt caption file as transcript lines in one all-or-nothing write.',
  }),

  // Courses (spec 2 section 7)
  courses: defineCall({
    service: 'videoRepository', method: 'GET', path: '/course', auth: 'token', body: 'none',
    input: v.object({}), output: v.array(CourseSchema), data: 'courses',
  }),
  createCourse: defineCall({
    service: 'videoRepository', method: 'POST', path: '/course', auth: 'token', body: 'multipart', files: ['thumbnail'],
    input: CourseCreateSchema, output: MessageSchema,
  }),
  updateCourse: defineCall({
    service: 'videoRepository', method: 'PUT', path: '/course/{id}', auth: 'token', body: 'multipart', files: ['thumbnail'],
    input: CourseUpdateSchema, output: MessageSchema,
    record: recordById((): CallDef => videoRepository.courses, CourseSchema),
  }),
  deleteCourse: defineCall({
    service: 'videoRepository', method: 'DELETE', path: '/course/{id}', auth: 'token+x-access-token', body: 'none',
    input: v.object({ id: IdSchema }), output: MessageSchema,
    record: recordById((): CallDef => videoRepository.courses, CourseSchema),
    restore: { never: "A deleted course cannot be brought back: its folders, videos and topics, and the learners' progress in it, went with it." },
  }),
  courseSequence: defineCall({
    service: 'videoRepository', method: 'PUT', path: '/course/update-sequence', auth: 'token', body: 'json',
    repeatable: true,
    input: CourseSequenceSchema, output: MessageSchema,
    sequence: {
      read: (): CallDef => videoRepository.courses,
      readInput: () => ({}),
      // The screen shows one language's courses (or all of them): the server's courses the screen started
      // with, and any new one in the language of its first.
      rows: (data, { ids, first }) =>
        listOf(data).filter((row) => {
          const course = (typeof row === 'object' && row !== null ? row : {}) as { _id?: unknown; language?: unknown };
          return (typeof course._id === 'string' && ids.includes(course._id)) || course.language === first.language;
        }),
    },
  }),

  // The course directory: documents (folders and files)
  document: defineCall({
    service: 'videoRepository', method: 'GET', path: '/document/{id}', auth: 'token', body: 'none',
    input: v.object({ id: IdSchema }), output: DocumentListingSchema,
  }),
  createDocument: defineCall({
    service: 'videoRepository', method: 'POST', path: '/document', auth: 'token', body: 'json',
    input: DocumentCreateSchema, output: MessageSchema,
  }),
  updateDocument: defineCall({
    service: 'videoRepository', method: 'PUT', path: '/document/{id}', auth: 'token', body: 'json',
    repeatable: true,
    input: DocumentUpdateSchema, output: MessageSchema,
    record: documentRecord,
  }),
  deleteDocument: defineCall({
    service: 'videoRepository', method: 'DELETE', path: '/document/{id}', auth: 'token+x-access-token', body: 'none',
    input: v.object({ id: IdSchema }), output: DocumentDeletedSchema,
    record: documentRecord,
    // Created again in its folder; a topic's Videos screen deletes the same documents, kept as videos.
    restore: {
      create: (): CallDef => videoRepository.createDocument,
      input: (kept) => {
        if ('videoId' in kept) return { title: kept.title, description: kept.description ?? '', type: 'file', courseId: kept.courseId, parent: kept.conceptId, freeToWatch: kept.freeToWatch === true, fileId: kept.videoId };
        const file = kept.fileId as { _id?: unknown } | null | undefined;
        const common = { title: kept.title, description: kept.description ?? '', type: kept.type, courseId: kept.courseId, parent: kept.parent ?? '' };
        return kept.type === 'file' ? { ...common, freeToWatch: kept.freeToWatch === true, fileId: typeof file?._id === 'string' ? file._id : '' } : common;
      },
      lost: (kept) => {
        const below = kept.contents as { folders?: number; files?: number } | undefined;
        const folders = below?.folders ?? 0;
        const files = below?.files ?? 0;
        return [
          'Its place among its folder\'s items: it comes back last.',
          ...(folders + files > 0 ? [`What was in it (${folders} ${folders === 1 ? 'folder' : 'folders'}, ${files} ${files === 1 ? 'video' : 'videos'}): deleted with it, they do not come back.`] : []),
        ];
      },
    },
  }),
  reorderDocuments: defineCall({
    service: 'videoRepository', method: 'PUT', path: '/document/reorder-sequence', auth: 'token', body: 'json',
    repeatable: true,
    input: DocumentReorderSchema, output: MessageSchema,
    // The folder's documents (the course's top: the course itself).
    sequence: { read: (): CallDef => videoRepository.document, readInput: (_input, first) => ({ id: typeof first.parent === 'string' && first.parent !== '' ? first.parent : first.courseId }), rows: (data) => listOf(data, 'descendants') },
  }),
  addDescendants: defineCall({
    service: 'videoRepository', method: 'POST', path: '/descendant', auth: 'token', body: 'json',
    input: DescendantAddSchema, output: MessageSchema,
  }),

  // Modules and topics (spec 1 section 7)
  modules: defineCall({
    service: 'videoRepository', method: 'GET', path: '/module', auth: 'token+access-token', body: 'none',
    input: v.object({}), output: v.array(ModuleSchema), data: 'modules',
  }),
  topics: defineCall({
    service: 'videoRepository', method: 'GET', path: '/topic/admin/{moduleId}', auth: 'token+access-token', body: 'none',
    input: v.object({ moduleId: IdSchema }), output: TopicListSchema,
  }),
  topic: defineCall({
    service: 'videoRepository', method: 'GET', path: '/topic/{id}', auth: 'token+access-token', body: 'none',
    input: v.object({ id: IdSchema }), output: TopicDetailSchema, data: 'topic',
  }),
  addTopic: defineCall({
    service: 'videoRepository', method: 'POST', path: '/topic', auth: 'token+access-token', body: 'json',
    input: TopicDraftSchema, output: MessageSchema,
  }),
  topicSequence: defineCall({
    service: 'videoRepository', method: 'PUT', path: '/topic/update-sequence', auth: 'token+access-token', body: 'json',
    repeatable: true,
    input: TopicSequenceSchema, output: MessageSchema,
    sequence: { read: (): CallDef => videoRepository.topics, readInput: (_input, first) => ({ moduleId: first.moduleId }), rows: (data) => listOf(data, 'topics') },
  }),

  // Videos of a topic
  videosByTopic: defineCall({
    service: 'videoRepository', method: 'GET', path: '/video/bytopic/{topicId}', auth: 'token+access-token', body: 'none',
    input: v.object({ topicId: IdSchema }), output: v.array(VideoSchema), data: 'videos',
  }),
  videosByConcept: defineCall({
    service: 'videoRepository', method: 'GET', path: '/video/byconcept/{conceptId}', auth: 'token+access-token', body: 'none',
    input: v.object({ conceptId: IdSchema }), output: v.array(VideoSchema), data: 'videos',
  }),
  video: defineCall({
    service: 'videoRepository', method: 'GET', path: '/video/{id}', auth: 'token+access-token', body: 'none',
    input: v.object({ id: IdSchema }), output: VideoSchema, data: 'video',
  }),
  addVideo: defineCall({
    service: 'videoRepository', method: 'POST', path: '/video', auth: 'token+access-token', body: 'json',
    input: VideoDraftSchema, output: MessageSchema,
  }),
  videoSequence: defineCall({
    service: 'videoRepository', method: 'PUT', path: '/video/update-sequence/{conceptId}', auth: 'token+access-token', body: 'json',
    repeatable: true,
    input: VideoSequenceSchema, output: MessageSchema,
    sequence: { read: (): CallDef => videoRepository.videosByConcept, readInput: (input) => ({ conceptId: input.conceptId }), rows: (data) => listOf(data) },
  }),
  videoQuestions: defineCall({
    service: 'videoRepository', method: 'PUT', path: '/video/updatequestions/{videoId}', auth: 'token+access-token', body: 'json',
    repeatable: true,
    input: VideoQuestionsSchema, output: MessageSchema,
  }),
};
