import { randomBytes, randomUUID } from 'node:crypto';
import { ENGAGEMENT_TEXT as T } from '../../src/shared/engagement-messages';
import { minutesBetween, type Session } from '../../src/shared/schemas/sessions';
import { AUTHOR_COLUMNS, authorJoins, authoredMeta, checkIdsExist, type AuthoredRow } from '../authored';
import type { HandlerContext, ServiceHandlers } from '../context';
import type { Queryable } from '../db';
import { HttpError } from '../http-error';
import { commitUpload, isImage, STORED_MEDIA, storedUrl } from '../media';

/** The role names join links are made for (one link per role, spec 2 section 6). */
export const SESSION_ROLES = ['host', 'mentor', 'learner'] as const;

interface SessionRow extends AuthoredRow {
  id: string;
  session_no: number;
  session_id: string;
  event_name: string;
  description: string;
  keywords: string[];
  business_ideas: string[];
  language: Session['language'];
  level: number;
  date_text: string;
  start_time: string;
  end_time: string;
  duration: number;
  visibility: string;
  thumbnail_stored: string | null;
  thumbnail_url: string;
  attendees: string[];
  email: string;
  mobile_number: string;
  organisation: string;
  designation: string;
}

function toSession(row: SessionRow, ctx: HandlerContext): Session {
  return {
    _id: row.id,
    id: Number(row.session_no),
    sessionId: row.session_id,
    eventName: row.event_name,
    description: row.description,
    keywords: row.keywords,
    businessIdeas: row.business_ideas,
    language: row.language,
    level: row.level,
    startTime: row.start_time,
    endTime: row.end_time,
    date: row.date_text,
    duration: row.duration,
    eventDuration: row.duration,
    visibility: row.visibility,
    thumbnail: row.thumbnail_stored ? storedUrl(ctx.origin, STORED_MEDIA.mentorship, ctx.media, row.thumbnail_stored, ctx.now()) : row.thumbnail_url,
    attendees: row.attendees,
    email: row.email,
    mobileNumber: row.mobile_number,
    organisation: row.organisation,
    designation: row.designation,
    metaInfo: authoredMeta(row),
  };
}

interface SessionFields {
  eventName: string;
  description: string;
  keywords: string[];
  startTime: string;
  endTime: string;
  eventDate: string;
  businessIdeas: string[];
  language: string;
  email: string;
  mobileNumber: string;
  organisation: string;
  designation: string;
  attendees: string[];
  level: number;
}

/** D-MM-YYYY as the ISO date PostgreSQL stores. */
const isoDate = (text: string): string => {
  const [d, m, y] = text.split('-');
  return `${y}-${m}-${d!.padStart(2, '0')}`;
};

/**
 * The checks the database needs (chosen ids exist, the image is one) and the row's values: the
 * duration computed from the times, blank contact details taken from the first mentor.
 */
async function prepare(q: Queryable, input: SessionFields, ctx: HandlerContext): Promise<unknown[]> {
  if (ctx.uploads.thumbnail && !(await isImage(ctx.uploads.thumbnail))) throw new HttpError(400, T.imageNotImage);
  await checkIdsExist(q, 'synonym_groups', input.keywords, 'groups');
  await checkIdsExist(q, 'business_ideas', input.businessIdeas, 'business ideas');
  await checkIdsExist(q, 'session_users', input.attendees, 'mentors');
  const [mentor] = await q.query<{ email: string; mobile_number: string; organisation: string; designation: string }>(
    `SELECT email, mobile_number, organisation, designation FROM session_users WHERE id = $1`,
    [input.attendees[0]],
  );
  return [
    input.eventName, input.description, JSON.stringify(input.keywords), JSON.stringify(input.businessIdeas), input.language,
    input.level, isoDate(input.eventDate), input.startTime, input.endTime, minutesBetween(input.startTime, input.endTime),
    JSON.stringify(input.attendees), input.email || mentor?.email || '', input.mobileNumber || mentor?.mobile_number || '',
    input.organisation || mentor?.organisation || '', input.designation || mentor?.designation || '',
  ];
}

/** Events (sessions, spec 2 section 7, mentorship service). */
export const sessionHandlers: Pick<ServiceHandlers<'mentorship'>, 'sessions' | 'addSession' | 'updateSession' | 'deleteSession'> = {
  async sessions(_input, ctx) {
    const rows = await ctx.db.query<SessionRow>(
      `SELECT s.*, to_char(s.event_date, 'FMDD-MM-YYYY') AS date_text, ${AUTHOR_COLUMNS}
       FROM sessions s ${authorJoins('s')} ORDER BY s.event_date DESC, s.start_time DESC, s.session_no DESC`,
    );
    return { session: rows.map((row) => toSession(row, ctx)), roles: [...SESSION_ROLES] };
  },

  async addSession(input, ctx) {
    const id = randomUUID();
    const now = ctx.now().toISOString();
    const placed: string[] = [];
    try {
      await ctx.db.transaction(async (tx) => {
        const values = await prepare(tx, input, ctx);
        const thumbnail = ctx.uploads.thumbnail ? await commitUpload(ctx.media, ctx.uploads.thumbnail, id, placed) : null;
        await tx.query(
          `INSERT INTO sessions (id, session_id, event_name, description, keywords, business_ideas, language, level, event_date,
             start_time, end_time, duration, attendees, email, mobile_number, organisation, designation, thumbnail_stored,
             created_at, created_by, updated_at, updated_by)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15, $16, $17, $18, $19, $20, $19, $20)`,
          [id, randomBytes(12).toString('hex'), ...values, thumbnail, now, ctx.admin?.id ?? null],
        );
      });
    } catch (error) {
      await Promise.all(placed.map((name) => ctx.media.remove(name)));
      throw error;
    }
    return { message: T.eventAdded };
  },

  async updateSession(input, ctx) {
    const placed: string[] = [];
    let stale: string | null = null;
    try {
      await ctx.db.transaction(async (tx) => {
        const [row] = await tx.query<{ thumbnail_stored: string | null; thumbnail_url: string }>(
          `SELECT thumbnail_stored, thumbnail_url FROM sessions WHERE id = $1 FOR UPDATE`,
          [input.id],
        );
        if (!row) throw new HttpError(404, T.eventNotFound);
        const values = await prepare(tx, input, ctx);
        const upload = ctx.uploads.thumbnail;
        const thumbnail = upload ? await commitUpload(ctx.media, upload, input.id, placed) : input.removeThumbnail ? null : row.thumbnail_stored;
        const link = upload || input.removeThumbnail ? '' : row.thumbnail_url;
        await tx.query(
          `UPDATE sessions SET event_name = $2, description = $3, keywords = $4::jsonb, business_ideas = $5::jsonb, language = $6,
             level = $7, event_date = $8, start_time = $9, end_time = $10, duration = $11, attendees = $12::jsonb, email = $13,
             mobile_number = $14, organisation = $15, designation = $16, thumbnail_stored = $17, thumbnail_url = $18,
             updated_at = $19, updated_by = $20
           WHERE id = $1`,
          [input.id, ...values, thumbnail, link, ctx.now().toISOString(), ctx.admin?.id ?? null],
        );
        stale = thumbnail !== row.thumbnail_stored ? row.thumbnail_stored : null;
      });
    } catch (error) {
      await Promise.all(placed.map((name) => ctx.media.remove(name)));
      throw error;
    }
    // The replaced image goes only after the new row is committed.
    await ctx.media.remove(stale);
    return { message: T.eventUpdated };
  },

  async deleteSession({ id }, ctx) {
    const [row] = await ctx.db.query<{ thumbnail_stored: string | null }>(`DELETE FROM sessions WHERE id = $1 RETURNING thumbnail_stored`, [id]);
    if (!row) throw new HttpError(404, T.eventNotFound);
    await ctx.media.remove(row.thumbnail_stored);
    return { message: T.eventDeleted };
  },
};
