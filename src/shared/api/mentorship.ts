import * as v from 'valibot';
import { defineCall, recordById, type CallDef } from './contract';
import { MessageSchema, NoInputSchema } from '../schemas/common';
import { SessionCreateSchema, SessionIdSchema, SessionListSchema, SessionSchema, SessionUpdateSchema } from '../schemas/sessions';
import { MentorCreateSchema, MentorIdSchema, MentorSchema, MentorUpdateSchema } from '../schemas/mentors';

/** The files a multipart mentor call streams from disk (grant ids in the input). */
const MENTOR_FILES = ['profilePicture', 'mentorVideo'] as const;

/** Mentorship (spec 2 section 7). Paths are relative to `{api}/mentorship`. */
export const mentorship = {
  /** Events with the role names their join links are made for: `{ session, roles }`. */
  sessions: defineCall({
    service: 'mentorship', method: 'GET', path: '/sessions/get-all-sessions-for-admin', auth: 'token', body: 'none',
    input: NoInputSchema, output: SessionListSchema,
  }),
  addSession: defineCall({
    service: 'mentorship', method: 'POST', path: '/sessions', auth: 'token', body: 'multipart', files: ['thumbnail'],
    input: SessionCreateSchema, output: MessageSchema,
  }),
  updateSession: defineCall({
    service: 'mentorship', method: 'PUT', path: '/sessions/{id}', auth: 'token', body: 'multipart', files: ['thumbnail'],
    input: SessionUpdateSchema, output: MessageSchema,
    record: recordById((): CallDef => mentorship.sessions, SessionSchema, { list: (data) => (data as { session?: unknown }).session }),
  }),
  deleteSession: defineCall({
    service: 'mentorship', method: 'DELETE', path: '/sessions/{id}', auth: 'token+x-access-token', body: 'none',
    input: SessionIdSchema, output: MessageSchema,
    record: recordById((): CallDef => mentorship.sessions, SessionSchema, { list: (data) => (data as { session?: unknown }).session }),
    restore: {
      create: (): CallDef => mentorship.addSession,
      input: (kept) => ({
        eventName: kept.eventName, description: kept.description, keywords: kept.keywords, startTime: kept.startTime, endTime: kept.endTime,
        eventDate: kept.date, businessIdeas: kept.businessIdeas, language: kept.language, email: kept.email, mobileNumber: kept.mobileNumber,
        organisation: kept.organisation, designation: kept.designation, attendees: kept.attendees, level: kept.level,
      }),
      lost: (kept) => [
        'Its event link: a new one is made, and links already sent do not open it.',
        ...(typeof kept.thumbnail === 'string' && kept.thumbnail !== '' ? ['Its image: the server removed it; choose it again with Edit.'] : []),
      ],
    },
  }),
  /** Mentors; the spec marks this call 'no auth'. */
  sessionUsers: defineCall({
    service: 'mentorship', method: 'GET', path: '/session-users/get-session-user', auth: 'none', body: 'none',
    input: NoInputSchema, output: v.array(MentorSchema), data: 'sessionUsers',
  }),
  registerMentor: defineCall({
    service: 'mentorship', method: 'POST', path: '/session-users/register-mentor', auth: 'token', body: 'multipart', files: MENTOR_FILES,
    input: MentorCreateSchema, output: MessageSchema,
  }),
  updateMentor: defineCall({
    service: 'mentorship', method: 'PUT', path: '/session-users/{id}', auth: 'token', body: 'multipart', files: MENTOR_FILES,
    input: MentorUpdateSchema, output: MessageSchema,
    record: recordById((): CallDef => mentorship.sessionUsers, MentorSchema),
  }),
  deleteMentor: defineCall({
    service: 'mentorship', method: 'DELETE', path: '/session-users/{id}', auth: 'token+x-access-token', body: 'none',
    input: MentorIdSchema, output: MessageSchema,
    record: recordById((): CallDef => mentorship.sessionUsers, MentorSchema),
    restore: { never: 'A deleted mentor cannot be brought back: their picture and video would have to be uploaded again. Add them again.' },
  }),
};
