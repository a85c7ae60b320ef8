import { randomUUID } from 'node:crypto';
import { ENGAGEMENT_MSG as M, ENGAGEMENT_TEXT as T } from '../../src/shared/engagement-messages';
import type { Mentor } from '../../src/shared/schemas/mentors';
import { AUTHOR_COLUMNS, authorJoins, authoredMeta, checkIdsExist, type AuthoredRow } from '../authored';
import type { HandlerContext, ServiceHandlers } from '../context';
import { isUniqueViolation, type Queryable } from '../db';
import { HttpError } from '../http-error';
import { commitUpload, isImage, isVideo, STORED_MEDIA, storedUrl } from '../media';

interface MentorRow extends AuthoredRow {
  id: string;
  user_no: number;
  name: string;
  designation: string;
  keywords: string[];
  mentor_bio: string;
  business_ideas: string[];
  languages: Mentor['language'];
  email: string;
  mobile_number: string;
  organisation: string;
  mentor_fee: string | number;
  internal_bio: string;
  profile_stored: string | null;
  profile_url: string;
  video_stored: string | null;
  video_url: string;
}

function toMentor(row: MentorRow, ctx: HandlerContext): Mentor {
  const now = ctx.now();
  const stored = (name: string | null) => (name ? storedUrl(ctx.origin, STORED_MEDIA.mentorship, ctx.media, name, now) : '');
  return {
    _id: row.id,
    id: Number(row.user_no),
    name: row.name,
    designation: row.designation,
    keywords: row.keywords,
    mentorBio: row.mentor_bio,
    businessIdeas: row.business_ideas,
    language: row.languages,
    email: row.email,
    mobileNumber: row.mobile_number,
    organisation: row.organisation,
    mentorFee: Number(row.mentor_fee),
    internalBio: row.internal_bio,
    profilePicture: stored(row.profile_stored) || row.profile_url,
    mentorVideo: stored(row.video_stored),
    mentorShortVideoUrl: row.video_stored ? '' : row.video_url,
    metaInfo: authoredMeta(row),
  };
}

interface MentorFields {
  name: string;
  designation: string;
  keywords: string[];
  mentorBio: string;
  businessIdeas: string[];
  language: string[];
  email: string;
  mobileNumber: string;
  organisation: string;
  mentorFee: number;
  internalBio: string;
}

/** Shared by create and edit: the chosen groups and ideas exist, the email is free, the files are of their kind. */
async function checkMentor(q: Queryable, input: MentorFields, ctx: HandlerContext, selfId: string | null): Promise<void> {
  const { profilePicture, mentorVideo } = ctx.uploads;
  if (profilePicture && !(await isImage(profilePicture))) throw new HttpError(400, T.notAnImage);
  if (mentorVideo && !isVideo(mentorVideo)) throw new HttpError(400, T.notAVideo);
  await checkIdsExist(q, 'synonym_groups', input.keywords, 'groups');
  await checkIdsExist(q, 'business_ideas', input.businessIdeas, 'business ideas');
  const [clash] = await q.query(`SELECT 1 FROM session_users WHERE lower(email) = lower($1) AND id <> $2`, [input.email, selfId ?? '']);
  if (clash) throw new HttpError(409, T.mentorEmailTaken);
}

const fieldParams = (m: MentorFields) => [
  m.name, m.designation, JSON.stringify(m.keywords), m.mentorBio, JSON.stringify(m.businessIdeas), JSON.stringify(m.language),
  m.email, m.mobileNumber, m.organisation, m.mentorFee, m.internalBio,
];

/** Runs a write that places files; on failure the placed files go again, so nothing half-done remains. */
async function withPlaced<T>(ctx: HandlerContext, write: (placed: string[]) => Promise<T>): Promise<T> {
  const placed: string[] = [];
  try {
    return await write(placed);
  } catch (error) {
    await Promise.all(placed.map((name) => ctx.media.remove(name)));
    throw isUniqueViolation(error) ? new HttpError(409, T.mentorEmailTaken) : error;
  }
}

/** Mentors: session users (spec 2 section 7, mentorship service). */
export const mentorHandlers: Pick<ServiceHandlers<'mentorship'>, 'sessionUsers' | 'registerMentor' | 'updateMentor' | 'deleteMentor'> = {
  async sessionUsers(_input, ctx) {
    const rows = await ctx.db.query<MentorRow>(`SELECT u.*, ${AUTHOR_COLUMNS} FROM session_users u ${authorJoins('u')} ORDER BY u.updated_at DESC, u.user_no DESC`);
    return { sessionUsers: rows.map((row) => toMentor(row, ctx)) };
  },

  async registerMentor(input, ctx) {
    const { profilePicture, mentorVideo } = ctx.uploads;
    // The schema asks for both; a request that named them but sent no file part is refused here.
    if (!profilePicture) throw new HttpError(400, M.uploadProfilePicture);
    if (!mentorVideo) throw new HttpError(400, M.enterNewVideo);
    const id = randomUUID();
    const now = ctx.now().toISOString();
    await withPlaced(ctx, (placed) =>
      ctx.db.transaction(async (tx) => {
        await checkMentor(tx, input, ctx, null);
        const picture = await commitUpload(ctx.media, profilePicture, id, placed);
        const video = await commitUpload(ctx.media, mentorVideo, id, placed);
        await tx.query(
          `INSERT INTO session_users (id, name, designation, keywords, mentor_bio, business_ideas, languages, email, mobile_number,
             organisation, mentor_fee, internal_bio, profile_stored, video_stored, created_at, created_by, updated_at, updated_by)
           VALUES ($1, $2, $3, $4::jsonb, $5, $6::jsonb, $7::jsonb, $8, $9, $10, $11, $12, $13, $14, $15, $16, $15, $16)`,
          [id, ...fieldParams(input), picture, video, now, ctx.admin?.id ?? null],
        );
      }),
    );
    return { message: T.mentorAdded };
  },

  async updateMentor(input, ctx) {
    const { profilePicture, mentorVideo } = ctx.uploads;
    let stale: (string | null)[] = [];
    await withPlaced(ctx, (placed) =>
      ctx.db.transaction(async (tx) => {
        const [row] = await tx.query<MentorRow>(`SELECT * FROM session_users WHERE id = $1 FOR UPDATE`, [input.id]);
        if (!row) throw new HttpError(404, T.mentorNotFound);
        await checkMentor(tx, input, ctx, row.id);
        // Url mode: the link replaces any stored video. Upload mode: a new file, else the stored one.
        const byUrl = input.fileType === 'url';
        if (!byUrl && !mentorVideo && !row.video_stored) throw new HttpError(400, M.enterNewVideo);
        const picture = profilePicture ? await commitUpload(ctx.media, profilePicture, row.id, placed) : row.profile_stored;
        const video = byUrl ? null : mentorVideo ? await commitUpload(ctx.media, mentorVideo, row.id, placed) : row.video_stored;
        await tx.query(
          `UPDATE session_users SET name = $2, designation = $3, keywords = $4::jsonb, mentor_bio = $5, business_ideas = $6::jsonb,
             languages = $7::jsonb, email = $8, mobile_number = $9, organisation = $10, mentor_fee = $11, internal_bio = $12,
             profile_stored = $13, profile_url = $14, video_stored = $15, video_url = $16, updated_at = $17, updated_by = $18
           WHERE id = $1`,
          [
            row.id, ...fieldParams(input), picture, picture ? '' : row.profile_url, video, byUrl ? input.fileUrl : '',
            ctx.now().toISOString(), ctx.admin?.id ?? null,
          ],
        );
        stale = [picture !== row.profile_stored ? row.profile_stored : null, video !== row.video_stored ? row.video_stored : null];
      }),
    );
    // Replaced files go only after the new row is committed.
    await Promise.all(stale.map((name) => ctx.media.remove(name)));
    return { message: T.mentorUpdated };
  },

  async deleteMentor({ id }, ctx) {
    const [row] = await ctx.db.transaction(async (tx) => {
      const attends = await mentorEventCount(tx, id);
      if (attends > 0) throw new HttpError(409, T.mentorInEvents(attends));
      return tx.query<{ profile_stored: string | null; video_stored: string | null }>(
        `DELETE FROM session_users WHERE id = $1 RETURNING profile_stored, video_stored`,
        [id],
      );
    });
    if (!row) throw new HttpError(404, T.mentorNotFound);
    await ctx.media.remove(row.profile_stored);
    await ctx.media.remove(row.video_stored);
    return { message: T.mentorDeleted };
  },
};

/**
 * How many events list the mentor as an attendee. An event needs its mentors (spec 2 section 5), so a
 * mentor who attends one is not deleted until the event is changed or removed.
 */
async function mentorEventCount(q: Queryable, mentorId: string): Promise<number> {
  const [row] = await q.query<{ n: string | number }>(`SELECT count(*) AS n FROM sessions WHERE attendees ? $1`, [mentorId]);
  return Number(row?.n ?? 0);
}
