import * as v from 'valibot';
import { LANGUAGES } from '../constants';
import { ENGAGEMENT_MSG as M, ENGAGEMENT_TEXT as T } from '../engagement-messages';
import { MSG } from '../messages';
import { EMAIL_PATTERN, INDIAN_MOBILE_PATTERN } from './admin-auth';
import { IdSchema } from './common';
import { optionalText, requiredIds, requiredPick, requiredText } from './fields';
import { FileRefSchema, UploadIdSchema } from './library';
import { AuthoredMetaSchema } from './meta';

/** Limits and formats of spec 2 sections 5 and 9. */
export const EVENT_TITLE_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 2000;
/**
 * Letters (of any script, with their combining marks: titles are written in the platform's languages),
 * digits, period, underscore, colon, apostrophe, space, plus and hyphen.
 */
export const EVENT_TITLE_PATTERN = /^[\p{L}\p{M}\p{Nd}._:' +-]*$/u;
/** D-MM-YYYY: the day without a leading zero, the month with one. */
export const EVENT_DATE_PATTERN = /^([1-9]|[12]\d|3[01])-(0[1-9]|1[0-2])-(\d{4})$/;
/** HH:mm, 24 hours. */
export const EVENT_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const EVENT_LEVELS = [1, 2, 3, 4, 5, 6, 7] as const;
/**
 * Where join links point unless the settings name another meeting provider: `<base>/<sessionId>/<role>`
 * (the preview address of a meeting provider, spec 2 section 9; the exact address is not shown).
 */
export const DEFAULT_MEETING_PREVIEW_BASE = 'https://meet.example.com/preview';

/** An event (session, spec 2 section 3). `duration` and `eventDuration` are both minutes. */
export const SessionSchema = v.object({
  _id: IdSchema,
  id: v.number(),
  /** The meeting room the join links open. */
  sessionId: v.string(),
  eventName: v.string(),
  description: v.string(),
  keywords: v.array(IdSchema),
  businessIdeas: v.array(IdSchema),
  language: v.picklist(LANGUAGES),
  level: v.number(),
  startTime: v.string(),
  endTime: v.string(),
  /** D-MM-YYYY */
  date: v.string(),
  duration: v.number(),
  eventDuration: v.optional(v.number()),
  visibility: v.optional(v.string(), 'Public'),
  thumbnail: v.optional(v.string(), ''),
  /** Mentor ids. */
  attendees: v.array(IdSchema),
  email: v.optional(v.string(), ''),
  mobileNumber: v.optional(v.string(), ''),
  organisation: v.optional(v.string(), ''),
  designation: v.optional(v.string(), ''),
  metaInfo: AuthoredMetaSchema,
});
export type Session = v.InferOutput<typeof SessionSchema>;

/** GET /sessions/get-all-sessions-for-admin: the events and the role names join links are made for. */
export const SessionListSchema = v.object({ session: v.array(SessionSchema), roles: v.array(v.string()) });
export type SessionList = v.InferOutput<typeof SessionListSchema>;

/** Minutes from start to end ('HH:mm' each); NaN when either is not a time. */
export function minutesBetween(startTime: string, endTime: string): number {
  if (!EVENT_TIME_PATTERN.test(startTime) || !EVENT_TIME_PATTERN.test(endTime)) return Number.NaN;
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return minutes(endTime) - minutes(startTime);
}

/** '1 hr 30 min', '45 min', '2 hr': the duration tag of the events list. */
export function formatEventDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h > 0 ? `${h} hr` : '', m > 0 || h === 0 ? `${m} min` : ''].filter(Boolean).join(' ');
}

/** Whether D-MM-YYYY names a real day (no 31-02-2027). */
export function isEventDate(text: string): boolean {
  const m = EVENT_DATE_PATTERN.exec(text);
  if (!m) return false;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** One join link per role of the server's roles list (spec 2 section 6). */
export function eventJoinLinks(previewBase: string, sessionId: string, roles: readonly string[]): { role: string; url: string }[] {
  const base = previewBase.replace(/\/+$/, '');
  return roles.map((role) => ({ role, url: `${base}/${encodeURIComponent(sessionId)}/${encodeURIComponent(role)}` }));
}

const optionalEmail = v.pipe(v.optional(v.string(MSG.enterValidEmail), ''), v.trim(), v.check((s) => s === '' || (s.length <= 254 && EMAIL_PATTERN.test(s)), MSG.enterValidEmail));
const optionalMobile = v.pipe(v.optional(v.string(MSG.enterValidPhone), ''), v.trim(), v.check((s) => s === '' || INDIAN_MOBILE_PATTERN.test(s), MSG.enterValidPhone));

const fields = {
  eventName: v.pipe(requiredText(M.enterEventTitle, EVENT_TITLE_MAX, T.eventTitleTooLong), v.regex(EVENT_TITLE_PATTERN, M.specialCharacters)),
  description: requiredText(M.enterEventDescription, EVENT_DESCRIPTION_MAX, T.eventDescriptionTooLong),
  keywords: requiredIds(M.addGroups, 100),
  startTime: v.pipe(requiredText(M.enterStartTime, 5, T.timeFormat), v.regex(EVENT_TIME_PATTERN, T.timeFormat)),
  endTime: v.pipe(requiredText(M.enterEndTime, 5, T.timeFormat), v.regex(EVENT_TIME_PATTERN, T.timeFormat)),
  /** Minutes; computed from the times. When sent it must agree with them. */
  eventDuration: v.optional(v.pipe(v.number(T.durationMismatch), v.integer(T.durationMismatch))),
  eventDate: v.pipe(requiredText(M.enterEventDate, 10, T.dateFormat), v.check(isEventDate, T.dateFormat)),
  businessIdeas: requiredIds(M.selectBusinessIdeaForVideo, 500),
  language: requiredPick(LANGUAGES, M.selectLanguage),
  /** Contact details of the event; blank ones are taken from the first mentor. */
  email: optionalEmail,
  mobileNumber: optionalMobile,
  organisation: optionalText(200, T.fieldTooLong('The organisation', 200)),
  designation: optionalText(200, T.fieldTooLong('The designation', 200)),
  /** Mentor ids (the attendees). */
  attendees: requiredIds(T.selectMentors, 50),
  level: v.pipe(v.optional(v.number(M.selectLevel), 0), v.integer(M.selectLevel), v.minValue(1, M.selectLevel), v.maxValue(7, M.selectLevel)),
  /** The thumbnail image: a grant id, optional (null: the field was emptied). */
  thumbnail: v.nullish(FileRefSchema),
  uploadId: v.optional(UploadIdSchema),
};

/**
 * The rules between fields: start before end; a sent duration agrees with the times. They run even when
 * other fields have issues (like partial checks), so a form shows every message in one round.
 */
const timeRules = <T>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    const event = dataset.value as Record<string, unknown>;
    const { startTime, endTime, eventDuration } = event;
    if (typeof startTime !== 'string' || typeof endTime !== 'string') return;
    const minutes = minutesBetween(startTime.trim(), endTime.trim());
    if (Number.isNaN(minutes)) return;
    const at = (key: string): [v.ObjectPathItem] => [{ type: 'object', origin: 'value', input: event, key, value: event[key] }];
    if (minutes <= 0) addIssue({ message: M.startAfterEnd, path: at('startTime') });
    else if (typeof eventDuration === 'number' && eventDuration !== minutes) addIssue({ message: T.durationMismatch, path: at('eventDuration') });
  });

/** POST /sessions (multipart). */
const CreateObject = v.object(fields);
export const SessionCreateSchema = v.pipe(CreateObject, timeRules<v.InferOutput<typeof CreateObject>>());
export type SessionCreateInput = v.InferInput<typeof SessionCreateSchema>;

/** PUT /sessions/{id} (multipart): the same fields; a new thumbnail replaces the stored one, removeThumbnail drops it. */
const UpdateObject = v.object({ id: IdSchema, ...fields, removeThumbnail: v.optional(v.boolean(), false) });
export const SessionUpdateSchema = v.pipe(UpdateObject, timeRules<v.InferOutput<typeof UpdateObject>>());
export type SessionUpdateInput = v.InferInput<typeof SessionUpdateSchema>;

export const SessionIdSchema = v.object({ id: IdSchema });
